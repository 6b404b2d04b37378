/** Valid getRoleFilters request bodies (§4.5), derived from schemas/bodies/getRoleFilters.request.json. */
import type fc from "fast-check";
import { buildRequestArbitrary } from "../_internals/buildRequestArbitrary.js";
import type { RequestContext } from "../requestContext.js";

/** Valid getRoleFilters requests (§4.5): roles from context.roles (empty, reordered, duplicated), and context.domainName/serviceName when given. */
export function getRoleFiltersRequest(context: RequestContext = {}): fc.Arbitrary<Record<string, unknown>> {
  return buildRequestArbitrary("getRoleFilters", context);
}
