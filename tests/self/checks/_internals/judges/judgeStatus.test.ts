/** judgeStatus.ts: whether a status answers a request as its rule says, and which register excuses another. */
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { type AnsweredExchange } from "../../../../../checks/_internals/judges/judgeExchange.js";
import { judgeStatus } from "../../../../../checks/_internals/judges/judgeStatus.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

const answeredExchange = (status: number, json: unknown = { status }) =>
  fakeExchange({ status, json }) as AnsweredExchange;

describe("judgeStatus", () => {
  const rule = { accept: [404], expected: "404 (§4.4)" };

  it("witnesses an accepted status and records the register applied", () => {
    const judge = new Judgement("default");
    const exchange = answeredExchange(404);
    expect(judgeStatus(judge, "unknown id", exchange, { ...rule, register: "malformed-widget-id" })).toBe(true);
    expect(judge.verdict()).toEqual({
      outcome: "passed",
      message: "No violation found.",
      registerRefs: ["malformed-widget-id"],
      evidence: [{ label: "unknown id", exchange }],
    });
  });

  it("fails any other status without a register, saying what came back", () => {
    for (const status of [200, 302, 400, 403, 500]) {
      const judge = new Judgement("default");
      expect(judgeStatus(judge, "unknown id", answeredExchange(status, { s: status }), rule)).toBe(false);
      expect(judge.verdict(), String(status)).toMatchObject({
        outcome: "failed",
        message: `unknown id got status ${status}.`,
        expected: "404 (§4.4)",
        actual: `status ${status}: {"s":${status}}`,
      });
    }
  });

  it("departs from the register for another 3xx or 4xx when an entry governs the status", () => {
    for (const status of [300, 301, 400, 403, 422, 499]) {
      const judge = new Judgement("default");
      expect(
        judgeStatus(judge, "malformed id", answeredExchange(status), { ...rule, register: "malformed-widget-id" }),
      ).toBe(false);
      expect(judge.verdict(), String(status)).toMatchObject({
        outcome: "warning",
        message: `malformed id got ${status}. [register: malformed-widget-id]`,
        expected: "404 (§4.4)",
        registerRefs: ["malformed-widget-id"],
      });
    }
  });

  it("fails a 5xx even when a register governs the status", () => {
    const judge = new Judgement("default");
    judgeStatus(judge, "malformed id", answeredExchange(500), { ...rule, register: "malformed-widget-id" });
    expect(judge.verdict().outcome).toBe("failed");
  });

  it("fails a 2xx under a register, unless the register says a success only departs", () => {
    const failing = new Judgement("default");
    judgeStatus(failing, "l", answeredExchange(200), { ...rule, register: "malformed-widget-id" });
    expect(failing.verdict().outcome).toBe("failed");
    const explicit = new Judgement("default");
    judgeStatus(explicit, "l", answeredExchange(201), { ...rule, register: "malformed-widget-id", success: "failure" });
    expect(explicit.verdict().outcome).toBe("failed");
    const departing = new Judgement("default");
    judgeStatus(departing, "l", answeredExchange(200), {
      ...rule,
      register: "invalid-field-status",
      success: "departure",
    });
    expect(departing.verdict()).toMatchObject({
      outcome: "warning",
      message: "l got 200. [register: invalid-field-status]",
    });
  });

  it("fails a 2xx without a register even when told a success departs", () => {
    const judge = new Judgement("default");
    judgeStatus(judge, "l", answeredExchange(200), { ...rule, success: "departure" });
    expect(judge.verdict()).toMatchObject({ outcome: "failed", message: "l got status 200.", registerRefs: [] });
  });

  it("accepts any of several statuses", () => {
    const judge = new Judgement("default");
    expect(judgeStatus(judge, "l", answeredExchange(400), { accept: [400, 404], expected: "400 or 404" })).toBe(true);
    expect(judgeStatus(judge, "l", answeredExchange(404), { accept: [400, 404], expected: "400 or 404" })).toBe(true);
    expect(judge.verdict().evidence).toHaveLength(2);
  });
});
