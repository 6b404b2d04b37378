/** judgeSearchAnswer (§4.1, §4.2, register search-special-characters): what the answer to one search says. */
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import type { FetchedPage } from "../../../../../checks/_internals/walks/fetchListingPage.js";
import { judgeSearchAnswer } from "../../../../../checks/_internals/judges/judgeSearchAnswer.js";
import { readListingPage } from "../../../../../checks/_internals/walks/listingPage.js";
import { fakeExchange, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";

const LABEL = 'searchValue "kpi"';
const LISTING = { widgets: [{ id: "widget://t/w1" }], listInformation: { totalElements: 1, totalPages: 1 } };

function fetched(answer: FakeAnswer, ok: boolean): FetchedPage {
  const exchange = fakeExchange(answer);
  return { exchange, page: readListingPage("listFactoryDefaultWidgets", exchange.json), ok };
}

function judged(value: string, page: FetchedPage, profile: "default" | "strict" = "default") {
  const judge = new Judgement(profile);
  const usable = judgeSearchAnswer(judge, LABEL, value, page);
  return { usable, verdict: judge.verdict() };
}

describe("judgeSearchAnswer", () => {
  it("a 200 listing with totals: usable, nothing recorded", () => {
    const { usable, verdict } = judged("kpi", fetched({ status: 200, json: LISTING }, true));
    expect(usable).toBe(true);
    expect(verdict.outcome).toBe("passed");
  });

  it("a 400 for a value of letters only: a failure saying the value holds nothing special", () => {
    const { usable, verdict } = judged("kpi", fetched({ status: 400, json: { error: "bad" } }, false));
    expect(usable).toBe(false);
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: `${LABEL} was refused with 400, though the value holds only letters, digits, spaces and hyphens.`,
      expected: "200 with the listing and its totals (§4.1, §4.2)",
      actual: 'status 400: {"error":"bad"}',
    });
    expect(verdict.evidence.map((item) => item.label)).toEqual([LABEL]);
  });

  it("a 4xx for a value with a special character: the register's warning by default, a failure when strict", () => {
    const page = fetched({ status: 422, json: { error: "bad" } }, false);
    const lenient = judged("50%_off", page);
    expect(lenient.usable).toBe(false);
    expect(lenient.verdict).toMatchObject({
      outcome: "warning",
      message: `${LABEL} was refused with 422. [register: search-special-characters]`,
      registerRefs: ["search-special-characters"],
    });
    expect(judged("50%_off", page, "strict").verdict.outcome).toBe("failed");
  });

  it("the 4xx range is 400 to 499: a 499 is refused, a 500 is a server error", () => {
    expect(judged("50%", fetched({ status: 499, json: {} }, false)).verdict.outcome).toBe("warning");
    expect(judged("50%", fetched({ status: 400, json: {} }, false)).verdict.outcome).toBe("warning");
    const { usable, verdict } = judged("50%", fetched({ status: 500, json: {} }, false));
    expect(usable).toBe(false);
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: `${LABEL} got status 500: a server error is never a conforming answer.`,
    });
  });

  it("a 200 that is not a listing with integer totals: a failure saying so", () => {
    const { usable, verdict } = judged("kpi", fetched({ status: 200, json: { widgets: [] } }, false));
    expect(usable).toBe(false);
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: `${LABEL} got status 200 that is not a listing with integer totals.`,
    });
  });

  it("a 200 or a 302 that is no listing fails even for a value with a special character", () => {
    expect(judged("50%", fetched({ status: 200, json: { widgets: [] } }, false)).verdict.outcome).toBe("failed");
    expect(judged("50%", fetched({ status: 302, text: "" }, false)).verdict.outcome).toBe("failed");
  });

  it("a 302 or other non-200 outside 4xx: a failure naming the status, without the listing words", () => {
    const { verdict } = judged("kpi", fetched({ status: 302, text: "" }, false));
    expect(verdict.message).toBe(`${LABEL} got status 302.`);
    expect(verdict.actual).toBe("status 302: (empty body)");
  });

  it("no complete answer: not usable, an error naming the cause", () => {
    const { usable, verdict } = judged(
      "kpi",
      fetched({ noResponse: true, failure: { kind: "timeout", message: "no response headers within 10 ms." } }, false),
    );
    expect(usable).toBe(false);
    expect(verdict).toMatchObject({
      outcome: "error",
      message: `${LABEL}: no complete answer to judge (timeout: no response headers within 10 ms).`,
    });
  });
});
