/** Reads a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. */

/** Milliseconds to wait per the header, or undefined when absent or unreadable. Never negative. */
export function parseRetryAfter(header: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only date-shaped text (a day name first: "Sun, 06 Nov 1994 …", "Sunday, 06-Nov-94 …" and asctime's "Sun Nov  6 …",
  // the three forms RFC 9110 §5.6.7 makes a recipient accept): Date.parse accepts odd strings ("x 2") that are no HTTP dates.
  if (!/^[A-Za-z]{3,9},? /.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
