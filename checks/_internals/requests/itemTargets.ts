/** Which ids a read check asks for: discovered widgets, configured analytics (§4.3 has no listing). */
import type { OperationName } from "../../../contract/operations.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { spreadSample } from "../discovery/discoveredIds.js";
import { unknownAnalyticId, unknownWidgetId } from "./sampleRequests.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";

/** The two single-item reads. */
export type ReadOperation = "getWidget" | "getAnalytic";

/** The request field of a read operation. */
export function idField(operation: ReadOperation): "widgetId" | "analyticId" {
  return operation === "getWidget" ? "widgetId" : "analyticId";
}

/** Up to `count` ids to read, spread over what is known; empty when nothing is known. */
export async function knownIds(session: TargetSession, operation: ReadOperation, count: number): Promise<string[]> {
  const ids =
    operation === "getWidget" ? await knowledgeOf(session).widgetIds() : [...session.settings.fixtures.analyticIds];
  return spreadSample(ids, count);
}

/** A well-formed id that does not exist, shaped like a known one. */
export async function unknownId(session: TargetSession, operation: ReadOperation): Promise<string> {
  const [known] = await knownIds(session, operation, 1);
  return operation === "getWidget"
    ? unknownWidgetId(known, session.settings.seed)
    : unknownAnalyticId(known, session.settings.seed);
}

/** Narrows an operation name to a read. */
export function asReadOperation(operation: OperationName): ReadOperation {
  if (operation !== "getWidget" && operation !== "getAnalytic")
    throw new Error(`${operation} is not a single-item read`);
  return operation;
}

/** What to add to the configuration when no id is known. */
export function noIdsReason(operation: ReadOperation): string {
  return operation === "getWidget"
    ? "the target's widget listing returned no widget ids to read"
    : "no analytic ids are configured: there is no operation that lists analytics (§4.3); " +
        "pass --analytic-id ID (repeatable), or analytic-id in the --config file";
}
