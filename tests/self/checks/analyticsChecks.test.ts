/** analytics.pie-single-series on scripted targets: every configured analytic read, only PIE charts judged, odd answers passed over. */
import { describe, expect, it } from "vitest";
import { checkOnScript, jsonOf } from "./checkOnScript.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";

const analytic = (id: string, chart: unknown): FakeAnswer => ({ status: 200, json: { analytic: { id, chart } } });
const pie = (series: unknown) => ({ type: "PIE", series });

function target(answers: Record<string, FakeAnswer>) {
  return (request: Parameters<Parameters<typeof checkOnScript>[2]>[0]) =>
    answers[String(jsonOf(request).analyticId)] ?? { status: 404, json: {} };
}

const run = (answers: Record<string, FakeAnswer>) =>
  checkOnScript("analytics.pie-single-series", "getAnalytic", target(answers), {
    fixtures: { analyticIds: Object.keys(answers), roles: [] },
  });

describe("analytics.pie-single-series", () => {
  it("passes when no PIE chart has more than one series, saying how many of the configured analytics were PIE charts", async () => {
    const { result } = await run({
      a: analytic("a", pie([{}])),
      b: analytic("b", { type: "BAR", series: [{}, {}] }),
      c: analytic("c", pie([{ label: "x" }])),
      d: analytic("d", pie([])),
    });
    expect(result).toMatchObject({
      outcome: "passed",
      message: "3 PIE chart(s) among the 4 configured analytics, none with more than one series.",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(["getAnalytic a", "getAnalytic c"]);
  });

  it("fails each PIE chart with two or more series, with its own words (register pie-series-count: at most one)", async () => {
    const { result } = await run({
      a: analytic("a", pie([{}, {}])),
      b: analytic("b", pie([{}, {}, {}])),
      c: analytic("c", pie([{}])),
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toBe(
      "getAnalytic a: a PIE chart with 2 series. (+1 more finding)\n- getAnalytic b: a PIE chart with 3 series.",
    );
    expect(result).toMatchObject({
      expected: "at most one series (§2.6, §8; register pie-series-count)",
      actual: "2 series",
    });
    expect(result.registerRefs).toEqual(["pie-series-count"]);
    expect(result.evidence.map((item) => item.label)).toEqual(["getAnalytic a", "getAnalytic b"]);
  });

  it("leaves a missing or mistyped series to schema.response-body (register required-response-fields)", async () => {
    const { result } = await run({ b: analytic("b", pie(undefined)), c: analytic("c", pie("one")) });
    expect(result.outcome).toBe("passed");
    expect(result.message).toBe("2 PIE chart(s) among the 2 configured analytics, none with more than one series.");
    // Its own register only: required-response-fields is schema.response-body's to apply.
    expect(result.registerRefs).toEqual(["pie-series-count"]);
  });

  it("passes over answers that are not a 200 JSON object with a chart, and skips when no PIE chart was seen", async () => {
    const { result } = await run({
      a: { status: 404, json: { reason: "OBJECT_NOT_FOUND" } },
      b: { status: 200, text: "PIE" },
      c: { status: 200, json: ["PIE"] },
      d: { status: 200, json: { analytic: "PIE" } },
      e: analytic("e", "PIE"),
      f: analytic("f", { type: "pie", series: [{}, {}] }),
      g: { status: 403, json: { analytic: { chart: pie([{}, {}]) } } },
    });
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "none of the configured analytics is a PIE chart; add the id of one with --analytic-id.",
    });
  });

  it("fails on a 5xx read, and judges the PIE charts the other reads returned", async () => {
    const { result } = await run({ a: { status: 500, json: {} }, b: analytic("b", pie([{}, {}])) });
    expect(result.outcome).toBe("failed");
    expect(result.message).toBe(
      "getAnalytic a got status 500: a server error is never a conforming answer. (+1 more finding)\n" +
        "- getAnalytic b: a PIE chart with 2 series.",
    );
  });

  it("reads every configured analytic once", async () => {
    const ids = Array.from({ length: 60 }, (_, n) => `a${n}`);
    const { result, client } = await checkOnScript(
      "analytics.pie-single-series",
      "getAnalytic",
      (request) => analytic(String(jsonOf(request).analyticId), pie([{}])),
      { fixtures: { analyticIds: [...ids, "a0"], roles: [] } },
    );
    // Once each, in an order spread over the list (itemReads.spreadOrder), the duplicate a0 not again.
    const sent = client.sent.map((request) => String(jsonOf(request).analyticId));
    expect([...sent].sort()).toEqual([...ids].sort());
    expect(result.message).toBe("60 PIE chart(s) among the 60 configured analytics, none with more than one series.");
  });

  it("is skipped without analytic ids, saying what to configure", async () => {
    const { result, client } = await checkOnScript("analytics.pie-single-series", "getAnalytic", () => ({}), {
      fixtures: { analyticIds: [], roles: [] },
    });
    expect(result.outcome).toBe("skipped");
    expect(result.skipReason).toMatch(/--analytic-id/);
    expect(client.sent).toEqual([]);
  });
});
