/**
 * Issue 48.1: before a register default may fail a target, the entry says which readings of the text
 * and which defaults of common stacks (Node http/Express, Go net/http, Java HttpServer/Servlet/Spring with
 * Jackson, ASP.NET Core, Python WSGI/ASGI with pydantic, nginx or Envoy in front) were considered, in its
 * "stacks" field. A default whose text can fail (it says "fail" or "failure") without it fails this test.
 */
import { describe, expect, it } from "vitest";
import { AMBIGUITY_REGISTER, type AmbiguityEntry } from "../../../contract/ambiguityRegister.js";

/**
 * Entries another branch of issue 48 fills (creds: the credential entries; search: search semantics,
 * value shapes, URLs and nulls in responses). Filled on branches creds/search; remove when merged.
 */
const FILLED_ON_OTHER_BRANCHES: ReadonlySet<string> = new Set([
  "search-match-mode",
  "search-i18n-key",
  "value-shapes",
  "chart-category-non-gauge",
  "list-get-consistency",
]);

/** True when the entry's default can give a failing verdict. */
const canFail = (entry: AmbiguityEntry) => /\bfail/i.test(entry.default);

/** The ids of the entries whose default can fail and that say nothing of the stacks considered. */
function entriesWithoutStacks(entries: readonly AmbiguityEntry[]): string[] {
  return entries.filter((entry) => canFail(entry) && !entry.stacks?.trim()).map((entry) => entry.id);
}

describe("the register's failing defaults weigh common stacks (issue 48.1)", () => {
  it("gives every entry whose default can fail a 'stacks' field", () => {
    const missing = entriesWithoutStacks(AMBIGUITY_REGISTER).filter((id) => !FILLED_ON_OTHER_BRANCHES.has(id));
    expect(missing, "entries whose default can fail but say nothing of the stacks considered").toEqual([]);
  });

  it("lists in FILLED_ON_OTHER_BRANCHES only entries of the register that can fail and still lack 'stacks'", () => {
    const known = new Map(AMBIGUITY_REGISTER.map((entry) => [entry.id, entry]));
    for (const id of FILLED_ON_OTHER_BRANCHES) {
      const entry = known.get(id);
      expect(entry, `${id} is no entry of the register`).toBeDefined();
      expect(canFail(entry as AmbiguityEntry), `${id} cannot fail: drop it from the list`).toBe(true);
    }
  });

  it("names an entry whose default says it fails and has no stacks, and passes one that has them", () => {
    const entry = { id: "e", question: "Q", sections: ["7"], default: "A 5xx is a failure.", why: "W", strict: "S" };
    expect(entriesWithoutStacks([entry])).toEqual(["e"]);
    expect(entriesWithoutStacks([{ ...entry, stacks: "Node, Go, Spring: all 4xx." }])).toEqual([]);
    expect(entriesWithoutStacks([{ ...entry, stacks: " " }])).toEqual(["e"]);
    expect(entriesWithoutStacks([{ ...entry, default: "A refusal is a warning." }])).toEqual([]);
  });
});
