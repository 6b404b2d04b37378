/**
 * Which shard a verdict belongs to: a stable hash of its check id and operation, so a pair stays
 * in its shard whatever else the catalogue holds or in which order (--shard i/n).
 */

/** The shard (1 … count) of the pair, by FNV-1a over "checkId operation". */
export function shardOf(checkId: string, operation: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${checkId} ${operation}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % count) + 1;
}
