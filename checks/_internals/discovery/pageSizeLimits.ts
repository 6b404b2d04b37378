/**
 * What discovery learns about the page sizes a listing serves (§2.11, §8; register
 * max-page-size), once per run (TargetKnowledge.pageSizeLimits): page 0 is asked with sizes 10, 20, 50, 100, 200, 500, … up to
 * --max-page-size, stopping at the first size the target does not accept, or once a size held
 * the whole listing. Checks then ask only for accepted sizes and walk with the largest.
 */
import type { OperationName } from "../../../contract/operations.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { fetchListingPage, type FetchedPage } from "../walks/fetchListingPage.js";
import { expectedTotalPages } from "../walks/listingPage.js";

/** The size every target must serve (§4.1, §4.2: the first 10 results by default). */
const BASE_PAGE_SIZE = 10;

/**
 * How the target answered page 0 of one size:
 * - accepted: 200 with min(size, total) items and totalPages = ceil(total / size);
 * - refused: no 200 listing;
 * - capped: fewer items, and totalPages counts pages of what was served (every item stays reachable);
 * - inconsistent: fewer items or other totals, and totalPages counts something else (a walk with this size misses items).
 */
export type PageSizeVerdict = "accepted" | "refused" | "capped" | "inconsistent";

/** One rung of the ladder. */
export interface PageSizeProbe {
  readonly size: number;
  readonly fetched: FetchedPage;
  readonly verdict: PageSizeVerdict;
}

/** What the ladder found for one listing (asked as the main user). */
export interface PageSizeLimits {
  readonly operation: OperationName;
  /** totalElements at size 10, when page 0 of size 10 was a listing. */
  readonly total?: number;
  /** Every rung asked, in order; the last is the limit when it was not accepted. */
  readonly probes: readonly PageSizeProbe[];
  /** Every accepted size, ascending (10 always counts: checks judge it whatever the target did). */
  readonly accepted: readonly number[];
  /** The largest accepted size: the size walks use. */
  readonly largest: number;
  /** The largest size not known to be refused: `largest` when the ladder met a limit, else --max-page-size. */
  readonly ceiling: number;
  /** The first size not accepted, when the ladder stopped at one. */
  readonly limit?: PageSizeProbe;
}

/** 10, 20, 50, 100, 200, 500, … up to `max` (and `max` itself when it is not on the ladder). */
export function pageSizeLadder(max: number): number[] {
  const sizes: number[] = [];
  for (let decade = BASE_PAGE_SIZE; decade <= max; decade *= 10) {
    for (const step of [1, 2, 5]) if (decade * step <= max) sizes.push(decade * step);
  }
  if (max > BASE_PAGE_SIZE && !sizes.includes(max)) sizes.push(max);
  return sizes.length > 0 ? sizes : [BASE_PAGE_SIZE];
}

/** The verdict on page 0 of `size`, against the total seen at size 10. */
export function judgePageSize(fetched: FetchedPage, size: number, total: number): PageSizeVerdict {
  if (!fetched.ok) return "refused";
  const served = fetched.page.items.length;
  const { totalElements, totalPages } = fetched.page;
  if (totalElements !== total) return "inconsistent";
  const pagesOf = (per: number) => (total === 0 ? [0, 1] : [expectedTotalPages(total, per)]);
  if (served === Math.min(size, total) && pagesOf(size).includes(totalPages as number)) return "accepted";
  // Fewer items than asked, totals counting pages of what was served. (A page of no item never matches: ceil(total / 0) is Infinity.)
  const short = served < Math.min(size, total);
  if (short && pagesOf(served).includes(totalPages as number)) return "capped";
  return "inconsistent";
}

async function climb(session: TargetSession, operation: OperationName): Promise<PageSizeLimits> {
  const probes: PageSizeProbe[] = [];
  const base = await fetchListingPage(session, operation, { pagination: { pageNumber: 0, pageSize: BASE_PAGE_SIZE } });
  const total = base.ok ? base.page.totalElements : undefined;
  probes.push({ size: BASE_PAGE_SIZE, fetched: base, verdict: base.ok ? "accepted" : "refused" });
  const accepted = [BASE_PAGE_SIZE];
  let limit: PageSizeProbe | undefined;
  if (total !== undefined) {
    for (const size of pageSizeLadder(session.settings.maxPageSize).filter((size) => size > BASE_PAGE_SIZE)) {
      // The previous size already held the whole listing: a larger one would show nothing new.
      if ((accepted[accepted.length - 1] as number) >= total) break;
      const fetched = await fetchListingPage(session, operation, { pagination: { pageNumber: 0, pageSize: size } });
      const probe = { size, fetched, verdict: judgePageSize(fetched, size, total) };
      probes.push(probe);
      if (probe.verdict !== "accepted") {
        limit = probe;
        break;
      }
      accepted.push(size);
    }
  }
  return {
    operation,
    ...(total !== undefined ? { total } : {}),
    probes,
    accepted,
    largest: accepted[accepted.length - 1] as number,
    ceiling:
      limit !== undefined
        ? (accepted[accepted.length - 1] as number)
        : Math.max(BASE_PAGE_SIZE, session.settings.maxPageSize),
    ...(limit !== undefined ? { limit } : {}),
  };
}

/** One sentence on a limit, for the report's sampling notes and the checks' notes. */
export function describePageSizeLimits(limits: PageSizeLimits): string {
  const walked = `listings are walked with pageSize ${limits.largest}`;
  const { limit } = limits;
  if (!limit) return `${limits.operation}: page sizes ${limits.accepted.join(", ")} served as asked; ${walked}`;
  const how =
    limit.verdict === "refused"
      ? `refused (${limit.fetched.exchange.response ? `status ${limit.fetched.exchange.response.status}` : "no answer"})`
      : `served with ${limit.fetched.page.items.length} items and totalPages ` +
        `${limit.fetched.page.totalPages ?? "?"} ` +
        `(${limit.verdict === "capped" ? "a consistent cap" : "totals that do not describe what is served"})`;
  return `${limits.operation}: page sizes ${limits.accepted.join(", ")} served as asked, pageSize ${limit.size} ${how}; ${walked}`;
}

/** The page-size limits of a listing, learned by climbing the ladder; a limit is also written to the report's sampling notes. */
export async function learnPageSizeLimits(session: TargetSession, operation: OperationName): Promise<PageSizeLimits> {
  const limits = await climb(session, operation);
  if (limits.limit) session.noteSampling(`page-sizes:${operation}`, describePageSizeLimits(limits));
  return limits;
}
