import { describe, expect, it } from "vitest";
import { TRAFFIC_VARIANTS } from "../../../../reference/variants/trafficVariants.js";

const rateLimited = TRAFFIC_VARIANTS.find((variant) => variant.name === "rate-limited");

function answers(retryAfterSeconds: number, requests: readonly string[]) {
  const remembered = new Set<string>();
  return requests.map((fingerprint, index) =>
    rateLimited?.intercept?.({ number: index + 1, fingerprint, remembered, retryAfterSeconds, rawHeaders: [] }),
  );
}

describe("the rate-limited variant", () => {
  it("refuses every 7th request with the server's Retry-After, and serves the same request sent again", () => {
    const requests = ["a", "b", "c", "d", "e", "f", "g", "g", "h"];
    for (const seconds of [1, 0]) {
      const refused = answers(seconds, requests);
      expect(refused.map((answer) => answer?.status ?? 200)).toEqual([200, 200, 200, 200, 200, 200, 429, 200, 200]);
      expect(refused[6]?.headers).toEqual({ "Retry-After": String(seconds) });
    }
  });

  it("refuses a request it does not remember at the period even when an earlier one was retried", () => {
    const requests = Array.from({ length: 14 }, (_, index) => `r${index}`);
    expect(answers(1, requests).flatMap((answer, index) => (answer?.status === 429 ? [index + 1] : []))).toEqual([
      7, 14,
    ]);
  });
});
