/** The items of a listing that carry a tag or a title, for the search checks to search for (§4.1, §4.2). */
import { isJsonObject } from "../../../contract/jsonValue.js";
import { itemKey } from "../walks/listingPage.js";
import type { ListingWalk } from "../walks/walkListing.js";
import { undecodable } from "./containsSearchValue.js";

/** Tags of the listed widgets with the key of one widget carrying each, rarest tags first. */
export function tagsWithOwners(walk: ListingWalk): { tag: string; owner: string }[] {
  const owners = new Map<string, string[]>();
  for (const item of walk.items) {
    if (!isJsonObject(item) || !Array.isArray(item.tags)) continue;
    for (const tag of item.tags) {
      if (typeof tag !== "string" || tag.trim() === "") continue;
      owners.set(tag, [...(owners.get(tag) ?? []), itemKey(item)]);
    }
  }
  return [...owners.entries()]
    .sort((a, b) => a[1].length - b[1].length || a[0].localeCompare(b[0]))
    .map(([tag, keys]) => ({ tag, owner: keys[0] as string }));
}

/** Landing-page titles with the key of their page, titles unique in the listing first. */
export function titlesWithOwners(walk: ListingWalk): { title: string; owner: string }[] {
  const counts = new Map<string, number>();
  const pages = walk.items
    .filter(isJsonObject)
    .filter((item) => typeof item.title === "string" && item.title.trim() !== "" && !undecodable(item.title));
  for (const page of pages) counts.set(page.title as string, (counts.get(page.title as string) ?? 0) + 1);
  return pages
    .map((page) => ({ title: page.title as string, owner: itemKey(page) }))
    .sort((a, b) => (counts.get(a.title) ?? 0) - (counts.get(b.title) ?? 0));
}
