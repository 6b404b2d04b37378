/** Valid request bodies for any of the five operations (§4), biased toward what finds bugs. */
import type fc from "fast-check";
import type { OperationName } from "../contract/operations.js";
import type { RequestContext } from "./requestContext.js";
import { getAnalyticRequest } from "./requests/getAnalyticRequest.js";
import { getRoleFiltersRequest } from "./requests/getRoleFiltersRequest.js";
import { getWidgetRequest } from "./requests/getWidgetRequest.js";
import { listFactoryDefaultWidgetsRequest } from "./requests/listFactoryDefaultWidgetsRequest.js";
import { listLandingPagesRequest } from "./requests/listLandingPagesRequest.js";

export type { RequestContext } from "./requestContext.js";

const BY_OPERATION: Readonly<Record<OperationName, (context: RequestContext) => fc.Arbitrary<Record<string, unknown>>>> = {
  listFactoryDefaultWidgets: listFactoryDefaultWidgetsRequest,
  listLandingPages: listLandingPagesRequest,
  getAnalytic: getAnalyticRequest,
  getWidget: getWidgetRequest,
  getRoleFilters: getRoleFiltersRequest,
};

/** Valid requests of `operation`; throws, naming what is missing, when the context lacks the ids it needs. */
export function validRequestArbitrary(operation: OperationName, context: RequestContext): fc.Arbitrary<Record<string, unknown>> {
  const build = BY_OPERATION[operation] as ((context: RequestContext) => fc.Arbitrary<Record<string, unknown>>) | undefined;
  if (build === undefined) throw new Error(`validRequestArbitrary: unknown operation ${JSON.stringify(operation)}; known: ${Object.keys(BY_OPERATION).join(", ")}`);
  return build(context);
}
