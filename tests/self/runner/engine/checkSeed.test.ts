/** checkSeed.ts: each check × operation's seed, derived from the run's seed. */
import { describe, expect, it } from "vitest";
import { checkSeed } from "../../../../runner/engine/checkSeed.js";

describe("checkSeed", () => {
  it("is stable across releases, so a printed seed replays the same requests (FNV-1a of seed:id:operation)", () => {
    // Pinned from an independent FNV-1a computation (32-bit prime 0x01000193 over "seed:id:operation", shifted to 31 bits).
    expect(checkSeed(1, "http.valid-request-ok", "getWidget")).toBe(0x795d5f1e);
    expect(checkSeed(0, "", "")).toBe(0x2fd93177);
    expect(checkSeed(42, "pagination.walk-covers-all", "listLandingPages")).toBe(0x0671d51b);
  });

  it("is a non-negative 31-bit integer that changes with the run seed, the check and the operation", () => {
    const seeds = [
      checkSeed(1, "a.b", "getWidget"),
      checkSeed(2, "a.b", "getWidget"),
      checkSeed(1, "a.c", "getWidget"),
      checkSeed(1, "a.b", "getAnalytic"),
    ];
    expect(new Set(seeds).size).toBe(4);
    for (const seed of [...seeds, checkSeed(2 ** 31 - 1, "z".repeat(200), "getRoleFilters")]) {
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThan(2 ** 31);
    }
  });

  it("reads characters beyond the basic plane as whole code points", () => {
    expect(checkSeed(1, "a.😀", "x")).not.toBe(checkSeed(1, "a.\ud83d", "x"));
  });
});
