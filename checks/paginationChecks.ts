/**
 * Pagination (§2.11, §4.1, §4.2, §8). Every expectation is computed from the totals the
 * target itself reports, never from what a particular data set holds.
 */
import { LISTING_OPERATIONS, type OperationName } from "../contract/operations.js";
import type { CheckContext, CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../runner/engine/Judgement.js";
import { answered, describeAnswer } from "./_internals/judges/judgeExchange.js";
import { judgeStatus } from "./_internals/judges/judgeStatus.js";
import { asUser, everyUser } from "./_internals/requests/everyUser.js";
import {
  describePageRequest,
  fetchListingPage,
  type FetchedPage,
  type PageRequest,
} from "./_internals/walks/fetchListingPage.js";
import { judgeLargeNumbers } from "./_internals/judges/judgeLargeNumbers.js";
import { judgeWalk } from "./_internals/judges/judgeWalk.js";
import { expectedTotalPages, itemKey } from "./_internals/walks/listingPage.js";
import { describePageSizeLimits, type PageSizeLimits } from "./_internals/discovery/pageSizeLimits.js";
import type { Caller, TargetSession } from "../runner/engine/TargetSession.js";
import { walkListing, type ListingWalk } from "./_internals/walks/walkListing.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";

/**
 * The listing's totalElements as `caller`'s discovery walk saw it. Undefined when it could not
 * be read: the check is skipped for the main user; for the restricted one (whom a target may
 * refuse listings altogether, §5) a note says the rule was judged for the main user only.
 */
async function knownTotal(
  { operation, target, judge }: CheckContext,
  caller: Caller = "admin",
): Promise<{ total: number; walk: ListingWalk } | undefined> {
  const walk = await knowledgeOf(target).listing(operation, caller);
  if (walk.totalElements !== undefined) return { total: walk.totalElements, walk };
  const why = walk.stop?.message ?? "no totals";
  if (caller === "admin")
    judge.skip(
      `the listing's first page could not be read (${why}); see schema.response-body and http.valid-request-ok.`,
    );
  else judge.note(`The ${caller} user's listing could not be read (${why}); judged for the main user only.`);
  return undefined;
}

/** Fetches a page and reports a missing or unreadable answer as a failure; returns undefined then. */
async function fetchOrFail(
  target: TargetSession,
  judge: Judgement,
  operation: OperationName,
  request: PageRequest,
): Promise<FetchedPage | undefined> {
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
    `${label} holds ${served} items with totalElements ${totalElements} and totalPages ${totalPages}: the totals do not count pages of the ${served} items served, so a walk with this size skips or repeats items.`,
    {
      expected: `totalElements ${total} and totalPages ${served > 0 ? expectedTotalPages(total, served) : "?"} = ceil(${total} / ${served}), the items served on page 0`,
      actual: `${served} items, totalElements ${totalElements}, totalPages ${totalPages}`,
      evidence: [evidence(label, limit.fetched.exchange)],
    },
  );
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
          actual: `no pagination: ${keys(unpaged).join(", ")}\npage 0 size 10: ${keys(firstTen).slice(0, 10).join(", ")}`,
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
        judge.note(
          `Without pagination: ${unpaged.page.items.length} of ${total} items, identical to page 0 of size 10.`,
        );
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
      // Half the listing (so page 1 exists), at least 1 and at most 10.
      const size = Math.max(1, Math.min(10, Math.floor(known.total / 2)));
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
        // A set, not a list: a hostile page of a million items must not make this quadratic.
        const onPage0 = new Set(keys(page0));
        const overlap = keys(page1).filter((key) => onPage0.has(key));
        if (overlap.length > 0) {
          judge.fail(`page 1 of size ${size} repeats ${overlap.length} item(s) of page 0.`, {
            expected: "page 1 to follow page 0 without overlap (index 0 is the first page)",
            actual: `repeated: ${overlap.slice(0, 5).join(", ")}`,
            evidence: [evidence(label0, page0.exchange), evidence(`page 1 of size ${size}`, page1.exchange)],
          });
        }
      }
      judge.witness(evidence(label0, page0.exchange));
      judge.note(`Page 0 of size ${size} holds the first ${size} items.`);
    },
  },
  {
    id: "pagination.page-size-honoured",
    title: "A page holds pageSize items, the last page the rest",
    rule: "pageSize is the number of records per page (§2.11): page 0 holds min(pageSize, totalElements) items; the last page holds the remainder. For every user.",
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
  },
  {
    id: "pagination.totals-consistent",
    title: "totalPages is ceil(totalElements / pageSize), and totals do not depend on the page asked",
    rule: "totalElements is the number of results found and totalPages the number of pages (§2.11), for the page size asked (or, under a page-size cap, for the size served); for every user.",
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
            judge.fail(
              `${label}: totalPages ${totalPages} does not match ${totalElements} items in pages of ${size}.`,
              {
                expected: `totalPages ${expectedTotalPages(totalElements, size)} = ceil(${totalElements} / ${size})`,
                actual: `totalPages ${totalPages}`,
                evidence: item,
              },
            );
          }
        }
      }
      judge.note(`Totals consistent over ${asked} requests (${everyUser(target).join(" and ")}).`);
    },
  },
  {
    id: "pagination.walk-covers-all",
    title: "Walking every page yields every item exactly once",
    rule: "Pages partition the result: over all pages each of the totalElements items appears once (§2.11), for every page size the target serves and for every user.",
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
              `${walk.caller} size ${walk.pageSize}: ${walk.pages.length} page(s), ${walk.items.length} item(s)${walk.complete ? "" : ` (${walk.stop?.message ?? "incomplete"})`}`,
          ),
        );
      }
      judge.note(notes.join("; "));
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
      // Pages of 10 in the listing (the discovery walk may have used another size).
      const lastPages = expectedTotalPages(known.total, 10);
      // Both past the target's own last page: just past it, and far past it.
      for (const pageNumber of [lastPages + 2, lastPages + 1_000_000]) {
        const request: PageRequest = { pagination: { pageNumber, pageSize: 10 } };
        const label = describePageRequest(request);
        const fetched = await fetchListingPage(target, operation, request);
        if (!answered(judge, label, fetched.exchange)) continue;
        const item = [evidence(label, fetched.exchange)];
        // answered() has failed a 5xx already.
        if (!fetched.ok) {
          judge.depart("page-past-end", `${label} got ${describeAnswer(fetched.exchange)}.`, {
            expected: "200 with an empty page",
            actual: describeAnswer(fetched.exchange),
            evidence: item,
          });
        } else if (fetched.page.items.length > 0) {
          judge.fail(
            `${label} holds ${fetched.page.items.length} items although the listing has ${lastPages} page(s).`,
            {
              expected: "an empty page",
              actual: `${fetched.page.items.length} items`,
              evidence: item,
            },
          );
        } else if (fetched.page.totalElements !== known.total) {
          judge.depart("page-past-end", `${label}: totalElements changed to ${fetched.page.totalElements}.`, {
            expected: `totalElements ${known.total}`,
            actual: `totalElements ${fetched.page.totalElements}`,
            evidence: item,
          });
        } else {
          judge.witness(evidence(label, fetched.exchange));
        }
      }
    },
  },
  {
    id: "pagination.large-numbers",
    title:
      "A pageNumber or pageSize past the machine integer sizes gets 400 or a well-formed page, never a server error",
    rule: "pageNumber and pageSize are JSON integers with no stated maximum (§2.11, §8): 2^31 − 1, 2^31, 2^32, 2^53 − 1 and 10^20 get 400 or a 200 that keeps the totals and holds no item past the end, never a 5xx.",
    family: "pagination",
    specRefs: ["2.11", "8", "7"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["large-page-numbers", "max-page-size", "page-past-end"],
    async run(context) {
      const known = await knownTotal(context);
      if (!known) return;
      await judgeLargeNumbers(
        context,
        known.total,
        await knowledgeOf(context.target).pageSizeLimits(context.operation),
      );
    },
  },
  {
    id: "pagination.invalid-rejected",
    title: "A negative page index, a page size of 0 or below, or a fractional number gets 400",
    rule: "A field filled incorrectly gets 400 (§7): pageNumber is the index of a page and the first page has index 0 (§2.11, §8), pageSize the number of records per page (§2.11), so a negative pageNumber and a pageSize of 0 or below are filled incorrectly; any other answer (a page served, another 4xx) fails. A fractional number is the register's (numeric-coercion): another answer below 500 is a warning.",
    family: "pagination",
    specRefs: ["7", "2.11", "8"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["numeric-coercion"],
    async run({ operation, target, judge }) {
      // A fraction is what lenient JSON mappers coerce: its own register entry, as "1" for 1 has.
      const cases: [string, Record<string, number>, string | undefined][] = [
        ["negative pageNumber", { pageNumber: -1, pageSize: 10 }, undefined],
        ["pageSize 0", { pageNumber: 0, pageSize: 0 }, undefined],
        ["negative pageSize", { pageNumber: 0, pageSize: -5 }, undefined],
        ["fractional pageNumber", { pageNumber: 1.5, pageSize: 10 }, "numeric-coercion"],
        ["fractional pageSize", { pageNumber: 0, pageSize: 2.5 }, "numeric-coercion"],
      ];
      for (const [label, pagination, register] of cases) {
        const exchange = await target.send(operation, { json: { pagination } });
        if (!answered(judge, `${label}: pagination ${JSON.stringify(pagination)}`, exchange)) continue;
        judgeStatus(judge, `${label}: pagination ${JSON.stringify(pagination)}`, exchange, {
          accept: [400],
          expected: register
            ? `400 (§7; register ${register})`
            : "400: a field filled incorrectly (§7); the first page has index 0 and a page holds records (§2.11)",
          ...(register ? { register, success: "departure" as const } : {}),
        });
      }
    },
  },
];
