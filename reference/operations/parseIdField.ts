/** Reads the identifier of getWidget (§4.4) or getAnalytic (§4.3): missing or malformed ⇒ 400 (§7). */
import type { OperationName } from "../../contract/operations.js";
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { RequestObject } from "./OperationContext.js";

/** The id, or the 400 answer; `format` is the id pattern of the schema. */
export function parseIdField(
  body: RequestObject,
  field: "widgetId" | "analyticId",
  format: RegExp,
  operation: OperationName,
): string | ReferenceResponse {
  const value = body[field];
  if (value === undefined) return badRequest(operation, `${field} is required`, "missingField");
  if (typeof value !== "string")
    return badRequest(operation, `${field} must be a string, got ${JSON.stringify(value)}`, "invalidField");
  if (!format.test(value))
    return badRequest(
      operation,
      `${field} ${JSON.stringify(value)} is not in the format ${format.source}`,
      "invalidId",
    );
  return value;
}
