/** "Did you mean …?": the known name nearest to a mistyped one. */

/** Edit distance counting an insertion, a deletion, a substitution or a swap of neighbours as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The name of `known` closest to `typed`, when it is close enough to be a typo: at most a third
 * of its length away (at least 1, at most 3), or `typed` is the start of exactly one name.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const prefixed = known.filter((name) => typed.length >= 2 && name.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0];
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  let best: { name: string; far: number } | undefined;
  for (const name of known) {
    const far = editDistance(typed.toLowerCase(), name.toLowerCase());
    if (far <= limit && (!best || far < best.far)) best = { name, far };
  }
  return best?.name;
}
