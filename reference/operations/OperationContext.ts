/** What an operation handler gets besides the request body. */
import type { ReferenceBehaviour } from "../behaviour/ReferenceBehaviour.js";
import type { ReferenceData, ReferenceUserName } from "../data/referenceData.js";
import type { ReferenceMode } from "../referenceMode.js";

/** The data, the authenticated user, the mode and the (possibly faulty) rules. */
export interface OperationContext {
  readonly data: ReferenceData;
  /** The user of the bearer token; getRoleFilters may be called without one (§5). */
  readonly user: ReferenceUserName | undefined;
  readonly mode: ReferenceMode;
  readonly behaviour: ReferenceBehaviour;
}

/** A JSON object request body (the pipeline refuses anything else with 400). */
export type RequestObject = Readonly<Record<string, unknown>>;
