/** Faults that break the pagination rules of §2.11, §4.1, §4.2 and §8. */
import type { ReferenceFault } from "./ReferenceFault.js";

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
    name: "page-number-one-based",
    section: "§2.11",
    description: "pageNumber counts from 1: page 0 is empty and page 1 holds the first results.",
    caughtBy: ["pagination.first-page-index-0"],
    behaviour: () => ({ listingQuery: (query) => (query.paginationGiven ? { ...query, pageNumber: query.pageNumber - 1 } : query) }),
  },
  {
    name: "total-pages-floored",
    section: "§2.11",
    description: "totalPages is floor(totalElements / pageSize) instead of the ceiling, losing the last partial page.",
    caughtBy: ["pagination.totals-consistent"],
    behaviour: (correct) => ({
      paginate: (items, query) => ({ ...correct.paginate(items, query), totalPages: Math.floor(items.length / query.pageSize) }),
    }),
  },
  {
    name: "total-elements-page-count",
    section: "§2.11",
    description: "totalElements counts the items on the returned page instead of all results.",
    caughtBy: ["pagination.totals-consistent"],
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
