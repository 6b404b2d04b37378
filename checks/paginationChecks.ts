/**
 * Pagination (§2.11, §4.1, §4.2, §8). Every expectation is computed from the totals the
 * target itself reports, never from what a particular data set holds.
 */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import {
  paginationDefaultFirst10,
  paginationFirstPageIndex0,
  paginationPastEndEmpty,
} from "./pagination/paginationPagesChecks.js";
import {
  paginationPageSizeHonoured,
  paginationTotalsConsistent,
  paginationWalkCoversAll,
} from "./pagination/paginationSizeChecks.js";
import { paginationLargeNumbers, paginationInvalidRejected } from "./pagination/paginationBoundsChecks.js";

/** Checks of the pagination family, in report order. */
export const paginationChecks: readonly CheckDefinition[] = [
  paginationDefaultFirst10,
  paginationFirstPageIndex0,
  paginationPageSizeHonoured,
  paginationTotalsConsistent,
  paginationWalkCoversAll,
  paginationPastEndEmpty,
  paginationLargeNumbers,
  paginationInvalidRejected,
];
