/** Faults that break the pagination rules of §2.11, §4.1, §4.2 and §8. */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject } from "./rewriteJson.js";

/** One rule each: default size, first index, totals, overlap, page size, past the end. */
export const PAGINATION_FAULTS: readonly ReferenceFault[] = [
  {
    name: "pagination-default-20",
    section: "§4.1",
    description: "Without pagination, both listings return the first 20 results instead of the first 10.",
    caughtBy: ["pagination.default-first-10"],
    behaviour: () => ({ listingQuery: (query) => (query.paginationGiven ? query : { ...query, pageSize: 20 }) }),
  },
  {
    name: "landing-default-returns-all",
    section: "§4.2",
    description: "listLandingPages without pagination returns every page instead of the first 10.",
    caughtBy: ["pagination.default-first-10"],
    behaviour: () => ({
      listingQuery: (query, operation) =>
        query.paginationGiven || operation !== "listLandingPages" ? query : { ...query, pageSize: Number.MAX_SAFE_INTEGER },
    }),
  },
  {
    name: "pagination-required-400",
    section: "§4.1",
    description: "A listing request without pagination gets 400 (pagination is required) instead of the first 10 results.",
    caughtBy: ["http.valid-request-ok", "pagination.default-first-10"],
    mayAlsoFail: {
      "pagination.first-page-index-0": "it compares page 0 with the listing asked for without pagination, which gets 400",
    },
    respond: (response, { operation, body }) =>
      response.status === 200 && LISTING_OPERATIONS.includes(operation) && isJsonObject(body) && body.pagination === undefined
        ? badRequest(operation, "pagination is required.", "missingField")
        : response,
  },
  {
    name: "page-number-one-based",
    section: "§2.11",
    description: "pageNumber counts from 1: page 0 is empty and page 1 holds the first results.",
    caughtBy: ["pagination.first-page-index-0"],
    mayAlsoFail: {
      "pagination.default-first-10": "page 0 of size 10, which it compares with no pagination, comes back empty",
      "pagination.page-size-honoured": "the first and last pages it counts are shifted by one page",
      "pagination.walk-covers-all": "a walk from page 0 meets an empty first page and stops",
      "search.filtered-walk": "search results are paginated the same way, so their walks meet an empty page 0",
    },
    behaviour: () => ({ listingQuery: (query) => (query.paginationGiven ? { ...query, pageNumber: query.pageNumber - 1 } : query) }),
  },
  {
    name: "total-pages-floored",
    section: "§2.11",
    description: "totalPages is floor(totalElements / pageSize) instead of the ceiling, losing the last partial page.",
    caughtBy: ["pagination.totals-consistent"],
    mayAlsoFail: {
      "pagination.default-first-10": "it also compares the unpaginated totalPages with ceil(totalElements / 10)",
      "pagination.walk-covers-all": "walks stop at the floored totalPages, before the last partial page",
      "search.results-subset": "the unfiltered walk misses the last partial page, so search results from it look like strangers",
      "search.filtered-walk": "search results get the floored totalPages too",
    },
    behaviour: (correct) => ({
      paginate: (items, query) => ({ ...correct.paginate(items, query), totalPages: Math.floor(items.length / query.pageSize) }),
    }),
  },
  {
    name: "total-elements-page-count",
    section: "§2.11",
    description: "totalElements counts the items on the returned page instead of all results.",
    caughtBy: ["pagination.totals-consistent"],
    mayAlsoFail: {
      "pagination.default-first-10": "the unpaginated totalPages no longer matches the page's own totalElements in pages of 10",
      "pagination.page-size-honoured": "it expects min(pageSize, totalElements) items, and totalElements is the first page's count",
      "pagination.walk-covers-all": "a walk sees more items than totalElements says",
      "pagination.past-end-empty": "totalElements, which it compares past the end, changes with the page asked",
      "search.filtered-walk": "walks of search results see more items than totalElements says",
    },
    behaviour: (correct) => ({
      paginate: (items, query) => {
        const page = correct.paginate(items, query);
        return { ...page, totalElements: page.items.length };
      },
    }),
  },
  {
    name: "pages-overlap",
    section: "§2.11",
    description: "Every page after the first starts one item early, repeating the last item of the previous page.",
    caughtBy: ["pagination.walk-covers-all"],
    mayAlsoFail: {
      "pagination.first-page-index-0": "page 1 repeats the last item of page 0, which it reads as overlapping pages",
      "pagination.page-size-honoured": "the last page starts one item early and holds one item too many",
      "search.filtered-walk": "the pages of search results overlap too",
    },
    behaviour: (correct) => ({
      paginate: (items, query) => {
        const start = Math.max(0, query.pageNumber * query.pageSize - (query.pageNumber > 0 ? 1 : 0));
        return { ...correct.paginate(items, query), items: items.slice(start, start + query.pageSize) };
      },
    }),
  },
  {
    name: "page-size-ignored",
    section: "§2.11",
    description: "pageSize is ignored: every page holds 10 results whatever size was asked.",
    caughtBy: ["pagination.page-size-honoured"],
    mayAlsoFail: {
      "pagination.totals-consistent": "totalPages is counted in pages of 10, not of the size asked",
      "search.filtered-walk": "search results are walked in small page sizes, and each page holds 10",
    },
    behaviour: () => ({ listingQuery: (query) => ({ ...query, pageSize: 10 }) }),
  },
  {
    name: "past-end-repeats-last-page",
    section: "§2.11",
    description: "A page index past the last page returns the last page again instead of an empty page.",
    caughtBy: ["pagination.past-end-empty"],
    behaviour: (correct) => ({
      paginate: (items, query) => {
        const last = Math.max(0, Math.ceil(items.length / query.pageSize) - 1);
        return correct.paginate(items, { ...query, pageNumber: Math.min(query.pageNumber, last) });
      },
    }),
  },
];
