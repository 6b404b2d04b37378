/** fetchOrFail.ts: a listing page that must be a 200 listing with totals (§4.1, §4.2). */
import { describe, expect, it } from "vitest";
import { fetchOrFail } from "../../../../../checks/_internals/judges/fetchOrFail.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

async function fetched(answer: (request: OutgoingRequest) => FakeAnswer) {
  const { session } = scriptedSession(answer);
  const judge = new Judgement("default");
  const page = await fetchOrFail(session, judge, "listFactoryDefaultWidgets", {
    pagination: { pageNumber: 0, pageSize: 2 },
  });
  return { page, verdict: judge.verdict() };
}

describe("fetchOrFail", () => {
  it("returns a 200 listing and records nothing", async () => {
    const { page, verdict } = await fetched(smallTarget(3));
    expect(page?.page).toMatchObject({ totalElements: 3, items: [{ id: "widget://t/w0" }, { id: "widget://t/w1" }] });
    expect(verdict.outcome).toBe("passed");
  });

  it("fails a 200 that is not a listing with totals, and returns undefined", async () => {
    const { page, verdict } = await fetched(() => ({ status: 200, json: { widgets: [] } }));
    expect(page).toBeUndefined();
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: "page 0 of size 2: expected a 200 listing with totals, got status 200.",
      expected: "200 with the listing and listInformation (§4.1, §4.2)",
    });
  });

  it("leaves a server error to answered(), which fails it, and returns undefined", async () => {
    const { page, verdict } = await fetched(() => ({ status: 500, text: "broken" }));
    expect(page).toBeUndefined();
    expect(verdict.outcome).toBe("failed");
  });
});
