/** Seeds per check, so each check replays alone from the run seed whatever runs beside it. */

/** A 31-bit seed from the run seed, the check id and the operation (FNV-1a). */
export function checkSeed(runSeed: number, checkId: string, operation: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${runSeed}:${checkId}:${operation}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 1) & 0x7fffffff;
}
