/** Builds the valid request arbitrary of one operation from its request schema and the context's hints. */
import { isJsonObject } from "../../contract/jsonValue.js";
import fc from "fast-check";
import { isBoundaryInteger } from "../boundaryIntegers.js";
import type { OperationName } from "../../contract/operations.js";
import { schemaIdForBody } from "../../contract/schemaCatalogue.js";
import { formatSchemaIssue } from "../../contract/schemaIssue.js";
import { validateBody } from "../../contract/validators.js";
import { assertRequestContext, REQUIRED_CONTEXT, type RequestContext } from "../requestContext.js";
import { schemaArbitrary } from "../schemaArbitrary.js";
import { requestHints } from "./requestHints.js";
import { NULLABLE_FIELDS, withNullAt, type NullablePath } from "../nullRequestFields.js";

const ID_FIELD: Readonly<Record<"widgetIds" | "analyticIds", string>> = {
  widgetIds: "widgetId",
  analyticIds: "analyticId",
};

/** Every id the context gives must itself be valid in the request, or no valid request could carry it. */
function assertContextIds(operation: OperationName, context: RequestContext): void {
  const listField = REQUIRED_CONTEXT[operation];
  if (listField === undefined) return;
  const field = ID_FIELD[listField];
  (context[listField] ?? []).forEach((id, i) => {
    const issues = validateBody(`${operation}.request`, { [field]: id }).stated;
    const [first] = issues;
    if (first !== undefined) {
      throw new Error(
        `context.${listField}[${i}] = ${JSON.stringify(id)} cannot be sent as ${field}: ${formatSchemaIssue(first)}`,
      );
    }
  });
}

/**
 * A body whose pageSize is past the machine integer sizes asks for page 1 at least: such a page 0
 * would legitimately carry the whole listing, which on a large target is more than any answer
 * may hold, while page 1 is past the end whatever the listing's size.
 */
function pastTheFirstPageForHugeSizes(body: Record<string, unknown>): Record<string, unknown> {
  const pagination = body.pagination;
  if (
    !isJsonObject(pagination) ||
    !isBoundaryInteger(pagination.pageSize) ||
    (typeof pagination.pageNumber === "number" && pagination.pageNumber > 0)
  )
    return body;
  return { ...body, pagination: { ...pagination, pageNumber: 1 } };
}

/**
 * Valid requests of `operation`, compiled from its request schema under the strict profile (the
 * suite always sends widgetId, analyticId and roles: register entry required-request-fields), with
 * the bug-finding bias of requestHints.
 */
export function buildRequestArbitrary(
  operation: OperationName,
  context: RequestContext,
  nullFields: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  assertRequestContext(operation, context);
  assertContextIds(operation, context);
  const bodies = schemaArbitrary(schemaIdForBody(`${operation}.request`), {
    profile: "strict",
    hints: requestHints(operation, context),
  })
    .filter((value): value is Record<string, unknown> => isJsonObject(value))
    .map(pastTheFirstPageForHugeSizes);
  // A field the context pins (domainName, serviceName of the configuration) is always sent as given.
  const nullable = NULLABLE_FIELDS[operation].filter(
    ([field]) => !((field === "domainName" || field === "serviceName") && context[field] !== undefined),
  );
  if (!nullFields || nullable.length === 0) return bodies;
  // One optional field in four bodies is sent as null (register null-request-fields); shrinking drops it.
  const nulled = fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: fc.constantFrom(...nullable), weight: 1 },
  );
  return fc.tuple(bodies, nulled).map(([body, path]) => (path === undefined ? body : withNull(body, path)));
}

/**
 * The body with the field at `path` null, unless that would turn a page past the machine integer
 * sizes back into page 0 (pastTheFirstPageForHugeSizes).
 */
function withNull(body: Record<string, unknown>, path: NullablePath): Record<string, unknown> {
  const pagination = isJsonObject(body.pagination) ? body.pagination : {};
  if (path[0] === "pagination" && path[1] === "pageNumber" && isBoundaryInteger(pagination.pageSize)) return body;
  return withNullAt(body, path);
}
