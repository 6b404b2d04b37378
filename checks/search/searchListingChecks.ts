/**
 * Search checks that a search result is a listing like any other (§2.11, §4.1, §4.2, §8): an empty
 * value lists everything, a result walks page by page, and without pagination its first 10 come back.
 */
import { LISTING_OPERATIONS, type OperationName } from "../../contract/operations.js";
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { readableListing } from "../_internals/discovery/readableListing.js";
import { firstPageOf } from "../_internals/discovery/searchListing.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { searchLabel } from "../_internals/judges/expectFound.js";
import { answered, describeAnswer } from "../_internals/judges/judgeExchange.js";
import { judgeSearchAnswer } from "../_internals/judges/judgeSearchAnswer.js";
import { judgeWalk } from "../_internals/judges/judgeWalk.js";
import { judgeWalkTotals } from "../_internals/judges/judgeWalkTotals.js";
import { searchTerms } from "../_internals/probes/searchTerms.js";
import { describePageRequest, fetchListingPage } from "../_internals/walks/fetchListingPage.js";
import { itemKey } from "../_internals/walks/listingPage.js";
import { walkListing, type ListingWalk } from "../_internals/walks/walkListing.js";

/** Pages a filtered walk fetches at most, so a walk costs at most this many requests. */
const PAGES_PER_FILTERED_WALK = 12;
/** Largest page size a filtered walk asks for: below the default 10, so no page size cap (register max-page-size) can be in play. */
const LARGEST_FILTERED_WALK_SIZE = 9;
/** Search values tried per listing before the filtered walk gives up finding one that matches two or more items. */
const FILTERED_WALK_TRIES = 4;

/**
 * Small page sizes for walking `total` results, 10 excepted (already walked): three sizes that
 * walk them whole in PAGES_PER_FILTERED_WALK pages or fewer, or, for larger results, 7 and 9
 * walked for their first PAGES_PER_FILTERED_WALK pages.
 */
function filteredWalkSizes(total: number, maxPageSize: number): number[] {
  const smallest = Math.max(1, Math.ceil(total / PAGES_PER_FILTERED_WALK));
  const sizes =
    smallest + 2 <= LARGEST_FILTERED_WALK_SIZE
      ? [smallest, smallest + 1, smallest + 2]
      : [7, LARGEST_FILTERED_WALK_SIZE];
  return sizes.filter((size) => size < total && size <= maxPageSize);
}

/** Search values for the filtered walk: terms matching two or more listed items, about as many as a short walk holds first. */
function filteredWalkValues(operation: OperationName, walk: ListingWalk): string[] {
  const terms = searchTerms(operation, walk).filter((term) => term.count >= 2);
  const small = terms.filter((term) => term.count <= (LARGEST_FILTERED_WALK_SIZE - 2) * PAGES_PER_FILTERED_WALK);
  const large = terms
    .filter((term) => term.count > (LARGEST_FILTERED_WALK_SIZE - 2) * PAGES_PER_FILTERED_WALK)
    .reverse();
  const values = [...small, ...large].map((term) => term.value);
  return values.length > 0 ? values : ["a", "e"];
}

/** search.empty-value (§4.1, §4.2). */
export const searchEmptyValue: CheckDefinition = {
  id: "search.empty-value",
  title: "An empty searchValue returns the unfiltered listing",
  rule: "Not stated; the register's default: an empty searchValue behaves like no searchValue.",
  family: "search",
  specRefs: ["4.1", "4.2"],
  level: "SHOULD",
  operations: LISTING_OPERATIONS,
  registerRefs: ["empty-search-value"],
  async run({ operation, target, judge }) {
    judge.applied("empty-search-value");
    const plain = await fetchListingPage(target, operation, {});
    const empty = await fetchListingPage(target, operation, { searchValue: "" });
    const label = describePageRequest({ searchValue: "" });
    if (!answered(judge, "no searchValue", plain.exchange) || !answered(judge, label, empty.exchange)) return;
    if (!plain.ok) return judge.skip("the unfiltered listing did not answer 200 (see http.valid-request-ok).");
    const details = { evidence: [evidence(label, empty.exchange), evidence("no searchValue", plain.exchange)] };
    // answered() has failed a 5xx already; anything else that is not the same listing departs.
    if (
      !empty.ok ||
      empty.page.totalElements !== plain.page.totalElements ||
      empty.page.items.map(itemKey).join() !== plain.page.items.map(itemKey).join()
    ) {
      judge.depart("empty-search-value", `${label} did not return the unfiltered listing.`, {
        ...details,
        expected: `200 with totalElements ${plain.page.totalElements} and the same first page`,
        actual: empty.ok ? `totalElements ${empty.page.totalElements}` : describeAnswer(empty.exchange),
      });
    } else {
      judge.witness(evidence(label, empty.exchange));
    }
  },
};

/** search.filtered-walk (§2.11, §4.1, §4.2). */
export const searchFilteredWalk: CheckDefinition = {
  id: "search.filtered-walk",
  title: "Walking a search result page by page yields each match once, as many as totalElements",
  rule:
    "A filtered listing is paginated like any listing (§2.11, §4.1, §4.2): pageNumber is honoured, no " +
    "item repeats across pages, the pages hold totalElements items in all, and totalPages = ceil(totalElements / pageSize).",
  family: "search",
  specRefs: ["2.11", "4.1", "4.2"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["search-special-characters"],
  async run(context) {
    const { operation, target, judge } = context;
    const full = await readableListing(context);
    if (!full) return;
    const walked: string[] = [];
    const pagesPerWalk = Math.min(PAGES_PER_FILTERED_WALK, target.settings.maxPagesWalked);
    for (const value of filteredWalkValues(operation, full).slice(0, FILTERED_WALK_TRIES)) {
      if (walked.length >= 2) break;
      const byTen = await knowledgeOf(target).search(operation, value);
      const first = firstPageOf(byTen);
      if (!first || !judgeSearchAnswer(judge, searchLabel(value), value, first)) continue;
      const total = byTen.totalElements ?? 0;
      if (total < 2) continue;
      judgeWalk(judge, byTen, `${searchLabel(value)} walked in pages of 10`);
      judgeWalkTotals(judge, byTen, `${searchLabel(value)} walked in pages of 10`);
      const sizes: number[] = [];
      for (const pageSize of filteredWalkSizes(total, target.settings.maxPageSize)) {
        const what = `${searchLabel(value)} walked in pages of ${pageSize}`;
        const walk = await walkListing(target, operation, { searchValue: value, pageSize, maxPages: pagesPerWalk });
        const status = walk.pages[0]?.exchange.response?.status ?? 0;
        if (walk.pages.length === 1 && status >= 400 && status < 500) {
          judge.note(
            `page size ${pageSize} was refused with ${status} (pagination.page-size-honoured judges page sizes)`,
          );
          continue;
        }
        sizes.push(pageSize);
        judgeWalk(judge, walk, what);
        judgeWalkTotals(judge, walk, what);
        if (walk.totalElements !== undefined && walk.totalElements !== total) {
          judge.fail(`${what}: totalElements ${walk.totalElements}, but ${total} in pages of 10.`, {
            expected: `totalElements ${total} whatever the page size (§2.11)`,
            actual: `totalElements ${walk.totalElements}`,
            evidence: walk.pages[0]
              ? [evidence(`${searchLabel(value)}, page 0 of size ${pageSize}`, walk.pages[0].exchange)]
              : [],
          });
        }
      }
      const whole = total <= sizes.reduce((least, size) => Math.min(least, size), 10) * pagesPerWalk;
      walked.push(
        `${JSON.stringify(value)} (${total} results; page sizes ` +
          `10${sizes.map((size) => `, ${size}`).join("")}${whole ? "" : `, the first ${pagesPerWalk} pages of each`})`,
      );
    }
    if (walked.length === 0) return judge.skip("no search value taken from the listing matched two or more items.");
    judge.note(`Walked ${walked.join(" and ")}: every match once, totals consistent.`);
  },
};

/** search.without-pagination-first-10 (§4.1, §4.2, §8). */
export const searchWithoutPaginationFirst10: CheckDefinition = {
  id: "search.without-pagination-first-10",
  title: "A search without pagination returns the first 10 results",
  rule:
    "When pagination is not defined, the first 10 results are returned (§4.1, §4.2, §8), with a " +
    "searchValue too: a value held by 11 or more items returns 10.",
  family: "search",
  specRefs: ["4.1", "4.2", "8"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["search-match-mode"],
  async run(context) {
    const { operation, target, judge } = context;
    const full = await readableListing(context);
    if (!full) return;
    const term = searchTerms(operation, full).find((candidate) => candidate.count >= 11);
    if (!term)
      return judge.skip(
        `no ${operation === "listLandingPages" ? "title word" : "tag"} of the listing is held by 11 or more ` +
          `items, so no search is known to have more than 10 results.`,
      );
    judge.applied("search-match-mode");
    const fetched = await fetchListingPage(target, operation, { searchValue: term.value });
    const label = `${searchLabel(term.value)} without pagination`;
    if (!judgeSearchAnswer(judge, label, term.value, fetched)) return;
    // judgeSearchAnswer passed: a 200 listing with integer totals.
    const { items, totalElements = 0 } = fetched.page;
    const wanted = Math.min(10, totalElements);
    if (items.length === wanted) {
      judge.witness(evidence(label, fetched.exchange));
      return judge.note(`${label}: ${items.length} of ${totalElements} results (${term.count} listed items hold it).`);
    }
    judge.fail(`${label} returned ${items.length} item(s) of ${totalElements}.`, {
      expected: `the first ${wanted}: without pagination the first 10 results are returned (§4.1, §4.2, §8); ${term.count} listed items hold the value`,
      actual: `${items.length} item(s), totalElements ${totalElements}`,
      evidence: [evidence(label, fetched.exchange)],
    });
  },
};
