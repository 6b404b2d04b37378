/**
 * The last few filtered listings of one data set under one set of rules: a walk through the
 * pages of one query then filters the items once, not once a page (100,000 widgets made the
 * reference, not the suite, the slow side of a benchmark). Every rule is deterministic, so a
 * remembered listing is the listing.
 */

/** Listings kept per data set and rules; the oldest is forgotten first. */
const REMEMBERED_LISTINGS = 32;

const listings = new WeakMap<object, WeakMap<object, Map<string, readonly unknown[]>>>();

/** The listing of `key` (user and search value) for `data` under `rules`, computed on a miss. */
export function rememberedListing<T>(
  data: object,
  rules: object,
  key: string,
  compute: () => readonly T[],
): readonly T[] {
  let byRules = listings.get(data);
  if (!byRules) {
    byRules = new WeakMap();
    listings.set(data, byRules);
  }
  let recent = byRules.get(rules);
  if (!recent) {
    recent = new Map();
    byRules.set(rules, recent);
  }
  const known = recent.get(key) as readonly T[] | undefined;
  if (known) {
    recent.delete(key);
    recent.set(key, known);
    return known;
  }
  const computed = compute();
  recent.set(key, computed);
  if (recent.size > REMEMBERED_LISTINGS) recent.delete(recent.keys().next().value!);
  return computed;
}
