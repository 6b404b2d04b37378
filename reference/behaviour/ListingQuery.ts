/** A validated listing request (§4.1, §4.2) and the page it yields (§2.11). */

/** What a listing asks for, after validation and the §8 defaults. */
export interface ListingQuery {
  readonly pageNumber: number;
  readonly pageSize: number;
  /** False when the request had no `pagination` object (§4.1: then the first 10 results). */
  readonly paginationGiven: boolean;
  /** Empty or absent means no filter. */
  readonly searchValue: string;
}

/** One page of a listing with its totals (§2.11). */
export interface ListingPage<T> {
  readonly items: readonly T[];
  readonly totalElements: number;
  readonly totalPages: number;
}
