/**
 * Pagination (§2.11, §4.1, §4.2, §8). Every expectation is computed from the totals the
 * target itself reports, never from what a particular data set holds.
 */
import { LISTING_OPERATIONS, type OperationName } from "../../../contract/operations.js";
import type { CheckContext, CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import { answered, describeAnswer } from "./_internals/judgeExchange.js";
import { judgeStatus } from "./_internals/judgeStatus.js";
import { discoveredListing } from "./_internals/discovery.js";
import { describePageRequest, fetchListingPage, type FetchedPage, type PageRequest } from "./_internals/fetchListingPage.js";
import { expectedTotalPages, itemKey } from "./_internals/listingPage.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { walkListing, type ListingWalk } from "./_internals/walkListing.js";
import { judgeWalk } from "./_internals/judgeWalk.js";

/** The listing's totalElements as the discovery walk saw it, or a skip when it could not be read. */
async function knownTotal({ operation, target, judge }: CheckContext): Promise<{ total: number; walk: ListingWalk } | undefined> {
  const walk = await discoveredListing(target, operation);
  if (walk.totalElements === undefined) {
    judge.skip(`the listing's first page could not be read (${walk.stop?.message ?? "no totals"}); see schema.response-body and http.valid-request-ok.`);
    return undefined;
  }
  return { total: walk.totalElements, walk };
}

/** Fetches a page and reports a missing or unreadable answer as a failure; returns undefined then. */
async function fetchOrFail(target: TargetSession, judge: Judgement, operation: OperationName, request: PageRequest): Promise<FetchedPage | undefined> {
  const label = describePageRequest(request);
  const fetched = await fetchListingPage(target, operation, request);
  if (!answered(judge, label, fetched.exchange)) return undefined;
  if (!fetched.ok) {
    judge.fail(`${label}: expected a 200 listing with totals, got ${describeAnswer(fetched.exchange)}.`, {
      expected: "200 with the listing and listInformation (§4.1, §4.2)",
      actual: describeAnswer(fetched.exchange),
      evidence: [evidence(label, fetched.exchange)],
    });
    return undefined;
  }
  return fetched;
}

const keys = (page: FetchedPage) => page.page.items.map(itemKey);

/** Sizes that make floor and ceil differ where possible, plus one above the default. */
function probeSizes(maxPageSize: number): number[] {
  const sizes = [1, 3, 7, 10, Math.min(maxPageSize, 25)];
  return [...new Set(sizes.filter((size) => size >= 1 && size <= maxPageSize))];
}

/** Checks of the pagination family. */
export const paginationChecks: readonly CheckDefinition[] = [
  {
    id: "pagination.default-first-10",
    title: "Without pagination, the first 10 results are returned",
    rule: "When pagination is not defined, the first 10 results are returned (§4.1, §4.2, §8); the first page has index 0.",
    family: "pagination",
    specRefs: ["4.1", "4.2", "8"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: [],
    async run({ operation, target, judge }) {
      const unpaged = await fetchOrFail(target, judge, operation, {});
      const firstTen = await fetchOrFail(target, judge, operation, { pagination: { pageNumber: 0, pageSize: 10 } });
      if (!unpaged || !firstTen) return;
      const total = unpaged.page.totalElements as number;
      const expectedCount = Math.min(10, total);
      const label = "no pagination";
      if (unpaged.page.items.length !== expectedCount) {
        judge.fail(`${label}: got ${unpaged.page.items.length} items although totalElements is ${total}.`, {
          expected: `${expectedCount} items (the first 10 of ${total}, §4.1)`,
          actual: `${unpaged.page.items.length} items`,
          evidence: [evidence(label, unpaged.exchange)],
        });
      } else if (keys(unpaged).join("\n") !== keys(firstTen).join("\n")) {
        judge.fail(`${label}: the items differ from page 0 of size 10.`, {
          expected: "the same items, in the same order, as { pageNumber: 0, pageSize: 10 }",
          actual: `no pagination: ${keys(unpaged).slice(0, 10).join(", ")}\npage 0 size 10: ${keys(firstTen).slice(0, 10).join(", ")}`,
          evidence: [evidence(label, unpaged.exchange), evidence("page 0 of size 10", firstTen.exchange)],
        });
      } else if (total > 0 && unpaged.page.totalPages !== expectedTotalPages(total, 10)) {
        judge.fail(`${label}: totalPages ${unpaged.page.totalPages} does not match ${total} items in pages of 10.`, {
          expected: `totalPages ${expectedTotalPages(total, 10)}`,
          actual: `totalPages ${unpaged.page.totalPages}`,
          evidence: [evidence(label, unpaged.exchange)],
        });
      } else {
        judge.witness(evidence(label, unpaged.exchange));
        judge.note(`Without pagination: ${unpaged.page.items.length} of ${total} items, identical to page 0 of size 10.`);
      }
    },
  },
  {
    id: "pagination.first-page-index-0",
    title: "Page index 0 is the first page",
    rule: "The first page has index 0 (§2.11, §8).",
    family: "pagination",
    specRefs: ["2.11", "8"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: [],
    async run(context) {
      const { operation, target, judge } = context;
      const known = await knownTotal(context);
      if (!known) return;
      if (known.total === 0) return judge.skip("the listing is empty, so there is no first page to look at.");
      const size = known.total >= 2 ? Math.max(1, Math.min(10, Math.floor(known.total / 2))) : 1;
      const unpaged = await fetchOrFail(target, judge, operation, {});
      const page0 = await fetchOrFail(target, judge, operation, { pagination: { pageNumber: 0, pageSize: size } });
      if (!unpaged || !page0) return;
      const label0 = `page 0 of size ${size}`;
      if (page0.page.items.length === 0) {
        return judge.fail(`${label0} is empty although totalElements is ${known.total}.`, {
          expected: `the first ${size} items (index 0 is the first page, §8)`,
          actual: "an empty page",
          evidence: [evidence(label0, page0.exchange)],
        });
      }
      const firstItems = keys(unpaged).slice(0, size);
      if (keys(page0).join("\n") !== firstItems.join("\n")) {
        judge.fail(`${label0} does not hold the first ${size} items of the listing.`, {
          expected: `the first ${size} items of the unpaginated listing: ${firstItems.join(", ")}`,
          actual: keys(page0).join(", "),
          evidence: [evidence(label0, page0.exchange), evidence("no pagination", unpaged.exchange)],
        });
      }
      if (known.total > size) {
        const page1 = await fetchOrFail(target, judge, operation, { pagination: { pageNumber: 1, pageSize: size } });
        if (!page1) return;
        const overlap = keys(page1).filter((key) => keys(page0).includes(key));
        if (overlap.length > 0) {
          judge.fail(`page 1 of size ${size} repeats ${overlap.length} item(s) of page 0.`, {
            expected: "page 1 to follow page 0 without overlap (index 0 is the first page)",
            actual: `repeated: ${overlap.slice(0, 5).join(", ")}`,
            evidence: [evidence(label0, page0.exchange), evidence(`page 1 of size ${size}`, page1.exchange)],
          });
        }
      }
      if (!judge.hasFailed()) {
        judge.witness(evidence(label0, page0.exchange));
        judge.note(`Page 0 of size ${size} holds the first ${size} items.`);
      }
    },
  },
  {
    id: "pagination.page-size-honoured",
    title: "A page holds pageSize items, the last page the rest",
    rule: "pageSize is the number of records per page (§2.11): page 0 holds min(pageSize, totalElements) items; the last page holds the remainder.",
    family: "pagination",
    specRefs: ["2.11"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["max-page-size"],
    async run(context) {
      const { operation, target, judge } = context;
      const known = await knownTotal(context);
      if (!known) return;
      const { total } = known;
      for (const size of probeSizes(target.settings.maxPageSize)) {
        const lastIndex = Math.max(0, expectedTotalPages(total, size) - 1);
        for (const pageNumber of [...new Set([0, lastIndex])]) {
          const request: PageRequest = { pagination: { pageNumber, pageSize: size } };
          const label = describePageRequest(request);
          const fetched = await fetchListingPage(target, operation, request);
          if (!answered(judge, label, fetched.exchange)) continue;
          const expected = Math.max(0, Math.min(size, total - pageNumber * size));
          const details = { expected: `${expected} items (${total} in pages of ${size})`, evidence: [evidence(label, fetched.exchange)] };
          if (!fetched.ok) {
            if (size > 10 && fetched.exchange.response.status >= 400 && fetched.exchange.response.status < 500) {
              judge.depart("max-page-size", `${label} was refused with ${fetched.exchange.response.status}.`, { ...details, actual: describeAnswer(fetched.exchange) });
            } else {
              judge.fail(`${label}: expected a 200 listing, got ${describeAnswer(fetched.exchange)}.`, { ...details, actual: describeAnswer(fetched.exchange) });
            }
            continue;
          }
          const count = fetched.page.items.length;
          if (count === expected) continue;
          if (count < expected && size > 10) {
            judge.depart("max-page-size", `${label} holds ${count} items: the page size looks capped.`, { ...details, actual: `${count} items` });
          } else {
            judge.fail(`${label} holds ${count} items.`, { ...details, actual: `${count} items` });
          }
        }
      }
      judge.applied("max-page-size");
      if (!judge.hasFailed()) judge.note(`Page sizes ${probeSizes(target.settings.maxPageSize).join(", ")} honoured on the first and last pages (${total} items).`);
    },
  },
  {
    id: "pagination.totals-consistent",
    title: "totalPages is ceil(totalElements / pageSize), and totals do not depend on the page asked",
    rule: "totalElements is the number of results found and totalPages the number of pages (§2.11), for the page size asked.",
    family: "pagination",
    specRefs: ["2.11", "1"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["empty-total-pages"],
    async run(context) {
      const { operation, target, judge } = context;
      const known = await knownTotal(context);
      if (!known) return;
      const requests: PageRequest[] = probeSizes(target.settings.maxPageSize).flatMap((size) => [
        { pagination: { pageNumber: 0, pageSize: size } },
        { pagination: { pageNumber: Math.max(0, expectedTotalPages(known.total, size) - 1), pageSize: size } },
      ]);
      const noMatch = `cms-conformance-no-match-${target.settings.seed.toString(36)}-zq`;
      requests.push({ searchValue: noMatch, pagination: { pageNumber: 0, pageSize: 10 } });
      for (const request of requests) {
        const fetched = await fetchOrFail(target, judge, operation, request);
        if (!fetched) continue;
        const label = describePageRequest(request);
        const size = request.pagination?.pageSize ?? 10;
        const totalElements = fetched.page.totalElements as number;
        const totalPages = fetched.page.totalPages as number;
        const item = [evidence(label, fetched.exchange)];
        if (request.searchValue === undefined && totalElements !== known.total) {
          judge.fail(`${label}: totalElements is ${totalElements}, but ${known.total} on page 0 of size 10.`, {
            expected: `totalElements ${known.total} whatever page is asked (§2.11)`,
            actual: `totalElements ${totalElements}`,
            evidence: item,
          });
        }
        if (totalElements === 0) {
          judge.applied("empty-total-pages");
          if (totalPages === 1) judge.depart("empty-total-pages", `${label}: an empty result has totalPages 1.`, { expected: "totalPages 0", actual: "totalPages 1", evidence: item });
          else if (totalPages !== 0) judge.fail(`${label}: an empty result has totalPages ${totalPages}.`, { expected: "totalPages 0 (or 1, register empty-total-pages)", actual: `totalPages ${totalPages}`, evidence: item });
        } else if (totalPages !== expectedTotalPages(totalElements, size)) {
          judge.fail(`${label}: totalPages ${totalPages} does not match ${totalElements} items in pages of ${size}.`, {
            expected: `totalPages ${expectedTotalPages(totalElements, size)} = ceil(${totalElements} / ${size})`,
            actual: `totalPages ${totalPages}`,
            evidence: item,
          });
        }
      }
      if (!judge.hasFailed()) judge.note(`Totals consistent over ${requests.length} requests (${known.total} items).`);
    },
  },
  {
    id: "pagination.walk-covers-all",
    title: "Walking every page yields every item exactly once",
    rule: "Pages partition the result: over all pages each of the totalElements items appears once (§2.11).",
    family: "pagination",
    specRefs: ["2.11"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["repeatable-reads"],
    async run(context) {
      const { operation, target, judge } = context;
      const known = await knownTotal(context);
      if (!known) return;
      const otherSize = known.total > 7 ? 7 : 3;
      const walks = [known.walk, await walkListing(target, operation, { pageSize: otherSize, maxPages: target.settings.maxPagesWalked })];
      for (const walk of walks) judgeWalk(judge, walk);
      const [first, second] = walks as [ListingWalk, ListingWalk];
      if (first.complete && second.complete && !judge.hasFailed()) {
        const a = new Set(first.items.map(itemKey));
        const missing = second.items.map(itemKey).filter((key) => !a.has(key));
        if (missing.length > 0) {
          judge.depart("repeatable-reads", `walks with page sizes ${first.pageSize} and ${second.pageSize} saw different items.`, {
            expected: "the same items whatever the page size",
            actual: `only in the size-${second.pageSize} walk: ${missing.slice(0, 5).join(", ")}`,
            evidence: [evidence(`page 0 of size ${second.pageSize}`, (second.pages[0] as { exchange: Parameters<typeof evidence>[1] }).exchange)],
          });
        }
      }
      if (!judge.hasFailed()) {
        judge.note(walks.map((walk) => `size ${walk.pageSize}: ${walk.pages.length} page(s), ${walk.items.length} item(s)${walk.complete ? "" : ` (${walk.stop?.message ?? "incomplete"})`}`).join("; "));
      }
    },
  },
  {
    id: "pagination.past-end-empty",
    title: "A page past the last one is empty, with the same totals",
    rule: "Not stated; the register's default: a page index past the end gets 200 with an empty page and unchanged totals.",
    family: "pagination",
    specRefs: ["2.11", "8"],
    level: "SHOULD",
    operations: LISTING_OPERATIONS,
    registerRefs: ["page-past-end"],
    async run(context) {
      const { operation, target, judge } = context;
      const known = await knownTotal(context);
      if (!known) return;
      judge.applied("page-past-end");
      const lastPages = known.walk.totalPages ?? 0;
      // Both past the target's own last page, whatever its size: just past it, and far past it.
      for (const pageNumber of [lastPages + 2, lastPages + 1_000_000]) {
        const request: PageRequest = { pagination: { pageNumber, pageSize: 10 } };
        const label = describePageRequest(request);
        const fetched = await fetchListingPage(target, operation, request);
        if (!answered(judge, label, fetched.exchange)) continue;
        const status = fetched.exchange.response.status;
        const item = [evidence(label, fetched.exchange)];
        if (status >= 500) {
          judge.fail(`${label} got ${describeAnswer(fetched.exchange)}.`, { expected: "200 with an empty page", actual: describeAnswer(fetched.exchange), evidence: item });
        } else if (!fetched.ok) {
          judge.depart("page-past-end", `${label} got ${describeAnswer(fetched.exchange)}.`, { expected: "200 with an empty page", actual: describeAnswer(fetched.exchange), evidence: item });
        } else if (fetched.page.items.length > 0) {
          judge.fail(`${label} holds ${fetched.page.items.length} items although the listing has ${lastPages} page(s).`, {
            expected: "an empty page",
            actual: `${fetched.page.items.length} items`,
            evidence: item,
          });
        } else if (fetched.page.totalElements !== known.total) {
          judge.depart("page-past-end", `${label}: totalElements changed to ${fetched.page.totalElements}.`, { expected: `totalElements ${known.total}`, actual: `totalElements ${fetched.page.totalElements}`, evidence: item });
        } else {
          judge.witness(evidence(label, fetched.exchange));
        }
      }
    },
  },
  {
    id: "pagination.invalid-rejected",
    title: "A negative page index, a page size of 0 or a fractional number gets 400",
    rule: "A field filled incorrectly gets 400 (§7): the first page has index 0 (§8) and a page holds at least one record.",
    family: "pagination",
    specRefs: ["7", "2.11"],
    level: "SHOULD",
    operations: LISTING_OPERATIONS,
    registerRefs: ["invalid-field-status"],
    async run({ operation, target, judge }) {
      const cases: [string, Record<string, number>][] = [
        ["negative pageNumber", { pageNumber: -1, pageSize: 10 }],
        ["pageSize 0", { pageNumber: 0, pageSize: 0 }],
        ["negative pageSize", { pageNumber: 0, pageSize: -5 }],
        ["fractional pageNumber", { pageNumber: 1.5, pageSize: 10 }],
        ["fractional pageSize", { pageNumber: 0, pageSize: 2.5 }],
      ];
      for (const [label, pagination] of cases) {
        const exchange = await target.send(operation, { json: { pagination } });
        if (answered(judge, label, exchange)) {
          judgeStatus(judge, label, exchange, { accept: [400], expected: "400 (§7; register invalid-field-status)", register: "invalid-field-status", success: "departure" });
        }
      }
    },
  },
];
