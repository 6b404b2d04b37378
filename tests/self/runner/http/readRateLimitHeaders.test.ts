/**
 * readRateLimitHeaders, shape by shape (issue 25.3): each draft's fields and the older X- fields, their
 * precedence, policies with the shortest window, resets as delays or Unix times, and what is not a number.
 */
import { describe, expect, it, vi } from "vitest";
import { readRateLimitHeaders } from "../../../../runner/http/readRateLimitHeaders.js";

const NOW = 1_700_000_000_000;
const read = (headers: Record<string, string>) => readRateLimitHeaders(headers, NOW);

describe("readRateLimitHeaders", () => {
  it("says nothing for an answer without rate-limit fields, or with fields it cannot read", () => {
    expect(read({ "content-type": "application/json" })).toBeUndefined();
    expect(
      read({ "ratelimit-limit": "many", "ratelimit-remaining": "-1", "x-ratelimit-reset": "1.5" }),
    ).toBeUndefined();
  });

  it("reads RateLimit-Limit / -Remaining / -Reset (drafts to -06), a policy allowed in the limit", () => {
    expect(read({ "ratelimit-limit": "100, 100;w=60", "ratelimit-remaining": " 5 ", "ratelimit-reset": "3" })).toEqual({
      limit: 100,
      remaining: 5,
      resetMs: 3000,
      policy: { limit: 100, windowMs: 60_000 },
    });
    expect(read({ "ratelimit-limit": "10" })).toEqual({ limit: 10 });
  });

  it("reads RateLimit-Policy, taking the shortest window and the smaller quota on a tie", () => {
    expect(read({ "ratelimit-policy": "1000;w=3600, 10;w=1, 20;w=1" })).toEqual({
      limit: 10,
      policy: { limit: 10, windowMs: 1000 },
    });
    expect(read({ "ratelimit-policy": '"burst";q=50;w=10, "day";q=5000;w=86400' })).toEqual({
      limit: 50,
      policy: { limit: 50, windowMs: 10_000 },
    });
    // A member without a window, or with a window of 0, is no pace.
    expect(read({ "ratelimit-policy": "100, 5;w=0, 7;W=2" })).toEqual({
      limit: 7,
      policy: { limit: 7, windowMs: 2000 },
    });
    expect(read({ "ratelimit-policy": "100, 5;w=0" })).toBeUndefined();
  });

  it("reads the RateLimit field of -07 and of -08 on", () => {
    expect(read({ ratelimit: "limit=100, remaining=5, reset=3" })).toEqual({ limit: 100, remaining: 5, resetMs: 3000 });
    expect(read({ ratelimit: '"default";r=7;t=2' })).toEqual({ remaining: 7, resetMs: 2000 });
    expect(read({ ratelimit: "Remaining=1, reset=0" })).toEqual({ remaining: 1, resetMs: 0 });
  });

  it("reads X-RateLimit-*, a reset past a billion seconds as a Unix time", () => {
    expect(read({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "30" })).toEqual({
      limit: 60,
      remaining: 0,
      resetMs: 30_000,
    });
    expect(read({ "x-ratelimit-reset": String(NOW / 1000 + 12) })).toEqual({ resetMs: 12_000 });
    expect(read({ "x-ratelimit-reset": String(NOW / 1000 - 12) })).toEqual({ resetMs: 0 });
    expect(read({ "x-ratelimit-reset": "999999999" })).toEqual({ resetMs: 999_999_999_000 });
    expect(read({ "ratelimit-reset": "1000000000" })).toEqual({ resetMs: 0 });
    expect(read({ "x-ratelimit-limit": "60;w=60" })).toEqual({ limit: 60, policy: { limit: 60, windowMs: 60_000 } });
  });

  it("prefers RateLimit-* to the RateLimit field, and both to X-RateLimit-*", () => {
    const all = {
      "ratelimit-limit": "1",
      "ratelimit-remaining": "2",
      "ratelimit-reset": "3",
      ratelimit: "limit=10, remaining=20, reset=30",
      "x-ratelimit-limit": "100",
      "x-ratelimit-remaining": "200",
      "x-ratelimit-reset": "300",
    };
    expect(read(all)).toEqual({ limit: 1, remaining: 2, resetMs: 3000 });
    const { "ratelimit-limit": _l, "ratelimit-remaining": _r, "ratelimit-reset": _t, ...withoutDraft } = all;
    expect(read(withoutDraft)).toEqual({ limit: 10, remaining: 20, resetMs: 30_000 });
    const { ratelimit: _f, ...xOnly } = withoutDraft;
    expect(read(xOnly)).toEqual({ limit: 100, remaining: 200, resetMs: 300_000 });
    expect(
      read({ "ratelimit-policy": "5;w=1", "ratelimit-limit": "9;w=9", "x-ratelimit-limit": "7;w=7" })?.policy,
    ).toEqual({ limit: 5, windowMs: 1000 });
    expect(read({ "ratelimit-limit": "9;w=9", "x-ratelimit-limit": "7;w=7" })?.policy).toEqual({
      limit: 9,
      windowMs: 9000,
    });
  });

  it("uses the clock when no time is given", () => {
    // A fake Date on a whole second: an epoch reset 10 s ahead is 10 s away, exactly.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 0, 1, 12) });
    try {
      const inTenSeconds = String(Date.now() / 1000 + 10);
      expect(readRateLimitHeaders({ "x-ratelimit-reset": inTenSeconds })?.resetMs).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads a number in double quotes, but not one with a quote inside", () => {
    expect(read({ "ratelimit-remaining": '"5"' })).toEqual({ remaining: 5 });
    expect(read({ "ratelimit-remaining": '5"0' })).toBeUndefined();
  });

  it("reads parameter names with spaces before the equals sign", () => {
    expect(read({ "ratelimit-policy": "10;w =1" })).toEqual({ limit: 10, policy: { limit: 10, windowMs: 1000 } });
    expect(read({ ratelimit: "limit =100" })).toEqual({ limit: 100 });
  });

  it("takes the shortest window whatever the order, the smaller quota of a tie in either order", () => {
    expect(read({ "ratelimit-policy": "10;w=1, 1;w=60" })?.policy).toEqual({ limit: 10, windowMs: 1000 });
    expect(read({ "ratelimit-policy": "20;w=1, 10;w=1" })?.policy).toEqual({ limit: 10, windowMs: 1000 });
  });

  it("takes the first member's value of a RateLimit field with several", () => {
    expect(read({ ratelimit: '"minute";r=5;t=2, "day";r=900;t=80000' })).toEqual({ remaining: 5, resetMs: 2000 });
  });
});
