/** Ids a listing returned, and an even spread of picks over a list: what discovery samples from. */
import type { ListingWalk } from "../walks/walkListing.js";
import { itemId } from "../walks/listingPage.js";

/** Ids of the items a user's listing returned, in order, without duplicates. */
export function discoveredIds(walk: ListingWalk): string[] {
  return [...new Set(walk.items.map(itemId).filter((id): id is string => id !== undefined))];
}

/** Spreads `count` picks over a list (first, last and evenly between), so samples do not depend on order. */
export function spreadSample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const picks: T[] = [];
  for (let index = 0; index < count; index += 1) {
    picks.push(items[Math.round((index * (items.length - 1)) / Math.max(1, count - 1))] as T);
  }
  return [...new Set(picks)];
}
