/** Valid request bodies for any of the five operations (§4), biased toward what finds bugs. */
import type fc from "fast-check";
import { ALL_OPERATIONS, type OperationName } from "../contract/operations.js";
import { buildRequestArbitrary } from "./_internals/buildRequestArbitrary.js";
import type { RequestContext } from "./requestContext.js";

export type { RequestContext } from "./requestContext.js";

/** Options of validRequestArbitrary. */
export interface ValidRequestOptions {
  /** Send an optional field as JSON null now and then (register null-request-fields); default true. */
  readonly nullFields?: boolean;
}

/**
 * Valid requests of `operation`, derived from schemas/bodies/<operation>.request.json, an optional
 * field sent as null in one body of four (unless `nullFields` is false); throws, naming what is
 * missing, when the context lacks the ids it needs (getWidget, getAnalytic).
 */
export function validRequestArbitrary(
  operation: OperationName,
  context: RequestContext = {},
  options: ValidRequestOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  if (!ALL_OPERATIONS.includes(operation))
    throw new Error(
      `validRequestArbitrary: unknown operation ${JSON.stringify(operation)}; known: ${ALL_OPERATIONS.join(", ")}`,
    );
  return buildRequestArbitrary(operation, context, options.nullFields ?? true);
}
