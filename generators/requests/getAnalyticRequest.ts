/** Valid getAnalytic request bodies (§4.3), derived from schemas/bodies/getAnalytic.request.json. */
import type fc from "fast-check";
import { buildRequestArbitrary } from "../_internals/buildRequestArbitrary.js";
import type { RequestContext } from "../requestContext.js";

/** Valid getAnalytic requests (§4.3): an analyticId drawn from context.analyticIds (required). */
export function getAnalyticRequest(context: RequestContext = {}): fc.Arbitrary<Record<string, unknown>> {
  return buildRequestArbitrary("getAnalytic", context);
}
