/**
 * Pagination checks of which page comes back (§2.11, §4.1, §4.2, §8): without pagination the
 * first 10, index 0 the first page, a page past the end empty. Expectations come from the target's totals.
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { knownTotal } from "../_internals/discovery/knownTotal.js";
import { fetchOrFail } from "../_internals/judges/fetchOrFail.js";
import { answered, describeAnswer } from "../_internals/judges/judgeExchange.js";
import {
  describePageRequest,
  fetchListingPage,
  type FetchedPage,
  type PageRequest,
} from "../_internals/walks/fetchListingPage.js";
import { expectedTotalPages, itemKey } from "../_internals/walks/listingPage.js";

const keys = (page: FetchedPage) => page.page.items.map(itemKey);

/** pagination.default-first-10 (§4.1, §4.2, §8). */
export const paginationDefaultFirst10: CheckDefinition = {
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
      judge.note(`Without pagination: ${unpaged.page.items.length} of ${total} items, identical to page 0 of size 10.`);
    }
  },
};

/** pagination.first-page-index-0 (§2.11, §8). */
export const paginationFirstPageIndex0: CheckDefinition = {
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
};

/** pagination.past-end-empty (§2.11, §8). */
export const paginationPastEndEmpty: CheckDefinition = {
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
        judge.fail(`${label} holds ${fetched.page.items.length} items although the listing has ${lastPages} page(s).`, {
          expected: "an empty page",
          actual: `${fetched.page.items.length} items`,
          evidence: item,
        });
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
};
