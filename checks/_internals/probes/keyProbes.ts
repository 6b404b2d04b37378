/** Widgets' i18n keys to search for (§2.1, §4.1): whole keys only a search of their field can find. */
import { isJsonObject } from "../../../contract/jsonValue.js";
import { spreadSample } from "../discovery/discoveredIds.js";
import { itemKey } from "../walks/listingPage.js";
import type { ListingWalk } from "../walks/walkListing.js";
import { foldCorpus, heldByAny, undecodable } from "./containsSearchValue.js";

/** Most widgets whose name or description key a check searches. */
const FIELD_PROBES = 2;

/** A widget's whole key of one field, and the widget it came from. */
export interface KeyProbe {
  readonly key: string;
  readonly owner: string;
  readonly field: "name" | "description";
}

/**
 * Widgets' whole `field` keys (§2.1: name and description hold i18n keys) that no tag and no key
 * of the other field of any listed widget holds, so only a search of that field can find them.
 */
export function keyProbes(walk: ListingWalk, field: "name" | "description"): KeyProbe[] {
  const other = field === "name" ? "description" : "name";
  const elsewhere = foldCorpus(
    walk.items.flatMap((item) => {
      if (!isJsonObject(item)) return [];
      const tags = Array.isArray(item.tags) ? item.tags : [];
      return [item[other], ...tags].filter((text): text is string => typeof text === "string");
    }),
  );
  return spreadSample(
    walk.items.flatMap((item) => {
      const key = isJsonObject(item) ? item[field] : undefined;
      return typeof key === "string" &&
        key.trim() !== "" &&
        [...key].length <= 200 &&
        !undecodable(key) &&
        !heldByAny(elsewhere, key)
        ? [{ key, owner: itemKey(item), field }]
        : [];
    }),
    FIELD_PROBES,
  );
}
