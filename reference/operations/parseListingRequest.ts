/** Validates a listing request (§4.1, §4.2, §2.11) and applies the §8 defaults. */
import { isJsonObject } from "../../contract/jsonValue.js";
import type { OperationName } from "../../contract/operations.js";
import type { ListingQuery } from "../behaviour/ListingQuery.js";
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { RequestObject } from "./OperationContext.js";

/** §8: without pagination, page 0 of size 10. */
const DEFAULT_PAGE_SIZE = 10;

function integerField(
  value: unknown,
  name: string,
  minimum: number,
  operation: OperationName,
): number | ReferenceResponse {
  if (typeof value !== "number")
    return badRequest(operation, `pagination.${name} must be an integer, got ${JSON.stringify(value)}`, "invalidField");
  if (!Number.isSafeInteger(value))
    return badRequest(operation, `pagination.${name} must be a whole number, got ${value}`, "invalidField");
  if (value < minimum)
    return badRequest(operation, `pagination.${name} must be at least ${minimum}, got ${value}`, "invalidField");
  return value;
}

/** A field sent as JSON null is read as not defined, as the platform's Java mappers read it (register null-request-fields). */
function defined(value: unknown): unknown {
  return value === null ? undefined : value;
}

/** The query, or the §7 400 answer that says which field is wrong. */
export function parseListingRequest(body: RequestObject, operation: OperationName): ListingQuery | ReferenceResponse {
  const searchValue = defined(body.searchValue);
  const given = defined(body.pagination);
  const pagination = isJsonObject(given)
    ? { pageNumber: defined(given.pageNumber), pageSize: defined(given.pageSize) }
    : given;
  if (searchValue !== undefined && typeof searchValue !== "string") {
    return badRequest(operation, `searchValue must be a string, got ${JSON.stringify(searchValue)}`, "invalidField");
  }
  if (pagination === undefined)
    return { pageNumber: 0, pageSize: DEFAULT_PAGE_SIZE, paginationGiven: false, searchValue: searchValue ?? "" };
  if (!isJsonObject(pagination))
    return badRequest(operation, `pagination must be an object, got ${JSON.stringify(pagination)}`, "invalidField");
  const pageNumber =
    pagination.pageNumber === undefined ? 0 : integerField(pagination.pageNumber, "pageNumber", 0, operation);
  if (typeof pageNumber !== "number") return pageNumber;
  const pageSize =
    pagination.pageSize === undefined ? DEFAULT_PAGE_SIZE : integerField(pagination.pageSize, "pageSize", 1, operation);
  if (typeof pageSize !== "number") return pageSize;
  return { pageNumber, pageSize, paginationGiven: true, searchValue: searchValue ?? "" };
}
