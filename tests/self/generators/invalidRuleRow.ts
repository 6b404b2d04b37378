/** An invalid rule as one line (rule | register entry | expectation | target | description), for whole-table assertions. */
import type { InvalidRule } from "../../../generators/_internals/deriveInvalidRules.js";

/** The rule's line; a target is `raw`, or its JSON path with `delete`, `fn` (a function of the current value) or `arb`. */
export function invalidRuleRow(rule: InvalidRule): string {
  const t = rule.target;
  const target =
    t.kind === "raw"
      ? "raw"
      : `${JSON.stringify(t.at)} ${t.value === "delete" ? "delete" : typeof t.value === "function" ? "fn" : "arb"}`;
  return `${rule.rule} | ${rule.registerEntry} | ${rule.expectation} | ${target} | ${rule.description}`;
}
