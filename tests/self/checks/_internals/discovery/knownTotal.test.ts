/** knownTotal.ts: a listing's totalElements as discovery saw it, or a visible skip or note. */
import { describe, expect, it } from "vitest";
import { knownTotal } from "../../../../../checks/_internals/discovery/knownTotal.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

function contextOn(answer: Parameters<typeof scriptedSession>[0]) {
  const { session } = scriptedSession(answer);
  return { target: session, operation: "listFactoryDefaultWidgets" as const, judge: new Judgement("default"), seed: 1 };
}

describe("knownTotal", () => {
  it("returns the total and the walk discovery made", async () => {
    const context = contextOn(smallTarget(4));
    const known = await knownTotal(context);
    expect(known?.total).toBe(4);
    expect(known?.walk.items).toHaveLength(4);
    expect(context.judge.verdict().outcome).toBe("passed");
  });

  it("skips the check when the main user's listing cannot be read", async () => {
    const context = contextOn(() => ({ status: 500, text: "down" }));
    expect(await knownTotal(context)).toBeUndefined();
    expect(context.judge.verdict()).toMatchObject({
      outcome: "skipped",
      skipReason: expect.stringMatching(
        /^the listing's first page could not be read \(.+\); see schema\.response-body and http\.valid-request-ok\.$/,
      ) as string,
    });
  });

  it("only notes, for the restricted user, that the rule was judged for the main user", async () => {
    const context = contextOn(() => ({ status: 403, json: {} }));
    expect(await knownTotal(context, "restricted")).toBeUndefined();
    expect(context.judge.verdict()).toMatchObject({
      outcome: "passed",
      message: expect.stringMatching(
        /^The restricted user's listing could not be read \(.+\); judged for the main user only\.$/,
      ) as string,
    });
  });
});
