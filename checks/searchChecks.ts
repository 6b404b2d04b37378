/**
 * Search (§4.1: widget search ignores case and covers tags; §4.2: landing search is on the
 * title), checked both ways: a search finds what holds the value, returns nothing that does
 * not, reads special characters as text, and pages its result like any listing. Values come
 * from the target's own items or are random from the seed. A whole value taken from an item must find
 * it; a part of one may not (register search-match-mode), and a returned item must hold the value
 * as a substring ignoring case and accents.
 */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import {
  searchWidgetsByTag,
  searchWidgetsCaseInsensitive,
  searchLandingByTitle,
  searchWidgetsCaseInsensitiveNonAscii,
} from "./search/searchFindsChecks.js";
import { searchWidgetsByNameOrDescription } from "./search/searchKeysChecks.js";
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
