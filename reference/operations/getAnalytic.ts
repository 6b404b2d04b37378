/** §4.3 getAnalytic. */
import type { GetAnalyticResponse } from "../../contract/types.generated.js";
import { forbidden, notFound } from "../http/errorResponses.js";
import { jsonResponse, type ReferenceResponse } from "../http/ReferenceResponse.js";
import { presentAnalytic } from "../present/presentAnalytic.js";
import type { OperationContext, RequestObject } from "./OperationContext.js";
import { parseIdField } from "./parseIdField.js";

/** The analytic id format of §2.5 (as in schemas/components/Analytic.json). */
const ANALYTIC_ID_FORMAT = /^analytic:\/\/[^/]+\/[^/]+$/;

/** `{ analytic }` (§4.3); 404 when unknown, 403 when the user may not view it (§5). */
export function getAnalytic(body: RequestObject, context: OperationContext): ReferenceResponse {
  const id = parseIdField(body, "analyticId", ANALYTIC_ID_FORMAT, "getAnalytic");
  if (typeof id !== "string") return id;
  const record = context.data.analytics.find((candidate) => candidate.analytic.id === id);
  if (!record) return notFound(`analytic ${id} does not exist`);
  if (!context.behaviour.canReadAnalytic(context.user ?? "restricted", record))
    return forbidden(`permission denied on analytic ${id}`);
  const response: GetAnalyticResponse = { analytic: presentAnalytic(record.analytic, context.mode) };
  return jsonResponse(200, response);
}
