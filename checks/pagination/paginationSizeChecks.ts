/**
 * Pagination checks of page sizes and totals (§2.11): a page holds pageSize items, the totals
 * describe the pages served, and a walk covers the listing once, for every user.
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../../runner/engine/Judgement.js";
import { knownTotal } from "../_internals/discovery/knownTotal.js";
import { describePageSizeLimits, type PageSizeLimits } from "../_internals/discovery/pageSizeLimits.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { fetchOrFail } from "../_internals/judges/fetchOrFail.js";
import { answered, describeAnswer } from "../_internals/judges/judgeExchange.js";
import { judgeWalk } from "../_internals/judges/judgeWalk.js";
import { asUser, everyUser } from "../_internals/requests/everyUser.js";
import { describePageRequest, fetchListingPage, type PageRequest } from "../_internals/walks/fetchListingPage.js";
import { expectedTotalPages, itemKey } from "../_internals/walks/listingPage.js";
import { walkListing, type ListingWalk } from "../_internals/walks/walkListing.js";

/** Sizes that make floor and ceil differ where possible, plus one above the default that the target serves. */
function probeSizes(limits: PageSizeLimits): number[] {
  return [...new Set([1, 3, 7, 10, Math.max(10, Math.min(limits.ceiling, 25))])];
}

/**
 * The size the ladder of discovery stopped at (register max-page-size): a 4xx or a consistent cap
 * departs from the default; a 200 that is no listing fails (a 5xx already failed in answered()).
 * Totals that describe neither size are totals-consistent's to judge, an empty first page
 * first-page-index-0's.
 */
function judgeSizeLimit(judge: Judgement, limits: PageSizeLimits): void {
  const { limit } = limits;
  if (!limit || limit.verdict === "inconsistent") return;
  const label = describePageRequest({ pagination: { pageNumber: 0, pageSize: limit.size } });
  const { exchange, page } = limit.fetched;
  if (!answered(judge, label, exchange)) return;
  const details = {
    expected: `min(${limit.size}, totalElements) items, totalPages counting pages of ${limit.size} (§2.11)`,
    evidence: [evidence(label, exchange)],
  };
  if (limit.verdict === "capped") {
    judge.depart(
      "max-page-size",
      `${label} holds ${page.items.length} items: the page size is capped (sizes above ${limits.largest} are not served as asked).`,
      { ...details, actual: `${page.items.length} items, totalPages ${page.totalPages ?? "?"}` },
    );
  } else if (exchange.response.status >= 400) {
    judge.depart("max-page-size", `${label} was refused with ${exchange.response.status}.`, {
      ...details,
      actual: describeAnswer(exchange),
    });
  } else {
    judge.fail(`${label}: expected a 200 listing or a refusal, got ${describeAnswer(exchange)} without a listing.`, {
      ...details,
      actual: describeAnswer(exchange),
    });
  }
}

/**
 * The ladder's limit, when its totals do not describe what it served: totalElements other than
 * at size 10, or totalPages other than ceil(totalElements / items on page 0). A short page whose
 * totalPages counts pages of the size asked is such a case: a walk with that size skips items
 * (§2.11; register max-page-size).
 */
function judgeInconsistentLimit(judge: Judgement, limits: PageSizeLimits): void {
  const { limit, total } = limits;
  if (limit?.verdict !== "inconsistent" || total === undefined) return;
  const { items, totalElements, totalPages } = limit.fetched.page;
  const served = items.length;
  if (totalElements === total && (served === 0 || totalPages === expectedTotalPages(total, served))) return;
  const label = describePageRequest({ pagination: { pageNumber: 0, pageSize: limit.size } });
  judge.fail(
    `${label} holds ${served} items with totalElements ${totalElements} and totalPages ${totalPages}: ` +
      `the totals do not count pages of the ${served} items served, so a walk with this size skips or repeats items.`,
    {
      expected:
        `totalElements ${total} and totalPages ${served > 0 ? expectedTotalPages(total, served) : "?"} = ` +
        `ceil(${total} / ${served}), the items served on page 0`,
      actual: `${served} items, totalElements ${totalElements}, totalPages ${totalPages}`,
      evidence: [evidence(label, limit.fetched.exchange)],
    },
  );
}

/** pagination.page-size-honoured (§2.11). */
export const paginationPageSizeHonoured: CheckDefinition = {
  id: "pagination.page-size-honoured",
  title: "A page holds pageSize items, the last page the rest",
  rule:
    "pageSize is the number of records per page (§2.11): page 0 holds min(pageSize, totalElements) " +
    "items; the last page holds the remainder. For every user.",
  family: "pagination",
  specRefs: ["2.11"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["max-page-size"],
  async run(context) {
    const { operation, target, judge } = context;
    const limits = await knowledgeOf(target).pageSizeLimits(operation);
    judge.applied("max-page-size");
    judgeSizeLimit(judge, limits);
    const sizes = probeSizes(limits);
    const judged: string[] = [];
    for (const caller of everyUser(target)) {
      const known = await knownTotal(context, caller);
      if (!known) continue;
      const { total } = known;
      for (const size of sizes) {
        const lastIndex = Math.max(0, expectedTotalPages(total, size) - 1);
        for (const pageNumber of [...new Set([0, lastIndex])]) {
          const request: PageRequest = { pagination: { pageNumber, pageSize: size }, caller };
          const label = describePageRequest(request);
          const fetched = await fetchListingPage(target, operation, request);
          if (!answered(judge, label, fetched.exchange)) continue;
          const expected = Math.max(0, Math.min(size, total - pageNumber * size));
          const details = {
            expected: `${expected} items (${total} in pages of ${size})`,
            evidence: [evidence(label, fetched.exchange)],
          };
          if (!fetched.ok) {
            judge.fail(`${label}: expected a 200 listing, got ${describeAnswer(fetched.exchange)}.`, {
              ...details,
              actual: describeAnswer(fetched.exchange),
            });
            continue;
          }
          const count = fetched.page.items.length;
          if (count !== expected)
            judge.fail(`${label} holds ${count} items where ${expected} were expected.`, {
              ...details,
              actual: `${count} items`,
            });
        }
      }
      judged.push(`${caller} (${total} items)`);
    }
    judge.note(describePageSizeLimits(limits));
    judge.note(`Page sizes ${sizes.join(", ")} honoured on the first and last pages for ${judged.join(" and ")}.`);
  },
};

/** pagination.totals-consistent (§2.11, §1). */
export const paginationTotalsConsistent: CheckDefinition = {
  id: "pagination.totals-consistent",
  title: "totalPages is ceil(totalElements / pageSize), and totals do not depend on the page asked",
  rule:
    "totalElements is the number of results found and totalPages the number of pages (§2.11), for the " +
    "page size asked (or, under a page-size cap, for the size served); for every user.",
  family: "pagination",
  specRefs: ["2.11", "1"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["empty-total-pages", "max-page-size"],
  async run(context) {
    const { operation, target, judge } = context;
    const limits = await knowledgeOf(target).pageSizeLimits(operation);
    judgeInconsistentLimit(judge, limits);
    let asked = 0;
    for (const caller of everyUser(target)) {
      const known = await knownTotal(context, caller);
      if (!known) continue;
      const requests: PageRequest[] = probeSizes(limits).flatMap((size) => [
        { pagination: { pageNumber: 0, pageSize: size }, caller },
        {
          pagination: { pageNumber: Math.max(0, expectedTotalPages(known.total, size) - 1), pageSize: size },
          caller,
        },
      ]);
      const noMatch = `cms-conformance-no-match-${target.settings.seed.toString(36)}-zq`;
      requests.push({ searchValue: noMatch, pagination: { pageNumber: 0, pageSize: 10 }, caller });
      for (const request of requests) {
        const fetched = await fetchOrFail(target, judge, operation, request);
        if (!fetched) continue;
        asked += 1;
        const label = describePageRequest(request);
        const size = request.pagination?.pageSize ?? 10;
        const totalElements = fetched.page.totalElements as number;
        const totalPages = fetched.page.totalPages as number;
        const item = [evidence(label, fetched.exchange)];
        if (request.searchValue === undefined && totalElements !== known.total) {
          judge.fail(
            `${label}: totalElements is ${totalElements}, but ${known.total} on page 0 of size ${known.walk.pageSize}${asUser(caller)}.`,
            {
              expected: `totalElements ${known.total} whatever page is asked (§2.11)`,
              actual: `totalElements ${totalElements}`,
              evidence: item,
            },
          );
        }
        if (totalElements === 0) {
          judge.applied("empty-total-pages");
          if (totalPages === 1)
            judge.depart("empty-total-pages", `${label}: an empty result has totalPages 1.`, {
              expected: "totalPages 0",
              actual: "totalPages 1",
              evidence: item,
            });
          else if (totalPages !== 0)
            judge.fail(`${label}: an empty result has totalPages ${totalPages}.`, {
              expected: "totalPages 0 (or 1, register empty-total-pages)",
              actual: `totalPages ${totalPages}`,
              evidence: item,
            });
        } else if (totalPages !== expectedTotalPages(totalElements, size)) {
          judge.fail(`${label}: totalPages ${totalPages} does not match ${totalElements} items in pages of ${size}.`, {
            expected: `totalPages ${expectedTotalPages(totalElements, size)} = ceil(${totalElements} / ${size})`,
            actual: `totalPages ${totalPages}`,
            evidence: item,
          });
        }
      }
    }
    judge.note(`Totals consistent over ${asked} requests (${everyUser(target).join(" and ")}).`);
  },
};

/** pagination.walk-covers-all (§2.11). */
export const paginationWalkCoversAll: CheckDefinition = {
  id: "pagination.walk-covers-all",
  title: "Walking every page yields every item exactly once",
  rule:
    "Pages partition the result: over all pages each of the totalElements items appears once (§2.11), " +
    "for every page size the target serves and for every user.",
  family: "pagination",
  specRefs: ["2.11"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["repeatable-reads", "max-page-size"],
  async run(context) {
    const { operation, target, judge } = context;
    const limits = await knowledgeOf(target).pageSizeLimits(operation);
    const notes: string[] = [];
    for (const caller of everyUser(target)) {
      const known = await knownTotal(context, caller);
      if (!known) continue;
      const walks = [known.walk, await knowledgeOf(target).smallPageListing(operation, caller)];
      // A size the target serves short: a consistent cap keeps every item reachable with it; totals of the size asked do not.
      // (A refused size served no item: its page reads as empty.)
      if (caller === "admin" && limits.limit && limits.limit.fetched.page.items.length > 0) {
        walks.push(
          await walkListing(target, operation, {
            caller,
            pageSize: limits.limit.size,
            maxPages: target.settings.maxPagesWalked,
          }),
        );
      }
      for (const walk of walks) judgeWalk(judge, walk);
      const [first, second] = walks as [ListingWalk, ListingWalk];
      if (first.complete && second.complete && !judge.hasFailed()) {
        const a = new Set(first.items.map(itemKey));
        const missing = second.items.map(itemKey).filter((key) => !a.has(key));
        if (missing.length > 0) {
          judge.depart(
            "repeatable-reads",
            `walks with page sizes ${first.pageSize} and ${second.pageSize}${asUser(caller)} saw different items.`,
            {
              expected: "the same items whatever the page size",
              actual: `only in the size-${second.pageSize} walk: ${missing.slice(0, 5).join(", ")}`,
              evidence: [
                evidence(
                  `page 0 of size ${second.pageSize}${asUser(caller)}`,
                  (second.pages[0] as { exchange: Parameters<typeof evidence>[1] }).exchange,
                ),
              ],
            },
          );
        }
      }
      notes.push(
        ...walks.map(
          (walk) =>
            `${walk.caller} size ${walk.pageSize}: ${walk.pages.length} page(s), ${walk.items.length} ` +
            `item(s)${walk.complete ? "" : ` (${walk.stop?.message ?? "incomplete"})`}`,
        ),
      );
    }
    judge.note(notes.join("; "));
  },
};
