/**
 * Walks the pages of a listing (§2.11) up to a bound, sequentially, never throwing:
 * whatever stops the walk (an error status, a body that is not a listing, the bound)
 * is recorded so that checks can say what they could and could not see; a walk cut at the
 * bound is also noted on the session, for the report's meta.sampling.
 */
import type { OperationName } from "../../../contract/operations.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { exchangeRedactor } from "../../../runner/http/exchangeRedactor.js";
import { incompleteAnswer } from "../../../runner/engine/incompleteAnswer.js";
import { readListingPage, type ListingPage } from "./listingPage.js";
import type { Caller, TargetSession } from "../../../runner/engine/TargetSession.js";

/** One page fetched during a walk. */
export interface WalkedPage {
  readonly pageNumber: number;
  readonly exchange: Exchange;
  readonly page: ListingPage;
}

/** Everything a walk saw. */
export interface ListingWalk {
  readonly operation: OperationName;
  readonly caller: Caller;
  readonly pageSize: number;
  readonly searchValue?: string;
  readonly pages: readonly WalkedPage[];
  /** Items of every walked page, in order (duplicates kept). */
  readonly items: readonly unknown[];
  /** Totals of the first page. */
  readonly totalElements?: number;
  readonly totalPages?: number;
  /** True when every page up to totalPages was fetched and read. */
  readonly complete: boolean;
  /** Why the walk stopped early, when it did. */
  readonly stop?: WalkStop;
}

/**
 * Why a walk stopped before the end. `sampling-bound` is the suite's own limit (--max-pages) and
 * `rate-limited` a 429 that outlasted the client's waits: neither breaks a rule of the target;
 * every other reason is something the target answered.
 */
export interface WalkStop {
  readonly reason:
    | "sampling-bound"
    | "rate-limited"
    | "no-response"
    | "error-status"
    | "not-json"
    | "not-a-listing"
    | "no-totals"
    | "empty-page"
    | "oversized-page";
  /** One sentence for reports, e.g. "page 3: status 500". */
  readonly message: string;
}

/** True when the walk was stopped by something the target answered (not by the sampling bound). */
export function stoppedByTarget(walk: ListingWalk): boolean {
  return walk.stop !== undefined && walk.stop.reason !== "sampling-bound" && walk.stop.reason !== "rate-limited";
}

/** Options of a walk. */
export interface WalkOptions {
  readonly caller?: Caller;
  readonly pageSize: number;
  readonly searchValue?: string;
  /** Stop after this many pages (large targets are sampled). */
  readonly maxPages: number;
}

function stopReason(exchange: Exchange, page: ListingPage): [WalkStop["reason"], string] | undefined {
  const trouble = incompleteAnswer(exchange);
  const cause = (): string =>
    exchangeRedactor(exchange)
      .text(trouble?.message ?? "no response")
      .replace(/\.$/, "");
  // incompleteAnswer() calls every 429 rate-limited.
  if (trouble?.kind === "rate-limited") return ["rate-limited", `still rate limited (429): ${cause()}`];
  if (trouble || !exchange.response)
    return ["no-response", `no complete answer (${trouble?.kind ?? "other"}: ${cause()})`];
  if (exchange.response.status !== 200) return ["error-status", `status ${exchange.response.status}`];
  if (!exchange.isJson) return ["not-json", "the body is not JSON"];
  if (page.shape === "invalid") return ["not-a-listing", "the body is not a listing object"];
  if (page.totalElements === undefined || page.totalPages === undefined)
    return ["no-totals", "the body has no integer totals"];
  return undefined;
}

/**
 * What ends the walk after a page it could read: an oversized page stops it; an empty page ends
 * it ("end"), stopping it early when the totals promised more pages; undefined walks on.
 */
function endAfter(
  page: ListingPage,
  pageNumber: number,
  pageSize: number,
  totalPages: number | undefined,
): WalkStop | "end" | undefined {
  if (page.items.length > pageSize) {
    // Holding more records than pageSize breaks §2.11 on its own; walking on would keep page after
    // page of a target that ignores pageSize (50 pages of 1,000,000 items each) in memory.
    return {
      reason: "oversized-page",
      message: `page ${pageNumber} holds ${page.items.length} items, more than the page size ${pageSize} asked`,
    };
  }
  if (page.items.length === 0) {
    // An empty page ends the walk whatever the totals say.
    if (totalPages !== undefined && pageNumber < totalPages - 1) {
      return { reason: "empty-page", message: `page ${pageNumber} is empty although totalPages is ${totalPages}` };
    }
    return "end";
  }
  return undefined;
}

/** Tells the session a walk stopped at the sampling bound (--max-pages), for meta.sampling. */
function noteSampledWalk(
  session: TargetSession,
  operation: OperationName,
  options: WalkOptions,
  { totalPages, totalElements }: { totalPages: number | undefined; totalElements: number | undefined },
  items: readonly unknown[],
): void {
  session.noteSampledWalk({
    operation,
    kind: options.searchValue !== undefined ? "search" : "listing",
    maxPages: options.maxPages,
    pageSize: options.pageSize,
    ...(totalPages !== undefined ? { totalPages } : {}),
    ...(totalElements !== undefined ? { totalElements } : {}),
    itemsSeen: items.length,
  });
}

/** Walks pages 0, 1, … of a listing. */
export async function walkListing(
  session: TargetSession,
  operation: OperationName,
  options: WalkOptions,
): Promise<ListingWalk> {
  const caller = options.caller ?? "admin";
  const pages: WalkedPage[] = [];
  let stop: WalkStop | undefined;
  let totalPages: number | undefined;
  let totalElements: number | undefined;
  for (let pageNumber = 0; ; pageNumber += 1) {
    if (totalPages !== undefined && pageNumber >= totalPages) break;
    if (pageNumber >= options.maxPages) {
      stop = {
        reason: "sampling-bound",
        message: `walked ${options.maxPages} of ${totalPages ?? "?"} pages (sampling bound --max-pages)`,
      };
      break;
    }
    const json: Record<string, unknown> = { pagination: { pageNumber, pageSize: options.pageSize } };
    if (options.searchValue !== undefined) json.searchValue = options.searchValue;
    const exchange = await session.send(operation, { caller, json });
    const page = readListingPage(operation, exchange.json);
    const problem = stopReason(exchange, page);
    pages.push({ pageNumber, exchange, page });
    if (problem) {
      stop = { reason: problem[0], message: `page ${pageNumber}: ${problem[1]}` };
      break;
    }
    if (pageNumber === 0) {
      totalPages = page.totalPages;
      totalElements = page.totalElements;
    }
    const end = endAfter(page, pageNumber, options.pageSize, totalPages);
    if (end !== undefined) {
      if (end !== "end") stop = end;
      break;
    }
  }
  const complete = stop === undefined && totalPages !== undefined && pages.length >= totalPages;
  const items = pages.flatMap((walked) => walked.page.items);
  // Stopped at the bound rather than at the end: the session reports it in meta.sampling.
  if (stop?.reason === "sampling-bound")
    noteSampledWalk(session, operation, options, { totalPages, totalElements }, items);
  return {
    operation,
    caller,
    pageSize: options.pageSize,
    ...(options.searchValue !== undefined ? { searchValue: options.searchValue } : {}),
    pages,
    items,
    ...(totalElements !== undefined ? { totalElements } : {}),
    ...(totalPages !== undefined ? { totalPages } : {}),
    complete,
    ...(stop !== undefined ? { stop } : {}),
  };
}
