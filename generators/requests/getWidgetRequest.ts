/** Valid getWidget request bodies (§4.4), derived from schemas/bodies/getWidget.request.json. */
import type fc from "fast-check";
import { buildRequestArbitrary } from "../_internals/buildRequestArbitrary.js";
import type { RequestContext } from "../requestContext.js";

/** Valid getWidget requests (§4.4): a widgetId drawn from context.widgetIds (required). */
export function getWidgetRequest(context: RequestContext = {}): fc.Arbitrary<Record<string, unknown>> {
  return buildRequestArbitrary("getWidget", context);
}
