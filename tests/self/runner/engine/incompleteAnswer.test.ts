/** incompleteAnswer: which exchanges hold no answer of the implementation to judge (docs/design.md §3, issue 23.3). */
import { describe, expect, it } from "vitest";
import { incompleteAnswer } from "../../../../runner/engine/incompleteAnswer.js";
import { fakeExchange } from "./engineDoubles.js";

describe("incompleteAnswer", () => {
  it("takes a 502, 503 or 504 with a non-JSON body as a gateway's answer, naming it and the page it sent", () => {
    for (const status of [502, 503, 504]) {
      const exchange = fakeExchange({ status, text: "<html><h1>Bad Gateway</h1>\n  nginx</html>" });
      expect(incompleteAnswer(exchange)).toEqual({
        kind: "gateway",
        message: `a gateway or load balancer answered ${status} with a body that is not JSON (a node behind it failed or is away): <html><h1>Bad Gateway</h1> nginx</html>`,
      });
    }
  });

  it("takes a JSON 502, 503 or 504 as not available now, never an answer to judge (availability, not conformance)", () => {
    for (const status of [502, 503, 504])
      expect(incompleteAnswer(fakeExchange({ status, json: { message: "down" } }))).toEqual({
        kind: "unavailable",
        message: `the target answered ${status} (not available now) after 0 wait(s); raise --max-retry-wait, or run when it is available.`,
      });
  });

  it("leaves a 500, a 501, a 505 and a 4xx to the checks: the implementation answered them", () => {
    expect(incompleteAnswer(fakeExchange({ status: 500, text: "<html>oops</html>" }))).toBeUndefined();
    expect(incompleteAnswer(fakeExchange({ status: 501, json: { message: "no" } }))).toBeUndefined();
    expect(incompleteAnswer(fakeExchange({ status: 505, json: { message: "no" } }))).toBeUndefined();
    expect(incompleteAnswer(fakeExchange({ status: 404, text: "not found" }))).toBeUndefined();
  });

  it("names a 429 that outlasted the waits as rate-limited", () => {
    expect(incompleteAnswer(fakeExchange({ status: 429, json: {} }))?.kind).toBe("rate-limited");
  });

  it("takes a 407 as the suite's own trouble, a proxy's answer on the way, never the target's (issue 48.5)", () => {
    expect(incompleteAnswer(fakeExchange({ status: 407, text: "" }))).toEqual({
      kind: "proxy",
      message:
        "a proxy on the way to the target asked for credentials (407 Proxy Authentication Required), so the " +
        "request never reached the target; check the user and password in HTTPS_PROXY / HTTP_PROXY.",
    });
  });
});
