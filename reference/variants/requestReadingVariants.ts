/**
 * Legitimate readings of requests the spec leaves open (issue 48): a field it does not say is
 * required refused when missing or null, an empty searchValue refused, a read without its
 * identifier answered 404, a negative page index read as a page outside the listing, a pageSize of
 * 0 read as not set. Each has a fault beside it (reference/faults/requestReadingFaults.ts).
 */
import { isJsonObject } from "../../contract/jsonValue.js";
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { badRequest, notFound } from "../http/errorResponses.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** A page index no listing reaches: where the negative-index variant sends a negative one (a page past the end). */
const OUTSIDE_ANY_LISTING = Number.MAX_SAFE_INTEGER;

/** `body`'s pagination with `change` applied, or `body` unchanged when it has no pagination object. */
function withPagination(
  body: unknown,
  change: (pagination: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
  return { ...body, pagination: change(body.pagination) };
}

/** Each reads a request in a way the text allows. */
export const REQUEST_READING_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "role-filters-scope-required",
    section: "§4",
    description:
      "getRoleFilters answers 400 (with the §7 body) to a request without domainName or serviceName, or with " +
      "either sent as JSON null, as a Spring controller with @NotNull on both fields does.",
    why:
      "§4: which request fields are required is not shown, so a target may require both; §2 says a string is a " +
      "JSON string, so null is no value of the field and §7's 400 fits it (register null-request-fields: null " +
      "read as not defined or refused with 400 both pass).",
    departs: [],
    respond: (response, { operation, body }) => {
      if (operation !== "getRoleFilters" || response.status !== 200 || !isJsonObject(body)) return response;
      const missing = (["domainName", "serviceName"] as const).find((name) => typeof body[name] !== "string");
      return missing === undefined
        ? response
        : badRequest(operation, `${missing} is required and must be a string`, "missingField");
    },
  },
  {
    name: "empty-search-refused-400",
    section: "§4.1",
    description: 'Both listings answer 400 (with the §7 body) to searchValue "", as a @NotBlank constraint does.',
    why:
      "What an empty searchValue returns is not stated (§4.1, §4.2); refusing a value to search for that holds " +
      "nothing is a reading the text leaves open (register empty-search-value, a warning).",
    departs: ["empty-search-value"],
    respond: (response, { operation, body }) =>
      response.status === 200 && LISTING_OPERATIONS.includes(operation) && isJsonObject(body) && body.searchValue === ""
        ? badRequest(operation, "searchValue must not be blank", "invalidField")
        : response,
  },
  {
    name: "missing-id-404",
    section: "§4",
    description:
      "A getWidget or getAnalytic request without its identifier gets 404 OBJECT_NOT_FOUND instead of 400: no " +
      "component has no identifier.",
    why:
      "§4: which request fields are required is not shown; read as not required, a read that names no " +
      "identifier asks for a component that does not exist, which §4.3, §4.4 and §7 answer 404 (register " +
      "required-request-fields: 400 and 404 both pass).",
    departs: [],
    respond: (response, { operation, body }) =>
      (operation === "getWidget" || operation === "getAnalytic") &&
      response.status === 400 &&
      isJsonObject(body) &&
      body[operation === "getWidget" ? "widgetId" : "analyticId"] === undefined
        ? notFound(`${operation === "getWidget" ? "widget" : "analytic"} not found`)
        : response,
  },
  {
    name: "negative-page-empty",
    section: "§2.11",
    description:
      "A negative pageNumber is read as a page outside the listing: 200 with no item and the listing's totals, " +
      "as for a page past the end.",
    why:
      "§2.11 says the first page has index 0 and nothing of an index below it; an empty page with unchanged " +
      "totals is what index-based pagination gives outside the listing (registers invalid-field-status and " +
      "page-past-end: a warning).",
    departs: ["invalid-field-status"],
    requestBody: (body) =>
      withPagination(body, (pagination) =>
        typeof pagination.pageNumber === "number" && pagination.pageNumber < 0
          ? { ...pagination, pageNumber: OUTSIDE_ANY_LISTING }
          : pagination,
      ),
  },
  {
    name: "page-size-zero-read-as-unset",
    section: "§2.11",
    description:
      "A pageSize of 0 is read as not set and served as the default 10 (proto3's default value, AIP-158's " +
      "'if unspecified or 0, the server chooses'); a negative pageSize is still refused with 400.",
    why:
      "§2.11 gives no minimum for pageSize, and 0 is the default value of an integer field in proto3 and in " +
      "Java and Go structs; reading it as not set is a common convention (register invalid-field-status: a warning).",
    departs: ["invalid-field-status"],
    requestBody: (body) =>
      withPagination(body, (pagination) => {
        if (pagination.pageSize !== 0) return pagination;
        const { pageSize: _zero, ...rest } = pagination;
        return rest;
      }),
  },
];
