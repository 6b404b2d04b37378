/**
 * Proofs of the claims in checks/_internals/requests/runProperty.ts: once a property has ended (an example
 * without a complete answer), what the property answers fast-check for the later examples, and the fallback
 * wording of the end, change nothing a run reports. Original and mutant run the same scenarios, drawn over
 * every kind of example (passing, failing, unjudged, incomplete, a gateway's page); their verdicts and counts
 * must be equal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../runner/engine/Judgement.js";
import type { ExampleVerdict } from "../../../checks/_internals/requests/runProperty.js";
import { fakeExchange } from "../runner/engine/engineDoubles.js";
import { sideBySide, type MutantSpec } from "./sideBySide.js";

type RunPropertyModule = typeof import("../../../checks/_internals/requests/runProperty.js");

const FILE = "checks/_internals/requests/runProperty.ts";

/** The claims, each as the text StrykerJS replaces and what it puts there. */
const CLAIMS: readonly MutantSpec[] = [
  { file: FILE, mutator: "BooleanLiteral", at: "true; // the property has ended" },
  { file: FILE, mutator: "BooleanLiteral", at: "true;\n      }\n      const trouble" },
  { file: FILE, mutator: "BooleanLiteral", at: "true;\n      }\n      if (!verdict.ok) lastFailure" },
  { file: FILE, mutator: "StringLiteral", at: '"no response"' },
];

type Kind = "ok" | "fail" | "unjudged" | "timeout" | "gateway" | "rate-limited";

/** The verdict of an example of `kind`; `value` tells examples apart. */
function verdictOf(kind: Kind, value: number): ExampleVerdict {
  if (kind === "ok") return { ok: true };
  if (kind === "unjudged")
    return { ok: "unjudged", reason: `unjudged ${value}`, exchange: fakeExchange({ status: 429, json: {} }) };
  const exchange =
    kind === "fail"
      ? fakeExchange({ status: 500, json: { value } })
      : kind === "timeout"
        ? fakeExchange({ noResponse: true, failure: { kind: "timeout", message: `timed out ${value}` } })
        : kind === "gateway"
          ? fakeExchange({ status: 502, text: `<html>bad gateway ${value}</html>` })
          : fakeExchange({ status: 429, text: "slow down" });
  return { ok: false, message: `${value} failed`, expected: "below 10", actual: String(value), exchange };
}

const scenario = fc.record({
  kinds: fc.array(fc.constantFrom<Kind>("ok", "ok", "fail", "unjudged", "timeout", "gateway", "rate-limited"), {
    minLength: 1,
    maxLength: 12,
  }),
  seed: fc.integer(),
  numRuns: fc.integer({ min: 1, max: 15 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Runs one scenario on one module: the verdict and the count it returns. */
async function run(module: RunPropertyModule, { kinds, seed, numRuns }: Scenario) {
  const judge = new Judgement("default");
  let calls = 0;
  const runs = await module.runProperty(
    judge,
    "generated",
    fc.integer({ min: 0, max: 1000 }),
    async (value) => verdictOf(kinds[calls++ % kinds.length] as Kind, value),
    { seed, numRuns },
  );
  return { runs, verdict: judge.verdict() };
}

describe.each(CLAIMS.map((claim) => [`${claim.mutator} at ${JSON.stringify(claim.at.split("\n")[0])}`, claim] as const))(
  "runProperty once ended (%s)",
  (_name, claim) => {
    it("reports the same verdict and count as the original for every scenario", async () => {
      const { original, mutant } = await sideBySide<RunPropertyModule>(claim);
      await fc.assert(
        fc.asyncProperty(scenario, async (drawn) => {
          const [expected, actual] = await Promise.all([run(original, drawn), run(mutant, drawn)]);
          expect(actual).toEqual(expected);
        }),
        { numRuns: 150 },
      );
    });
  },
);

it("the scenarios end properties in every way (the comparison sees each path)", async () => {
  const { original } = await sideBySide<RunPropertyModule>(CLAIMS[0] as MutantSpec);
  const outcomes = new Set<string>();
  for (const kinds of [["ok"], ["fail"], ["unjudged"], ["timeout"], ["ok", "gateway"]] as Kind[][])
    outcomes.add((await run(original, { kinds, seed: 1, numRuns: 5 })).verdict.outcome);
  expect([...outcomes].sort()).toEqual(["error", "failed", "passed"]);
});
