/**
 * What the suite knows about the target during a run (discovery): the page sizes each listing
 * serves, the listings as each user sees them, the single-item reads, the searches asked, and the
 * generators' request context. Each is learned once, from the target and the configuration only,
 * and shared by every check; the members are named and typed, and the TargetSession under it
 * only sends.
 */
import type { OperationName } from "../../../contract/operations.js";
import type { RequestContext } from "../../../generators/requestContext.js";
import type { Caller, TargetSession } from "../../../runner/engine/TargetSession.js";
import type { ReadOperation } from "../requests/itemTargets.js";
import { walkListing, type ListingWalk } from "../walks/walkListing.js";
import { discoveredIds } from "./discoveredIds.js";
import { readItems, type ItemReads } from "./itemReads.js";
import { learnPageSizeLimits, type PageSizeLimits } from "./pageSizeLimits.js";
import { buildRequestContext } from "./buildRequestContext.js";
import { walkSearch } from "./searchListing.js";

/** The value under `key`, computed on first ask and shared after. */
function once<K, V>(memo: Map<K, Promise<V>>, key: K, compute: () => Promise<V>): Promise<V> {
  let value = memo.get(key);
  if (!value) {
    value = compute();
    memo.set(key, value);
  }
  return value;
}

/** The size of the second walk: 7, so that pages split differently from every larger size; 3 for 7 items or fewer, so that it still has several pages. */
export function smallPageSize(total: number): number {
  return total > 7 ? 7 : 3;
}

/** The run's knowledge of its target. */
export class TargetKnowledge {
  private readonly pageSizes = new Map<OperationName, Promise<PageSizeLimits>>();
  private readonly listings = new Map<`${OperationName} ${Caller}`, Promise<ListingWalk>>();
  private readonly smallPageListings = new Map<`${OperationName} ${Caller}`, Promise<ListingWalk>>();
  private readonly itemReads = new Map<`${ReadOperation} ${Caller}`, Promise<ItemReads>>();
  private readonly searches = new Map<string, Promise<ListingWalk>>();
  private context: Promise<RequestContext> | undefined;

  constructor(readonly session: TargetSession) {}

  /** The page sizes a listing serves, learned by the main user (pageSizeLimits). */
  pageSizeLimits(operation: OperationName): Promise<PageSizeLimits> {
    return once(this.pageSizes, operation, () => learnPageSizeLimits(this.session, operation));
  }

  /** A listing as `caller` sees it, walked with the largest page size the target serves. */
  listing(operation: OperationName, caller: Caller = "admin"): Promise<ListingWalk> {
    return once(this.listings, `${operation} ${caller}`, async () => {
      const { largest } = await this.pageSizeLimits(operation);
      const { session } = this;
      return walkListing(session, operation, { caller, pageSize: largest, maxPages: session.settings.maxPagesWalked });
    });
  }

  /**
   * The same listing walked with small pages (smallPageSize), shared by the checks that compare the
   * two walks: every item once over both (pagination.walk-covers-all), the same values at both sizes
   * (consistency.page-sizes-agree).
   */
  smallPageListing(operation: OperationName, caller: Caller = "admin"): Promise<ListingWalk> {
    return once(this.smallPageListings, `${operation} ${caller}`, async () => {
      const main = await this.listing(operation, caller);
      const { session } = this;
      return walkListing(session, operation, {
        caller,
        pageSize: smallPageSize(main.totalElements ?? 0),
        maxPages: session.settings.maxPagesWalked,
      });
    });
  }

  /** Ids of the widgets the main user's listing returned (§4.1). */
  async widgetIds(): Promise<string[]> {
    return discoveredIds(await this.listing("listFactoryDefaultWidgets"));
  }

  /** Every known id of `operation` read by `caller`: listed widgets (bounded), configured analytics. */
  reads(operation: ReadOperation, caller: Caller = "admin"): Promise<ItemReads> {
    return once(this.itemReads, `${operation} ${caller}`, async () => {
      const known =
        operation === "getWidget"
          ? discoveredIds(await this.listing("listFactoryDefaultWidgets", caller))
          : [...new Set(this.session.settings.fixtures.analyticIds)];
      return readItems(this.session, operation, caller, known);
    });
  }

  /** The result of one search as `caller`, walked (bounded). */
  search(operation: OperationName, searchValue: string, caller: Caller = "admin"): Promise<ListingWalk> {
    return once(this.searches, JSON.stringify([operation, caller, searchValue]), () =>
      walkSearch(this.session, operation, searchValue, caller),
    );
  }

  /** The generators' request context, from what was discovered and configured. */
  requestContext(): Promise<RequestContext> {
    this.context ??= buildRequestContext(this);
    return this.context;
  }
}

const KNOWLEDGE = new WeakMap<TargetSession, TargetKnowledge>();

/** The knowledge of the run `session` belongs to (one per session). */
export function knowledgeOf(session: TargetSession): TargetKnowledge {
  let knowledge = KNOWLEDGE.get(session);
  if (!knowledge) {
    knowledge = new TargetKnowledge(session);
    KNOWLEDGE.set(session, knowledge);
  }
  return knowledge;
}
