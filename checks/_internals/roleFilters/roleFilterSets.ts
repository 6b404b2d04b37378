/** getRoleFilters answers (§4.5, §2.12) read as sets of filters, for the role-filter checks to compare. */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { Exchange } from "../../../runner/model/Exchange.js";

/** The filters of one answer as a set of comparable keys, or undefined when the answer is unusable. */
export function filterSet(exchange: Exchange, withSequence: boolean): Set<string> | undefined {
  if (exchange.response?.status !== 200 || !isJsonObject(exchange.json) || !Array.isArray(exchange.json.filters))
    return undefined;
  const keys = new Set<string>();
  for (const group of exchange.json.filters) {
    if (!isJsonObject(group) || !isJsonObject(group.key) || !Array.isArray(group.filters)) continue;
    const { domainName, serviceName, sequence } = group.key;
    for (const filter of group.filters) {
      if (!isJsonObject(filter)) continue;
      keys.add(
        JSON.stringify([domainName, serviceName, ...(withSequence ? [sequence] : []), filter.name, filter.value]),
      );
    }
  }
  return keys;
}

/** Every (domainName, serviceName, sequence, name, value) that one answer lists more than once. */
export function duplicateFilters(exchange: Exchange): string[] {
  const counts = new Map<string, number>();
  for (const filter of scopedFilters(exchange)) {
    const key = JSON.stringify([filter.domainName, filter.serviceName, filter.sequence, filter.name, filter.value]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([key, count]) => `${key} ×${count}`);
}

/** One filter of an answer with the key of its group. */
export interface ScopedFilter {
  readonly domainName: unknown;
  readonly serviceName: unknown;
  readonly sequence: unknown;
  readonly name: unknown;
  readonly value: unknown;
}

/** Every filter of an answer with its group's key (malformed groups and filters passed over: the schema checks judge them). */
export function scopedFilters(exchange: Exchange): ScopedFilter[] {
  if (!isJsonObject(exchange.json) || !Array.isArray(exchange.json.filters)) return [];
  return exchange.json.filters.flatMap((group) => {
    if (!isJsonObject(group) || !isJsonObject(group.key) || !Array.isArray(group.filters)) return [];
    const { domainName, serviceName, sequence } = group.key;
    return group.filters.filter(isJsonObject).map((filter) => ({
      domainName,
      serviceName,
      sequence,
      name: filter.name,
      value: filter.value,
    }));
  });
}

/** The (name, value) pairs of `filters`, as comparable keys. */
export const pairsOf = (filters: readonly ScopedFilter[]): Set<string> =>
  new Set(filters.map(({ name, value }) => JSON.stringify([name, value])));

/** True when two sets hold the same keys. */
export const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((key) => b.has(key));

/** The keys of `a` that `b` lacks. */
export const difference = (a: ReadonlySet<string>, b: ReadonlySet<string>): string[] =>
  [...a].filter((key) => !b.has(key));

/** "6 filter(s); missing a=1 b=2; extra c=3": a set beside the one expected, with what differs (issue 27.7). */
export function setDifference(actual: ReadonlySet<string>, expected: ReadonlySet<string>): string {
  const missing = difference(expected, actual);
  const extra = difference(actual, expected);
  const shown = (items: readonly string[]) =>
    items.length === 0
      ? "none"
      : `${items.slice(0, 5).join(" ")}${items.length > 5 ? ` (+${items.length - 5} more)` : ""}`;
  return `${actual.size} filter(s); missing ${shown(missing)}; extra ${shown(extra)}`;
}
