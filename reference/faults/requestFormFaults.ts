/**
 * Faults that refuse, or crash on, a request in a form the spec allows (issue 44 item 6): a field
 * sent as JSON null (register null-request-fields), a Content-Type with a parameter or another
 * letter case (§5 names the media type application/json, RFC 9110 §8.3.1), header names in another
 * letter case (RFC 9110 §5.1: field names are case-insensitive).
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { jsonResponse, type ReferenceResponse } from "../http/ReferenceResponse.js";
import { isJsonObject } from "./rewriteJson.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** The values of the headers named `name` (any letter case), as they came. */
function rawValues(rawHeaders: readonly string[], name: string): string[] {
  return rawHeaders.flatMap((value, index) =>
    index % 2 === 1 && rawHeaders[index - 1]?.toLowerCase() === name ? [value] : [],
  );
}

/** A 415 naming what the server wanted. */
function unsupportedMediaType(message: string): ReferenceResponse {
  return jsonResponse(415, { message, errorCode: "unsupportedMediaType" });
}

/** Each refuses or crashes on one form of a valid request. */
export const REQUEST_FORM_FAULTS: readonly ReferenceFault[] = [
  {
    name: "listing-null-pagination-500",
    section: "§4.1",
    description:
      'Both listings crash with 500 (a null dereference) on "pagination": null, which the platform\'s JSON mappers read as pagination not defined.',
    caughtBy: ["http.valid-request-ok"],
    mayAlsoFail: {
      "http.no-server-error":
        "its generated valid requests send pagination as null now and then, which this fault answers 500",
    },
    respond: (response, { operation, body }) =>
      LISTING_OPERATIONS.includes(operation) && isJsonObject(body) && body.pagination === null
        ? jsonResponse(500, { message: "java.lang.NullPointerException: pagination.getPageSize()" })
        : response,
  },
  {
    name: "content-type-charset-refused",
    section: "§5",
    description:
      "Every operation compares the Content-Type with the exact text application/json, so application/json; " +
      "charset=utf-8 (or Application/JSON) is refused with 415.",
    caughtBy: ["http.valid-request-ok"],
    intercept: ({ rawHeaders }) => {
      const [type] = rawValues(rawHeaders, "content-type");
      return type === undefined || type === "application/json"
        ? undefined
        : unsupportedMediaType(`Content-Type must be application/json, got ${type}`);
    },
  },
  {
    name: "header-names-case-sensitive",
    section: "§5",
    description:
      "Every operation looks the Content-Type header up by its exact spelling, so content-type: application/json " +
      "(its name in lower case, as HTTP/2 always sends it) is taken as missing and refused with 415.",
    caughtBy: ["http.valid-request-ok"],
    intercept: ({ rawHeaders }) =>
      rawHeaders.some((value, index) => index % 2 === 0 && value === "Content-Type")
        ? undefined
        : unsupportedMediaType("The Content-Type header is missing; send Content-Type: application/json."),
  },
];
