/**
 * When a request valid by the schema gets a 4xx, which register entry (if any) allows it:
 * a page past the end, a page size above 10, a long request, a search value with special
 * characters, or an edge role list. A 4xx
 * that no entry covers is a failure (§7 reserves 400 for invalid requests).
 */
import type { OperationName } from "../../../../contract/operations.js";
import { isJsonObject } from "../../../../contract/jsonValue.js";
import { hasSpecialSearchCharacters } from "./hasSpecialSearchCharacters.js";

const LONG_SEARCH = 256;

/** The register entry that covers refusing `body`, or undefined when refusing it breaks §7. */
export function registerForRefusedValidRequest(operation: OperationName, body: unknown, knownTotalPages: number | undefined): string | undefined {
  if (!isJsonObject(body)) return undefined;
  if (typeof body.searchValue === "string" && body.searchValue.length > LONG_SEARCH) return "payload-size-limit";
  if (typeof body.searchValue === "string" && hasSpecialSearchCharacters(body.searchValue)) return "search-special-characters";
  const pagination = isJsonObject(body.pagination) ? body.pagination : {};
  if (typeof pagination.pageSize === "number" && pagination.pageSize > 10) return "max-page-size";
  if (typeof pagination.pageNumber === "number" && (knownTotalPages === undefined || pagination.pageNumber >= knownTotalPages)) return "page-past-end";
  if (operation === "getRoleFilters" && Array.isArray(body.roles)) return "role-filter-edge-requests";
  return undefined;
}
