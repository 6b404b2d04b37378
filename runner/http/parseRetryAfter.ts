/** Reads a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. */

/** Milliseconds to wait per the header, or undefined when absent or unreadable. Never negative. */
export function parseRetryAfter(header: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only date-shaped text: Date.parse accepts odd strings ("1", "x 2") that are not HTTP dates.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
