/** generatedExamples.ts: a generated example that got no complete answer. */
import { describe, expect, it } from "vitest";
import { noAnswer } from "../../../../../checks/_internals/requests/generatedExamples.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

describe("noAnswer", () => {
  it("is undefined for a response, a redirect included", () => {
    expect(noAnswer(fakeExchange({ status: 500, json: {} }))).toBeUndefined();
    expect(
      noAnswer(fakeExchange({ status: 302, text: "", failure: { kind: "redirect", message: "not followed" } })),
    ).toBeUndefined();
  });

  it("turns a missing or cut answer into a failing example with its exchange", () => {
    const timedOut = fakeExchange({
      noResponse: true,
      failure: { kind: "timeout", message: "no headers within 5 ms" },
    });
    expect(noAnswer(timedOut)).toEqual({
      ok: false,
      message: "no usable answer: no response (timeout: no headers within 5 ms)",
      expected: "an HTTP response (§4)",
      actual: "no response (timeout: no headers within 5 ms)",
      exchange: timedOut,
    });
    const cut = fakeExchange({ status: 200, text: "{", failure: { kind: "too-large", message: "big" } });
    expect(noAnswer(cut)).toMatchObject({ ok: false, actual: "status 200 (too-large: big)" });
  });
});
