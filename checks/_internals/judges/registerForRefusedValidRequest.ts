/**
 * When a request valid by the schema gets a 4xx, which register entry (if any) allows it:
 * a page number or size past the machine integer sizes, an empty search value, a page past the end, a page size
 * above 10, a long request, a search value with special characters, or an edge role list. A
 * 4xx that no entry covers is a failure (§7 reserves 400 for invalid requests).
 */
import type { OperationName } from "../../../contract/operations.js";
import { isJsonObject } from "../../../contract/jsonValue.js";
import { isBoundaryInteger } from "../../../generators/boundaryIntegers.js";
import { hasSpecialSearchCharacters } from "../probes/hasSpecialSearchCharacters.js";
import { expectedTotalPages } from "../walks/listingPage.js";

const LONG_SEARCH = 256;

/** The register entry that covers refusing `body`, or undefined when refusing it breaks §7; `knownTotal` is the listing's totalElements. */
export function registerForRefusedValidRequest(
  operation: OperationName,
  body: unknown,
  knownTotal: number | undefined,
): string | undefined {
  if (!isJsonObject(body)) return undefined;
  const pagination = isJsonObject(body.pagination) ? body.pagination : {};
  if (isBoundaryInteger(pagination.pageNumber) || isBoundaryInteger(pagination.pageSize)) return "large-page-numbers";
  if (body.searchValue === "") return "empty-search-value";
  if (typeof body.searchValue === "string" && body.searchValue.length > LONG_SEARCH) return "payload-size-limit";
  if (typeof body.searchValue === "string" && hasSpecialSearchCharacters(body.searchValue))
    return "search-special-characters";
  const pageSize = typeof pagination.pageSize === "number" ? pagination.pageSize : 10;
  if (pageSize > 10) return "max-page-size";
  if (
    typeof pagination.pageNumber === "number" &&
    (knownTotal === undefined || pagination.pageNumber >= expectedTotalPages(knownTotal, pageSize))
  )
    return "page-past-end";
  if (operation === "getRoleFilters" && Array.isArray(body.roles)) return "role-filter-edge-requests";
  return undefined;
}

/** True when `status` is an answer the register lets pass silently: a 400 for a number past the machine integer sizes (register large-page-numbers). */
export function refusalPasses(register: string | undefined, status: number): boolean {
  return register === "large-page-numbers" && status === 400;
}

/**
 * The body with a partial pagination made whole (pageNumber 0, pageSize 10: the first page and the
 * size of §8), or undefined when its pagination is absent or already whole. A refusal the whole
 * pagination lifts was for the missing field (register required-request-fields, §4).
 */
export function withWholePagination(body: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(body) || !isJsonObject(body.pagination)) return undefined;
  const { pageNumber, pageSize } = body.pagination;
  if (pageNumber !== undefined && pageSize !== undefined) return undefined;
  return { ...body, pagination: { pageNumber: pageNumber ?? 0, pageSize: pageSize ?? 10 } };
}
