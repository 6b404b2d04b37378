/**
 * The faults beside the request readings of issue 48 (reference/variants/requestReadingVariants.ts):
 * where a reading the text allows is legitimate, a server error or a coerced value is not. A null
 * field answered 500, an empty searchValue answered 500, a read without its identifier served, a
 * negative pageNumber or a pageSize of 0 answered 500, a number sent as text or with a fraction read
 * as an integer (§2: an integer is a JSON number without fraction; §7's 400).
 */
import { isJsonObject } from "../../contract/jsonValue.js";
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** A 500 as a framework writes an unhandled exception. */
function serverError(message: string): ReferenceResponse {
  return { status: 500, json: { message } };
}

/** The listing request's pagination, or an empty object. */
function paginationOf(body: unknown): Record<string, unknown> {
  return isJsonObject(body) && isJsonObject(body.pagination) ? body.pagination : {};
}

/** What a lenient JSON mapper makes of a page number or size: "1" read as 1, 1.5 cut to 1; anything else as sent. */
function coercedNumber(value: unknown): unknown {
  if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
  return typeof value === "number" && !Number.isInteger(value) ? Math.trunc(value) : value;
}

/** Each breaks what the text decides beside a reading it leaves open. */
export const REQUEST_READING_FAULTS: readonly ReferenceFault[] = [
  {
    name: "role-filters-null-domain-500",
    section: "§7",
    description: "getRoleFilters crashes with 500 (a null dereference) on domainName: null.",
    caughtBy: ["http.valid-request-ok"],
    respond: (response, { operation, body }) =>
      operation === "getRoleFilters" && isJsonObject(body) && body.domainName === null
        ? serverError("java.lang.NullPointerException: domainName.trim()")
        : response,
  },
  {
    name: "empty-search-500",
    section: "§4.1",
    description: 'Both listings crash with 500 on searchValue "" (an index out of range on its first character).',
    caughtBy: ["search.empty-value"],
    mayAlsoFail: {
      "http.valid-request-ok": 'its generated valid requests send searchValue "" now and then, which gets 500',
      "http.no-server-error": 'its generated valid requests send searchValue "" now and then, which gets 500',
    },
    respond: (response, { operation, body }) =>
      LISTING_OPERATIONS.includes(operation) && isJsonObject(body) && body.searchValue === ""
        ? serverError("java.lang.StringIndexOutOfBoundsException: index 0, length 0")
        : response,
  },
  {
    name: "missing-analytic-id-served",
    section: "§4.3",
    description: "getAnalytic without analyticId answers 200 with the first analytic instead of refusing the request.",
    caughtBy: ["errors.missing-id-400"],
    mayAlsoFail: {
      "errors.invalid-request-rejected": "its generated invalid requests include one without analyticId, served 200",
    },
    respond: (response, { operation, body, data }) => {
      const [first] = data.analytics;
      return operation === "getAnalytic" && isJsonObject(body) && body.analyticId === undefined && first
        ? { status: 200, json: { analytic: structuredClone(first.analytic) } }
        : response;
    },
  },
  {
    name: "negative-page-number-500",
    section: "§7",
    description:
      "A negative pageNumber gets 500 (PageRequest.of's IllegalArgumentException left unhandled) instead of 400 or an empty page.",
    caughtBy: ["pagination.invalid-rejected"],
    mayAlsoFail: {
      "http.no-server-error": "its generated invalid requests include a negative pageNumber, which gets 500",
      "errors.invalid-request-rejected": "its generated invalid requests include a negative pageNumber, which gets 500",
      "errors.error-body": "it sends pageNumber -1 to get a 400 body to judge, and a 5xx fails any check that meets it",
    },
    respond: (response, { operation, body }) => {
      const { pageNumber } = paginationOf(body);
      return LISTING_OPERATIONS.includes(operation) && typeof pageNumber === "number" && pageNumber < 0
        ? serverError("java.lang.IllegalArgumentException: Page index must not be less than zero")
        : response;
    },
  },
  {
    name: "page-size-zero-500",
    section: "§7",
    description:
      "A pageSize of 0 gets 500 (a division by zero computing totalPages) instead of 400 or the default page.",
    caughtBy: ["pagination.invalid-rejected"],
    mayAlsoFail: {
      "http.no-server-error": "its generated invalid requests include a pageSize of 0, which gets 500",
      "errors.invalid-request-rejected": "its generated invalid requests include a pageSize of 0, which gets 500",
    },
    respond: (response, { operation, body }) =>
      LISTING_OPERATIONS.includes(operation) && paginationOf(body).pageSize === 0
        ? serverError("java.lang.ArithmeticException: / by zero")
        : response,
  },
  {
    name: "lenient-number-coercion",
    section: "§2",
    description:
      'The listings read a pageNumber or pageSize sent as its own text ("1") as that number, and cut a fraction ' +
      "(1.5) to an integer, instead of answering 400: Jackson's defaults (ALLOW_COERCION_OF_SCALARS, ACCEPT_FLOAT_AS_INT).",
    caughtBy: ["errors.wrong-type-400", "pagination.invalid-rejected"],
    mayAlsoFail: {
      "errors.invalid-request-rejected":
        "its generated invalid requests include a number as text or a fraction, served 200",
    },
    requestBody: (body) => {
      if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
      const { pageNumber, pageSize } = body.pagination;
      const pagination = { ...body.pagination };
      if ("pageNumber" in pagination) pagination.pageNumber = coercedNumber(pageNumber);
      if ("pageSize" in pagination) pagination.pageSize = coercedNumber(pageSize);
      return { ...body, pagination };
    },
  },
];
