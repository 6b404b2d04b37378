/**
 * When an unlisted field's name is a near miss of a field a §2/§4/§7 table lists: the tabled field
 * renamed, not an unknown extra field (register unknown-extra-fields keeps those silent).
 *
 * A name is a near miss of a tabled one when, compared without regard to letter case, it is
 * - the same name (`thumbnailUrl` for `thumbnailURL`, `Sufix` for `sufix`);
 * - one of the known spelling pairs (`suffix` for §2.7's `sufix`, spelled so on purpose);
 * - one edit away (a letter added, dropped, replaced, or two neighbours swapped) from a tabled name
 *   of 4 or more letters (`tag` for `tags`, `filters` for `filter`), or two edits away from one of 8
 *   or more (`thumbnailUri` for `thumbnailURL`, `landingPage` for `landingPages`).
 * Shorter names need an exact match without case: `id`, `url` are too short for a distance to mean a rename.
 */

/** Spellings that are the tabled name with its spelling "corrected": [tabled, renamed], lower case. */
const KNOWN_RESPELLINGS: readonly (readonly [string, string])[] = [["sufix", "suffix"]];

/** Fewest letters a tabled name has before one edit away counts as a near miss. */
const ONE_EDIT_MIN_LENGTH = 4;
/** Fewest letters a tabled name has before two edits away counts as a near miss. */
const TWO_EDITS_MIN_LENGTH = 8;

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] as number[];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** How far `name` is from `tabled` as a rename, or undefined when it is no near miss of it. */
function renameDistance(name: string, tabled: string): number | undefined {
  const [left, right] = [name.toLowerCase(), tabled.toLowerCase()];
  if (left === right) return 0;
  if (KNOWN_RESPELLINGS.some(([spelled, respelled]) => right === spelled && left === respelled)) return 0;
  const allowed = tabled.length >= TWO_EDITS_MIN_LENGTH ? 2 : tabled.length >= ONE_EDIT_MIN_LENGTH ? 1 : 0;
  if (allowed === 0 || Math.abs(left.length - right.length) > allowed) return undefined;
  const distance = editDistance(left, right);
  return distance <= allowed ? distance : undefined;
}

/** The tabled name among `candidates` that `name` looks like a rename of (the closest one), if any. */
export function nearMissOf(name: string, candidates: readonly string[]): string | undefined {
  let best: { readonly tabled: string; readonly distance: number } | undefined;
  for (const tabled of candidates) {
    if (tabled === name) continue;
    const distance = renameDistance(name, tabled);
    if (distance !== undefined && (best === undefined || distance < best.distance)) best = { tabled, distance };
  }
  return best?.tabled;
}
