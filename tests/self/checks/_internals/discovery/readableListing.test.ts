/** readableListing.ts: the unfiltered listing a search check judges against, or a visible skip. */
import { describe, expect, it } from "vitest";
import { readableListing } from "../../../../../checks/_internals/discovery/readableListing.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

describe("readableListing", () => {
  it("returns the discovered listing when its totals could be read", async () => {
    const { session } = scriptedSession(smallTarget(3));
    const judge = new Judgement("default");
    const full = await readableListing({ target: session, operation: "listFactoryDefaultWidgets", judge, seed: 1 });
    expect(full).toMatchObject({ totalElements: 3, complete: true });
    expect(judge.verdict().outcome).toBe("passed");
  });

  it("skips, naming the checks that judge the listing, when not even its first page could be read", async () => {
    const { session } = scriptedSession(() => ({ status: 500, text: "down" }));
    const judge = new Judgement("default");
    const full = await readableListing({ target: session, operation: "listLandingPages", judge, seed: 1 });
    expect(full).toBeUndefined();
    expect(judge.verdict()).toMatchObject({
      outcome: "skipped",
      skipReason: expect.stringMatching(
        /^the unfiltered listing could not be read \(.+\); see schema\.response-body and http\.valid-request-ok\.$/,
      ) as string,
    });
  });
});
