/** Valid listFactoryDefaultWidgets request bodies (§4.1), derived from schemas/bodies/listFactoryDefaultWidgets.request.json. */
import type fc from "fast-check";
import { buildRequestArbitrary } from "../_internals/buildRequestArbitrary.js";
import type { RequestContext } from "../requestContext.js";

/** Valid listFactoryDefaultWidgets requests (§4.1): searchValue (empty, unicode, mixed case, very long, or a context search term) and pagination (absent, partial, 0, 1, far past the end, sizes 1…maxPageSize). */
export function listFactoryDefaultWidgetsRequest(context: RequestContext = {}): fc.Arbitrary<Record<string, unknown>> {
  return buildRequestArbitrary("listFactoryDefaultWidgets", context);
}
