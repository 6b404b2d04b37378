/** Dispatches a validated request body to the handler of its operation (§4). */
import type { OperationName } from "../../contract/operations.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import { getAnalytic } from "./getAnalytic.js";
import { getRoleFilters } from "./getRoleFilters.js";
import { getWidget } from "./getWidget.js";
import { listFactoryDefaultWidgets } from "./listFactoryDefaultWidgets.js";
import { listLandingPages } from "./listLandingPages.js";
import type { OperationContext, RequestObject } from "./OperationContext.js";

const HANDLERS: Record<OperationName, (body: RequestObject, context: OperationContext) => ReferenceResponse> = {
  listFactoryDefaultWidgets,
  listLandingPages,
  getAnalytic,
  getWidget,
  getRoleFilters,
};

/** Runs the operation's handler. */
export function runOperation(
  operation: OperationName,
  body: RequestObject,
  context: OperationContext,
): ReferenceResponse {
  return HANDLERS[operation](body, context);
}
