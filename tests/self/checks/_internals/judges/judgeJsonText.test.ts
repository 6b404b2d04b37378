/**
 * judgeJsonText: a JSON answer judged from its bytes and text: not UTF-8 fails (RFC 8259 §8.1), an integer
 * field written 10.0 or 1e1 fails with its path (§2), a repeated member name warns naming both values.
 */
import { describe, expect, it } from "vitest";
import { judgeJsonText } from "../../../../../checks/_internals/judges/judgeJsonText.js";
import type { AnsweredExchange } from "../../../../../checks/_internals/judges/judgeExchange.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

/** A 200 answer whose body text is `text` (parsed as JSON.parse reads it). */
function answer(text: string, invalidUtf8?: { offset: number; bytes: string }): AnsweredExchange {
  const exchange = fakeExchange({ status: 200, json: JSON.parse(text) as unknown });
  const response = { ...exchange.response!, bodyText: text, ...(invalidUtf8 ? { invalidUtf8 } : {}) };
  return { ...exchange, response } as AnsweredExchange;
}

const judged = (text: string, bodyName: string, invalidUtf8?: { offset: number; bytes: string }) => {
  const judge = new Judgement("default");
  const ok = judgeJsonText(judge, "page 0", answer(text, invalidUtf8), bodyName);
  return { ok, verdict: judge.verdict() };
};

const LANDING = (total: string, pages: string) =>
  `{"landingPages":[],"listInformation":{"totalElements":${total},"totalPages":${pages}}}`;

describe("judgeJsonText", () => {
  it("passes integers written as digits, and numbers with a fraction where the schema types no integer", () => {
    expect(judged(LANDING("0", "0"), "listLandingPages.response")).toMatchObject({
      ok: true,
      verdict: { outcome: "passed" },
    });
    // Chart.filter's structure is not shown: a fraction there is no integer field's.
    const analytic = '{"analytic":{"id":"analytic://t/a","chart":{"filter":{"limit":10.0}}}}';
    expect(judged(analytic, "getAnalytic.response").verdict.outcome).toBe("passed");
  });

  it("fails an integer field written with a fraction or an exponent, naming its path and its text", () => {
    const { ok, verdict } = judged(LANDING("10.0", "1E+1"), "listLandingPages.response");
    expect(ok).toBe(false);
    expect(verdict.outcome).toBe("failed");
    expect(verdict.message).toContain("/listInformation/totalElements written 10.0");
    expect(verdict.message).toContain("/listInformation/totalPages written 1E+1");
    expect(verdict.message).toContain("§2");
  });

  it("finds the integer places through $refs, arrays and a listing's either shape (§2.3, §2.7, §2.12)", () => {
    const widget = '{"id":"widget://a","preferredSize":{"height":2.0,"width":3}}';
    expect(
      judged(
        `{"widgets":[${widget}],"listInformation":{"totalElements":1,"totalPages":1}}`,
        "listFactoryDefaultWidgets.response",
      ).verdict.message,
    ).toContain("/widgets/0/preferredSize/height written 2.0");
    expect(
      judged(
        `{"widgets":${widget},"listInformation":{"totalElements":1,"totalPages":1}}`,
        "listFactoryDefaultWidgets.response",
      ).verdict.message,
    ).toContain("/widgets/preferredSize/height written 2.0");
    const groups = '{"filters":[{"key":{"domainName":"d","serviceName":"s","sequence":-0.0},"filters":[]}]}';
    expect(judged(groups, "getRoleFilters.response").verdict.message).toContain("/filters/0/key/sequence written -0.0");
    const series = '{"analytic":{"chart":{"series":[{"column":{"precision":2e0}}]}}}';
    expect(judged(series, "getAnalytic.response").verdict.message).toContain(
      "/analytic/chart/series/0/column/precision written 2e0",
    );
  });

  it("leaves a value that is no integer at all to the schema's type rule", () => {
    expect(judged(LANDING("2.5", "1"), "listLandingPages.response").verdict.outcome).toBe("passed");
  });

  it("fails a body that is not UTF-8, naming the byte and RFC 8259 §8.1", () => {
    const { ok, verdict } = judged(LANDING("1", "1"), "listLandingPages.response", {
      offset: 37,
      bytes: "e1 67 69 6e",
    });
    expect(ok).toBe(false);
    expect(verdict.message).toContain("byte 0xE1 at offset 37");
    expect(verdict.message).toContain("RFC 8259 §8.1");
  });

  it("warns of a member name written twice, with both values, under register duplicate-member-names", () => {
    const { ok, verdict } = judged(
      '{"landingPages":null,"landingPages":[],"listInformation":{"totalElements":0,"totalPages":0}}',
      "listLandingPages.response",
    );
    expect(ok).toBe(true);
    expect(verdict.outcome).toBe("warning");
    expect(verdict.message).toContain('"landingPages" twice in the object at (the body): first null, then []');
    expect(verdict.registerRefs).toContain("duplicate-member-names");
  });
});
