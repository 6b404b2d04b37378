/** A named variant of the reference server that breaks exactly one rule of the spec (DESIGN §6). */
import type { IncomingHttpHeaders } from "node:http";
import type { OperationName } from "../../contract/operations.js";
import type { ReferenceBehaviour } from "../behaviour/ReferenceBehaviour.js";
import type { ReferenceData, ReferenceUserName } from "../data/referenceData.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { ReferenceCredentials } from "../referenceCredentials.js";

/** What a response hook may look at. */
export interface FaultExchange {
  readonly operation: OperationName;
  /** The parsed request body, when it was JSON. */
  readonly body: unknown;
  readonly user: ReferenceUserName | undefined;
  readonly data: ReferenceData;
}

/** A fault: its identity, and the hooks over the correct server that make it wrong. */
export interface ReferenceFault {
  /** Unique, kebab-case; used in --fault and in /faults/<name>/… */
  readonly name: string;
  /** The spec section whose rule it breaks, e.g. "§4.1". */
  readonly section: string;
  /** One sentence: what it does wrong. */
  readonly description: string;
  /** Check ids of the catalogue (tests/conformance/checkCatalogue.ts) that must catch it. */
  readonly caughtBy: readonly string[];
  /** Tweaks the data set once, at start. */
  readonly data?: (data: ReferenceData) => ReferenceData;
  /** Rewrites request headers before authentication. */
  readonly requestHeaders?: (headers: IncomingHttpHeaders, credentials: ReferenceCredentials) => IncomingHttpHeaders;
  /** Rewrites the parsed JSON body before validation. */
  readonly requestBody?: (body: unknown, operation: OperationName) => unknown;
  /** Replaces some of the rules. */
  readonly behaviour?: (correct: ReferenceBehaviour) => Partial<ReferenceBehaviour>;
  /** Rewrites the response (every response of an operation, errors included). */
  readonly respond?: (response: ReferenceResponse, exchange: FaultExchange) => ReferenceResponse;
}
