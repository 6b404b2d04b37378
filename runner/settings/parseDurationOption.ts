/** Reads a duration flag (--max-retry-wait 30s, --max-run-time 15m) into milliseconds. */

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * "30s", "2m", "1h", "500ms", or a bare number of milliseconds (as --timeout), as milliseconds; any
 * other text is kept as it was, for the run-config schema to refuse with a sentence naming the flag.
 */
export function parseDurationOption(texts: readonly string[]): unknown {
  const text = (texts[texts.length - 1] ?? "").trim();
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text);
  if (!match) return text;
  return Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? "ms"] ?? 1));
}
