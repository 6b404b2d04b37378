/** Faults that break the pagination rules of §2.11, §4.1, §4.2 and §8. */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { badRequest } from "../http/errorResponses.js";
import { DEFAULT_BEHAVIOUR } from "../behaviour/ReferenceBehaviour.js";
import type { ReferenceData } from "../data/referenceData.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, rewriteJson } from "./rewriteJson.js";

/** The most items the capping faults serve per page. */
const PAGE_SIZE_CAP = 20;
const INT32_MAX = 2 ** 31 - 1;
const UINT32_RANGE = 2n ** 32n;

/** How many items the admin (who sees every listed item) finds for a listing request. */
function adminCount(data: ReferenceData, operation: string, searchValue: string): number {
  if (operation === "listFactoryDefaultWidgets") {
    return data.widgets.filter(
      (record) =>
        DEFAULT_BEHAVIOUR.canListWidget("admin", record) && DEFAULT_BEHAVIOUR.widgetMatches(record, searchValue, data),
    ).length;
  }
  return data.landingPages.filter(
    (record) =>
      DEFAULT_BEHAVIOUR.canListLandingPage("admin", record) && DEFAULT_BEHAVIOUR.landingMatches(record, searchValue),
  ).length;
}

/** pageNumber and pageSize of a listing request, defaults of §8 applied. */
function pageOf(body: unknown): { pageNumber: number; pageSize: number; searchValue: string } {
  const request = isJsonObject(body) ? body : {};
  const pagination = isJsonObject(request.pagination) ? request.pagination : {};
  return {
    pageNumber: typeof pagination.pageNumber === "number" ? pagination.pageNumber : 0,
    pageSize: typeof pagination.pageSize === "number" ? pagination.pageSize : 10,
    searchValue: typeof request.searchValue === "string" ? request.searchValue : "",
  };
}

const isListing = (operation: string) => operation === "listFactoryDefaultWidgets" || operation === "listLandingPages";

/** One rule each: default size, first index, totals, overlap, page size, past the end. */
export const PAGINATION_FAULTS: readonly ReferenceFault[] = [
  {
    name: "pagination-default-20",
    section: "§4.1",
    description: "Without pagination, both listings return the first 20 results instead of the first 10.",
    caughtBy: ["pagination.default-first-10"],
    mayAlsoFail: {
      "search.without-pagination-first-10": "a search without pagination returns its first 20 results too",
    },
    behaviour: () => ({ listingQuery: (query) => (query.paginationGiven ? query : { ...query, pageSize: 20 }) }),
  },
  {
    name: "landing-default-returns-all",
    section: "§4.2",
    description: "listLandingPages without pagination returns every page instead of the first 10.",
    caughtBy: ["pagination.default-first-10"],
    behaviour: () => ({
      listingQuery: (query, operation) =>
        query.paginationGiven || operation !== "listLandingPages"
          ? query
          : { ...query, pageSize: Number.MAX_SAFE_INTEGER },
    }),
  },
  {
    name: "pagination-required-400",
    section: "§4.1",
    description:
      "A listing request without pagination gets 400 (pagination is required) instead of the first 10 results.",
    caughtBy: ["http.valid-request-ok", "pagination.default-first-10"],
    mayAlsoFail: {
      "pagination.first-page-index-0":
        "it compares page 0 with the listing asked for without pagination, which gets 400",
      "search.without-pagination-first-10": "it searches without pagination, which gets 400",
    },
    respond: (response, { operation, body }) =>
      response.status === 200 &&
      LISTING_OPERATIONS.includes(operation) &&
      isJsonObject(body) &&
      body.pagination === undefined
        ? badRequest(operation, "pagination is required.", "missingField")
        : response,
  },
  {
    name: "page-number-one-based",
    section: "§2.11",
    description: "pageNumber counts from 1: page 0 is empty and page 1 holds the first results.",
    caughtBy: ["pagination.first-page-index-0", "pagination.default-first-10"],
    mayAlsoFail: {
      "pagination.page-size-honoured": "the first and last pages it counts are shifted by one page",
      "pagination.walk-covers-all": "a walk from page 0 meets an empty first page and stops",
      "search.filtered-walk": "search results are paginated the same way, so their walks meet an empty page 0",
      "search.widgets-by-name-or-description":
        "a search with a single result, asked from page 0, comes back empty and the walk stops there",
      "search.widgets-case-insensitive-non-ascii":
        "a search with a single result, asked from page 0, comes back empty and the walk stops there",
      "pagination.large-numbers":
        "page 1 of a huge page size is the first page when pages count from 1, and holds every item",
    },
    behaviour: () => ({
      listingQuery: (query) => (query.paginationGiven ? { ...query, pageNumber: query.pageNumber - 1 } : query),
    }),
  },
  {
    name: "total-pages-floored",
    section: "§2.11",
    description: "totalPages is floor(totalElements / pageSize) instead of the ceiling, losing the last partial page.",
    caughtBy: ["pagination.totals-consistent"],
    mayAlsoFail: {
      "pagination.large-numbers": "totalPages is floored for every page size, the boundary sizes included",
      "pagination.default-first-10": "it also compares the unpaginated totalPages with ceil(totalElements / 10)",
      "pagination.walk-covers-all": "walks stop at the floored totalPages, before the last partial page",
      "search.results-subset":
        "the unfiltered walk misses the last partial page, so search results from it look like strangers",
      "search.filtered-walk": "search results get the floored totalPages too",
      "permissions.listing-facts":
        "the restricted user's walk stops at the floored totalPages, so its last partial page looks missing",
      "permissions.restricted-search-subset":
        "the restricted user's unfiltered walk misses its last partial page, so its search results look like strangers",
    },
    behaviour: (correct) => ({
      paginate: (items, query) => ({
        ...correct.paginate(items, query),
        totalPages: Math.floor(items.length / query.pageSize),
      }),
    }),
  },
  {
    name: "total-elements-page-count",
    section: "§2.11",
    description: "totalElements counts the items on the returned page instead of all results.",
    caughtBy: ["pagination.totals-consistent"],
    mayAlsoFail: {
      "pagination.large-numbers":
        "totalElements counts only the page asked, so a huge page holds more items than the totals say",
      "pagination.default-first-10":
        "the unpaginated totalPages no longer matches the page's own totalElements in pages of 10",
      "pagination.page-size-honoured":
        "it expects min(pageSize, totalElements) items, and totalElements is the first page's count",
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
      "pagination.walk-covers-all": "its walks with page sizes under 10 get 10 items on a page and stop there",
      "search.filtered-walk": "search results are walked in small page sizes, and each page holds 10",
    },
    behaviour: () => ({ listingQuery: (query) => ({ ...query, pageSize: 10 }) }),
  },
  {
    name: "past-end-repeats-last-page",
    section: "§2.11",
    description: "A page index past the last page returns the last page again instead of an empty page.",
    caughtBy: ["pagination.past-end-empty"],
    mayAlsoFail: {
      "pagination.large-numbers": "a boundary page number is past the end too, so it gets the last page again",
    },
    behaviour: (correct) => ({
      paginate: (items, query) => {
        const last = Math.max(0, Math.ceil(items.length / query.pageSize) - 1);
        return correct.paginate(items, { ...query, pageNumber: Math.min(query.pageNumber, last) });
      },
    }),
  },
  {
    name: "page-size-cap-inconsistent",
    section: "§2.11",
    description:
      `A page holds at most ${PAGE_SIZE_CAP} items, but its offset and totalPages are computed from the requested ` +
      `pageSize, so a walk with a larger size skips items.`,
    caughtBy: ["pagination.totals-consistent", "pagination.walk-covers-all", "pagination.large-numbers"],
    behaviour: (correct) => ({
      paginate: (items, query) => {
        const start = query.pageNumber * query.pageSize;
        return {
          ...correct.paginate(items, query),
          items: items.slice(start, start + Math.min(query.pageSize, PAGE_SIZE_CAP)),
        };
      },
    }),
  },
  {
    name: "restricted-totals-count-all",
    section: "§2.11",
    description:
      "The restricted user's listing totals count every item the admin would find, including those it cannot see.",
    caughtBy: ["pagination.walk-covers-all", "pagination.page-size-honoured", "permissions.restricted-search-subset"],
    respond: (response, { operation, user, body, data }) =>
      rewriteJson(response, response.status === 200 && user === "restricted" && isListing(operation), (json) => {
        const { pageSize, searchValue } = pageOf(body);
        const totalElements = adminCount(data, operation, searchValue);
        return { ...json, listInformation: { totalElements, totalPages: Math.ceil(totalElements / pageSize) } };
      }),
  },
  {
    name: "int32-overflow-500",
    section: "§2.11",
    description:
      "The offset pageNumber × pageSize is computed in 32-bit signed arithmetic: past 2^31 − 1 the listing answers 500.",
    caughtBy: ["pagination.large-numbers"],
    mayAlsoFail: {
      "http.valid-request-ok":
        "the generators draw page numbers and sizes past 2^31 too, so a drawn request may overflow",
      "http.no-server-error":
        "the generators draw page numbers and sizes past 2^31 too, so a drawn request may get the 500",
    },
    respond: (response, { operation, body }) => {
      const { pageNumber, pageSize } = pageOf(body);
      return response.status === 200 && isListing(operation) && pageNumber * pageSize > INT32_MAX
        ? { status: 500, json: { message: "java.lang.ArithmeticException: integer overflow" } }
        : response;
    },
  },
  {
    name: "negative-page-number-clamped",
    section: "§2.11",
    description:
      "A negative pageNumber is clamped to 0 (Math.max(0, pageNumber)) instead of refused: page -1 answers 200 with the first page's items.",
    caughtBy: ["pagination.invalid-rejected"],
    mayAlsoFail: {
      "errors.invalid-request-rejected": "its generated pageNumber below 0, when drawn, gets 200 instead of 400",
    },
    requestBody: (body) => {
      if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
      const { pageNumber } = body.pagination;
      if (typeof pageNumber !== "number" || pageNumber >= 0) return body;
      return { ...body, pagination: { ...body.pagination, pageNumber: 0 } };
    },
  },
  {
    name: "large-page-number-wraps",
    section: "§2.11",
    description:
      "A pageNumber of 2^32 or more wraps modulo 2^32 (page 2^32 is page 0) and returns items far past the end.",
    caughtBy: ["pagination.large-numbers"],
    requestBody: (body) => {
      if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
      const { pageNumber } = body.pagination;
      if (typeof pageNumber !== "number" || !Number.isInteger(pageNumber) || pageNumber < 2 ** 32) return body;
      return { ...body, pagination: { ...body.pagination, pageNumber: Number(BigInt(pageNumber) % UINT32_RANGE) } };
    },
  },
  {
    name: "negative-page-size-served",
    section: "§2.11",
    description:
      "A negative pageSize is served as its absolute value (pageSize -5 gives pages of 5) instead of refused with 400.",
    caughtBy: ["pagination.invalid-rejected"],
    mayAlsoFail: {
      "errors.invalid-request-rejected": "its generated pageSize below 1, when a negative one is drawn, gets 200",
    },
    requestBody: (body) => {
      if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
      const { pageSize } = body.pagination;
      if (typeof pageSize !== "number" || !Number.isSafeInteger(pageSize) || pageSize >= 0) return body;
      return { ...body, pagination: { ...body.pagination, pageSize: -pageSize } };
    },
  },
];
