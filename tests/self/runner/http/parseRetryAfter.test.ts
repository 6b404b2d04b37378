/** parseRetryAfter (issue 25.3): delay-seconds and the three HTTP-date forms, never a negative wait, and text that is neither. */
import { describe, expect, it, vi } from "vitest";
import { parseRetryAfter } from "../../../../runner/http/parseRetryAfter.js";

describe("parseRetryAfter", () => {
  const NOW = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");

  it("reads delay-seconds and HTTP dates, never a negative wait", () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", NOW)).toBe(0);
    // The obsolete RFC 850 form, which RFC 9110 §5.6.7 still makes a recipient accept.
    expect(parseRetryAfter("Wednesday, 21-Oct-15 07:28:10 GMT", NOW)).toBe(10_000);
    expect(parseRetryAfter("Sun Nov  6 08:49:37 1994", NOW)).toBe(0);
  });

  it("refuses what is neither: negative or fractional seconds, odd text Date.parse would take, a date that is no date", () => {
    for (const header of [
      "-5",
      "1.5",
      "x 2",
      "soon",
      "Wednesdays, 21 Oct 2015 07:28:30 GMT",
      "Wed, 99 Foo 2015 99:99:99 GMT",
    ])
      expect(parseRetryAfter(header, NOW), header).toBeUndefined();
  });

  it("uses the clock when no time is given", () => {
    // A fake Date on a whole second: a date a minute ahead is a minute away, exactly.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 0, 1, 12) });
    try {
      expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBe(60_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
