/** Faults of the HTTP layer: content type (§4) and answers to invalid requests (§7). */
import { isJsonObject } from "./rewriteJson.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each breaks one HTTP-level rule. */
export const HTTP_FAULTS: readonly ReferenceFault[] = [
  {
    name: "text-plain-content-type",
    section: "§4",
    description: "200 answers carry Content-Type text/plain although the body is JSON.",
    caughtBy: ["http.json-content-type"],
    respond: (response) => (response.status === 200 ? { ...response, headers: { ...response.headers, "Content-Type": "text/plain; charset=utf-8" } } : response),
  },
  {
    name: "malformed-json-500",
    section: "§7",
    description: "A body that is not valid JSON gets 500 instead of 400.",
    caughtBy: ["http.no-server-error", "errors.malformed-json-400"],
    respond: (response) =>
      response.status === 400 && isJsonObject(response.json) && response.json.errorCode === "invalidJson"
        ? { status: 500, json: { message: "Unexpected token in JSON" } }
        : response,
  },
  {
    name: "string-page-number-accepted",
    section: "§7",
    description: "A pageNumber sent as a numeric string (\"1\") is accepted with 200 instead of refused with 400.",
    caughtBy: ["errors.wrong-type-400", "pagination.invalid-rejected"],
    requestBody: (body) => {
      if (!isJsonObject(body) || !isJsonObject(body.pagination)) return body;
      const pageNumber = body.pagination.pageNumber;
      return typeof pageNumber === "string" && /^\d+$/.test(pageNumber) ? { ...body, pagination: { ...body.pagination, pageNumber: Number(pageNumber) } } : body;
    },
  },
  {
    name: "missing-widget-id-500",
    section: "§7",
    description: "getWidget without widgetId crashes with 500 instead of answering 400.",
    caughtBy: ["http.no-server-error"],
    respond: (response, { operation, body }) =>
      operation === "getWidget" && isJsonObject(body) && body.widgetId === undefined && response.status === 400
        ? { status: 500, json: { message: "Cannot read properties of undefined (reading 'startsWith')" } }
        : response,
  },
];
