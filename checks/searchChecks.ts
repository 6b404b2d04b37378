/**
 * Search (§4.1: widget search ignores case and covers tags; §4.2: landing search is on the
 * title), checked both ways: a search finds what holds the value, returns nothing that does
 * not, reads special characters as text, and pages its result like any listing. Values come
 * from the target's own items or are random from the seed; a value is in a text when it is a
 * substring of it ignoring case and accents (register search-match-mode).
 */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import {
  searchWidgetsByTag,
  searchWidgetsCaseInsensitive,
  searchLandingByTitle,
  searchWidgetsByNameOrDescription,
  searchWidgetsCaseInsensitiveNonAscii,
} from "./search/searchFindsChecks.js";
import {
  searchResultsSubset,
  searchLandingResultsMatch,
  searchNoMatchEmpty,
  searchMetacharactersLiteral,
  searchWidgetsNotByIdOrUrl,
} from "./search/searchNarrowsChecks.js";
import { searchEmptyValue, searchFilteredWalk, searchWithoutPaginationFirst10 } from "./search/searchListingChecks.js";
import { searchEscapedValue } from "./search/searchEscapedChecks.js";

/** Checks of the search family, in report order. */
export const searchChecks: readonly CheckDefinition[] = [
  searchWidgetsByTag,
  searchWidgetsCaseInsensitive,
  searchLandingByTitle,
  searchResultsSubset,
  searchEmptyValue,
  searchLandingResultsMatch,
  searchNoMatchEmpty,
  searchMetacharactersLiteral,
  searchFilteredWalk,
  searchWidgetsByNameOrDescription,
  searchWidgetsNotByIdOrUrl,
  searchWidgetsCaseInsensitiveNonAscii,
  searchWithoutPaginationFirst10,
  searchEscapedValue,
];
