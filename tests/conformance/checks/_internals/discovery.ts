/**
 * What the suite learns about the target at run time (DESIGN §5): the listings as each
 * user sees them. Walked once per run at the page size the spec vouches for (10, §4.1)
 * and shared by every check.
 */
import type { OperationName } from "../../../../contract/operations.js";
import type { Caller, TargetSession } from "../../../../runner/engine/TargetSession.js";
import { walkListing, type ListingWalk } from "./walkListing.js";
import { itemId } from "./listingPage.js";

/** The page size discovery walks with: the default of §4.1/§4.2, the only one every target must serve. */
export const DISCOVERY_PAGE_SIZE = 10;

/** The listing as a user sees it, walked once per run. */
export function discoveredListing(session: TargetSession, operation: OperationName, caller: Caller = "admin"): Promise<ListingWalk> {
  return session.shared(`listing:${operation}:${caller}`, () =>
    walkListing(session, operation, { caller, pageSize: DISCOVERY_PAGE_SIZE, maxPages: session.settings.maxPagesWalked }),
  );
}

/** Ids of the items a user's listing returned, in order, without duplicates. */
export function discoveredIds(walk: ListingWalk): string[] {
  return [...new Set(walk.items.map(itemId).filter((id): id is string => id !== undefined))];
}

/** Widget ids the admin listing returned (§4.1). */
export async function discoveredWidgetIds(session: TargetSession): Promise<string[]> {
  return discoveredIds(await discoveredListing(session, "listFactoryDefaultWidgets"));
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
