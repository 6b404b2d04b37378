/**
 * What the suite learns about the target at run time (DESIGN §5, §8): the listings as each
 * user sees them, walked once per run with the largest page size the target was found to
 * serve (pageSizeLimits), and shared by every check.
 */
import type { OperationName } from "../../../../contract/operations.js";
import type { Caller, TargetSession } from "../../../../runner/engine/TargetSession.js";
import { walkListing, type ListingWalk } from "./walkListing.js";
import { itemId } from "./listingPage.js";
import { discoveredPageSizes } from "./pageSizeLimits.js";

/** The listing as a user sees it, walked once per run with the largest page size the target serves. */
export function discoveredListing(
  session: TargetSession,
  operation: OperationName,
  caller: Caller = "admin",
): Promise<ListingWalk> {
  return session.shared(`listing:${operation}:${caller}`, async () => {
    const { largest } = await discoveredPageSizes(session, operation);
    return walkListing(session, operation, { caller, pageSize: largest, maxPages: session.settings.maxPagesWalked });
  });
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
  // Stryker disable next-line EqualityOperator: with exactly `count` items the spread picks each of them in order
  if (items.length <= count) return [...items];
  const picks: T[] = [];
  for (let index = 0; index < count; index += 1) {
    picks.push(items[Math.round((index * (items.length - 1)) / Math.max(1, count - 1))] as T);
  }
  return [...new Set(picks)];
}
