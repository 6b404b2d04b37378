/** Searches a listing and walks the result (bounded), for the search checks (§4.1, §4.2). */
import type { OperationName } from "../../../contract/operations.js";
import type { Caller, TargetSession } from "../../../runner/engine/TargetSession.js";
import { stoppedByTarget, walkListing, type ListingWalk } from "../walks/walkListing.js";
import { itemKey } from "../walks/listingPage.js";
import type { FetchedPage } from "../walks/fetchListingPage.js";

/** Page size of search walks: the default of §4.1, which every target serves. */
const SEARCH_PAGE_SIZE = 10;
/** Most pages walked per search; a search that matches more is judged on what was seen. */
const SEARCH_MAX_PAGES = 20;

/** Walks the result of one search (TargetKnowledge.search shares it between checks that ask the same question). */
export function walkSearch(
  session: TargetSession,
  operation: OperationName,
  searchValue: string,
  caller: Caller,
): Promise<ListingWalk> {
  return walkListing(session, operation, {
    caller,
    searchValue,
    pageSize: SEARCH_PAGE_SIZE,
    maxPages: Math.min(SEARCH_MAX_PAGES, session.settings.maxPagesWalked),
  });
}

/** Whether a walk saw the item with `key`: yes, no, or unknown (the walk was cut short). */
export function walkContains(walk: ListingWalk, key: string): "yes" | "no" | "unknown" {
  if (walk.items.some((item) => itemKey(item) === key)) return "yes";
  return walk.complete ? "no" : "unknown";
}

/** The first page of a walk as a fetched page: ok unless the walk stopped on it because of its answer. */
export function firstPageOf(walk: ListingWalk): FetchedPage | undefined {
  const first = walk.pages[0];
  if (!first) return undefined;
  // An empty or oversized page is still a listing answer; its rule is judged elsewhere.
  const failedHere =
    walk.pages.length === 1 &&
    stoppedByTarget(walk) &&
    walk.stop?.reason !== "empty-page" &&
    walk.stop?.reason !== "oversized-page";
  return { exchange: first.exchange, page: first.page, ok: !failedHere };
}
