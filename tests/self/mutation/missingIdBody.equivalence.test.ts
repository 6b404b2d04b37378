/**
 * Proof of the claim in checks/errorsChecks.ts (errors.missing-id-400): the session sends {} when given no
 * body, so asking it for `{ json: {} }` or for nothing sends the same request and gets the same verdict.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../runner/engine/Judgement.js";
import { TargetSession } from "../../../runner/engine/TargetSession.js";
import { READS } from "../../../checks/_internals/judges/forEachRead.js";
import { ScriptedClient, testSettings, type FakeAnswer } from "../runner/engine/engineDoubles.js";
import { sideBySide } from "./sideBySide.js";

type ErrorsModule = typeof import("../../../checks/errorsChecks.js");

const { original, mutant } = await sideBySide<ErrorsModule>({
  file: "checks/errorsChecks.ts",
  mutator: "ObjectLiteral",
  at: "{ json: {} });\n      if (!answered(judge, label, exchange)) return;",
});

const answer = fc.record({
  status: fc.constantFrom(200, 400, 401, 404, 422, 500),
  json: fc.constantFrom<unknown>({}, { message: "m", errorCode: "e", reason: "BAD_REQUEST", domain: "platform", service: "cms" }),
});

/** The requests sent and the verdict of errors.missing-id-400 of `module` against one scripted answer. */
async function judged(module: ErrorsModule, operation: (typeof READS)[number], scripted: FakeAnswer) {
  const check = module.errorsChecks.find((candidate) => candidate.id === "errors.missing-id-400");
  if (!check) throw new Error("errors.missing-id-400 is not in errorsChecks");
  const client = new ScriptedClient(() => scripted);
  const target = new TargetSession(testSettings(), client);
  const judge = new Judgement("default");
  await check.run({ operation, target, judge, seed: 1 });
  return { sent: client.sent, verdict: judge.verdict() };
}

describe("errors.missing-id-400's body written out or left to the session (ObjectLiteral)", () => {
  it("sends the same request and reaches the same verdict on each read, whatever the answer", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READS), answer, async (operation, scripted) => {
        const [expected, actual] = await Promise.all([judged(original, operation, scripted), judged(mutant, operation, scripted)]);
        expect(actual).toEqual(expected);
        expect(expected.sent[0]?.body).toEqual({ json: {} });
      }),
      { numRuns: 60 },
    );
  });
});
