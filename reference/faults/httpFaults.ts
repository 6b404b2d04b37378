/** Faults of the HTTP layer: content type (§4) and answers to invalid requests (§7). */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { isJsonObject } from "./rewriteJson.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** A listing request with whatever it got wrong dropped: a lenient parser that ignores bad fields. */
function withoutInvalidListingFields(body: Record<string, unknown>): Record<string, unknown> {
  const { searchValue, pagination, ...rest } = body;
  const wholeAtLeast = (value: unknown, minimum: number) =>
    value === undefined || (typeof value === "number" && Number.isSafeInteger(value) && value >= minimum);
  const keepPagination =
    pagination === undefined ||
    (isJsonObject(pagination) && wholeAtLeast(pagination.pageNumber, 0) && wholeAtLeast(pagination.pageSize, 1));
  return {
    ...rest,
    ...(typeof searchValue === "string" ? { searchValue } : {}),
    ...(keepPagination && pagination !== undefined ? { pagination } : {}),
  };
}

/** Each breaks one HTTP-level rule. */
export const HTTP_FAULTS: readonly ReferenceFault[] = [
  {
    name: "text-plain-content-type",
    section: "§4",
    description: "200 answers carry Content-Type text/plain although the body is JSON.",
    caughtBy: ["http.json-content-type"],
    respond: (response) =>
      response.status === 200
        ? { ...response, headers: { ...response.headers, "Content-Type": "text/plain; charset=utf-8" } }
        : response,
  },
  {
    name: "html-content-type-everywhere",
    section: "§4",
    description:
      "Every answer with a body carries Content-Type text/html although the body is the right JSON: an interface " +
      "breaking §4's content type, not a server with no interface (its run is judged, not stopped).",
    caughtBy: ["http.json-content-type"],
    respond: (response) => ({
      ...response,
      headers: { ...response.headers, "Content-Type": "text/html; charset=utf-8" },
    }),
  },
  {
    name: "not-found-text-plain",
    section: "§7",
    description:
      "The 404 of getWidget and getAnalytic for an id that does not exist carries Content-Type text/plain although its body is the §7 JSON.",
    caughtBy: ["http.json-content-type"],
    respond: (response, { operation }) =>
      response.status === 404 && (operation === "getWidget" || operation === "getAnalytic")
        ? { ...response, headers: { ...response.headers, "Content-Type": "text/plain; charset=utf-8" } }
        : response,
  },
  {
    name: "malformed-json-500",
    section: "§7",
    description: "A body that is not valid JSON gets 500 instead of 400.",
    caughtBy: ["http.no-server-error", "errors.malformed-json-400"],
    mayAlsoFail: {
      "errors.invalid-request-rejected": "its generated invalid requests include malformed JSON, which gets 500",
      "errors.error-body":
        "it sends malformed JSON to get a 400 body to judge, and a 5xx fails any check that meets it",
      "http.json-content-type":
        "it sends malformed JSON to judge the error's content type, and a 5xx fails any check that meets it",
    },
    respond: (response) =>
      response.status === 400 && isJsonObject(response.json) && response.json.errorCode === "invalidJson"
        ? { status: 500, json: { message: "Unexpected token in JSON" } }
        : response,
  },
  {
    name: "string-page-number-accepted",
    section: "§7",
    description:
      'A pageNumber sent as any string is read as a lenient parser reads it: numeric text ("1") as its number, ' +
      'other text ("ten") as 0, so a string that is no number is accepted with 200 instead of refused with 400.',
    // Coercing "1" alone is fault lenient-number-coercion (register numeric-coercion); "ten" is no integer at all.
    caughtBy: ["errors.wrong-type-400"],
    mayAlsoFail: {
      "errors.invalid-request-rejected":
        "its generated invalid requests include a string pageNumber when the draw picks that rule",
    },
    requestBody: (body) => {
      if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
      const pageNumber = body.pagination.pageNumber;
      if (typeof pageNumber !== "string") return body;
      const read = /^-?\d+$/.test(pageNumber) ? Number(pageNumber) : 0;
      return { ...body, pagination: { ...body.pagination, pageNumber: read } };
    },
  },
  {
    name: "invalid-pagination-ignored",
    section: "§7",
    description:
      "A listing request with an invalid searchValue or pagination (wrong type, negative, fractional, size " +
      "0) is served as if the field were absent, with 200 instead of 400.",
    caughtBy: ["errors.wrong-type-400", "errors.invalid-request-rejected", "pagination.invalid-rejected"],
    mayAlsoFail: {
      "pagination.large-numbers":
        "it ignores 10^20 like an invalid value, so that page number or size serves the first page",
    },
    requestBody: (body, operation) =>
      LISTING_OPERATIONS.includes(operation) && isJsonObject(body) ? withoutInvalidListingFields(body) : body,
  },
  {
    name: "missing-widget-id-500",
    section: "§7",
    description: "getWidget without widgetId crashes with 500 instead of answering 400.",
    caughtBy: ["http.no-server-error", "errors.missing-id-400"],
    mayAlsoFail: {
      "errors.invalid-request-rejected":
        "its generated invalid requests include a getWidget without widgetId, which gets 500",
      "errors.error-body": "it judges the error body of a getWidget without an id, which gets this fault's 500",
    },
    respond: (response, { operation, body }) =>
      operation === "getWidget" && isJsonObject(body) && body.widgetId === undefined && response.status === 400
        ? { status: 500, json: { message: "Cannot read properties of undefined (reading 'startsWith')" } }
        : response,
  },
];
