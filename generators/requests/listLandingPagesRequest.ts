/** Valid listLandingPages request bodies (§4.2), derived from schemas/bodies/listLandingPages.request.json. */
import type fc from "fast-check";
import { buildRequestArbitrary } from "../_internals/buildRequestArbitrary.js";
import type { RequestContext } from "../requestContext.js";

/** Valid listLandingPages requests (§4.2): searchValue (empty, unicode, mixed case, very long, or a context search term) and pagination (absent, partial, 0, 1, far past the end, sizes 1…maxPageSize). */
export function listLandingPagesRequest(context: RequestContext = {}): fc.Arbitrary<Record<string, unknown>> {
  return buildRequestArbitrary("listLandingPages", context);
}
