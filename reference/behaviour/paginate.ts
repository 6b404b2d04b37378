/** Index-based pagination of §2.11 and §8. */
import type { ListingPage, ListingQuery } from "./ListingQuery.js";

/** Page `pageNumber` (0 first) of `pageSize` items; totalPages = ceil(total / size), 0 when empty; past the end an empty page. */
export function paginate<T>(items: readonly T[], query: ListingQuery): ListingPage<T> {
  const start = query.pageNumber * query.pageSize;
  const pageItems = start < 0 ? [] : items.slice(start, start + query.pageSize);
  return { items: pageItems, totalElements: items.length, totalPages: Math.ceil(items.length / query.pageSize) };
}
