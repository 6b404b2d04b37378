/** Reads `--shard i/n` (1 ≤ i ≤ n). */
import type { Shard } from "../model/RunSettings.js";
import { ConfigurationError } from "../model/ConfigurationError.js";

/** The shard the flag names, or undefined without the flag. */
export function parseShardOption(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count || count > 1000) {
    throw new ConfigurationError(
      `--shard takes i/n with 1 ≤ i ≤ n ≤ 1000 (e.g. 2/4 for the second of four shards), not ${JSON.stringify(value)}`,
    );
  }
  return { index, count };
}
