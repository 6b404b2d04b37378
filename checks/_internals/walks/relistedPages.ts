/**
 * The confirming re-read of a listing (docs/design.md §3): a page a walk saw, fetched once more with
 * the same request, so that a contradiction seen once is judged only when a second look shows it
 * again. Each page is fetched again at most once per check, however many of its items are in doubt.
 */
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { fetchListingPage, type FetchedPage } from "./fetchListingPage.js";
import { itemId } from "./listingPage.js";
import type { ListingWalk, WalkedPage } from "./walkListing.js";

/** Where a walk listed an item: the page and the item itself. */
export interface ListedItem {
  readonly page: WalkedPage;
  readonly item: unknown;
}

/** Every item of `walk` with a string id, by id (the first page that listed it). */
export function listedById(walk: ListingWalk): Map<string, ListedItem> {
  const byId = new Map<string, ListedItem>();
  for (const page of walk.pages) {
    for (const item of page.page.items) {
      const id = itemId(item);
      if (id !== undefined && !byId.has(id)) byId.set(id, { page, item });
    }
  }
  return byId;
}

/** A page fetched again, and the item of that id on it (undefined when it is no longer there). */
export interface RelistedItem {
  readonly again: FetchedPage;
  readonly item: unknown;
}

/** Fetches pages of walks again, once each. */
export class RelistedPages {
  private readonly pages = new Map<string, Promise<FetchedPage>>();

  constructor(private readonly session: TargetSession) {}

  /** Page `page` of `walk` fetched again, and the item `id` on it. */
  async relist(walk: ListingWalk, page: WalkedPage, id: string): Promise<RelistedItem> {
    const key = JSON.stringify([walk.operation, walk.caller, walk.searchValue, walk.pageSize, page.pageNumber]);
    let fetched = this.pages.get(key);
    if (!fetched) {
      fetched = fetchListingPage(this.session, walk.operation, {
        pagination: { pageNumber: page.pageNumber, pageSize: walk.pageSize },
        caller: walk.caller,
        ...(walk.searchValue !== undefined ? { searchValue: walk.searchValue } : {}),
      });
      this.pages.set(key, fetched);
    }
    const again = await fetched;
    return { again, item: again.ok ? again.page.items.find((item) => itemId(item) === id) : undefined };
  }
}
