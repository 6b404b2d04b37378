/** The request pipeline of the reference server: route, authenticate, read, parse, run, present, apply the fault. */
import { isJsonObject } from "../contract/jsonValue.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OperationPaths } from "../contract/operations.js";
import { DEFAULT_BEHAVIOUR, type ReferenceBehaviour } from "./behaviour/ReferenceBehaviour.js";
import type { ReferenceData } from "./data/referenceData.js";
import { findFault } from "./faults/faultCatalogue.js";
import type { ReferenceFault } from "./faults/ReferenceFault.js";
import { authenticate } from "./http/authenticate.js";
import { badRequest } from "./http/errorResponses.js";
import { readRequestBody, type ReadBody } from "./http/readRequestBody.js";
import { recordRequest, type ReferenceRequestRecord } from "./http/ReferenceRequestRecord.js";
import { jsonResponse, type ReferenceResponse } from "./http/ReferenceResponse.js";
import { routeRequest } from "./http/routeRequest.js";
import { writeReferenceResponse } from "./http/writeReferenceResponse.js";
import { runOperation } from "./operations/runOperation.js";
import { withExtraFields } from "./present/withExtraFields.js";
import type { ReferenceCredentials } from "./referenceCredentials.js";
import type { ReferenceMode } from "./referenceMode.js";

/** What the pipeline needs to know. */
export interface ReferenceHandlerOptions {
  readonly data: ReferenceData;
  readonly credentials: ReferenceCredentials;
  readonly mode: ReferenceMode;
  /** Fault applied to paths without a /faults/<name> prefix. */
  readonly fault?: ReferenceFault;
  /** Where operations are served when not at their §4 paths (serve --operation-path). */
  readonly operationPaths?: OperationPaths;
  /** Called once per answered request (serve --request-log). */
  readonly onRequest?: (record: ReferenceRequestRecord) => void;
}

/** One fault's view of the server: its data and its rules, computed once. */
interface Variant {
  readonly fault: ReferenceFault | undefined;
  readonly data: ReferenceData;
  readonly behaviour: ReferenceBehaviour;
}

/** Creates the (req, res) listener; it never throws and answers 500 only on a bug of its own. */
export function createReferenceHandler(options: ReferenceHandlerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const variants = new Map<string, Variant>();
  const variant = (fault: ReferenceFault | undefined): Variant => {
    const key = fault?.name ?? "";
    const known = variants.get(key);
    if (known) return known;
    const made: Variant = {
      fault,
      data: fault?.data ? fault.data(structuredClone(options.data)) : options.data,
      behaviour: { ...DEFAULT_BEHAVIOUR, ...fault?.behaviour?.(DEFAULT_BEHAVIOUR) },
    };
    variants.set(key, made);
    return made;
  };

  const handle = async (request: IncomingMessage, read: { body?: ReadBody }): Promise<ReferenceResponse> => {
    const route = routeRequest(request.url ?? "/", options.operationPaths);
    const fault = route.faultName === undefined ? options.fault : findFault(route.faultName);
    if (!route.operation || (route.faultName !== undefined && !fault)) {
      return jsonResponse(404, { message: `No operation at ${request.url ?? ""}; the operations are POST {base}/platform/cms/… and {base}/platform/authorization/getRoleFilters (§4).` });
    }
    if (request.method !== "POST") {
      return jsonResponse(405, { message: `Method ${request.method ?? ""} is not allowed; every operation is POST (§4).` }, { Allow: "POST" });
    }
    const operation = route.operation;
    const { data, behaviour } = variant(fault);
    const headers = fault?.requestHeaders ? fault.requestHeaders(request.headers, options.credentials) : request.headers;
    const auth = authenticate(headers, operation, options.credentials);
    read.body = await readRequestBody(request);
    const { text } = read.body;
    let body: unknown;
    let answer: ReferenceResponse;
    if ("refused" in auth) answer = auth.refused;
    else if (text === undefined) answer = badRequest(operation.name, "The request body is larger than 64 KiB.", "payloadTooLarge", 413);
    else {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = undefined;
      }
      if (body === undefined) answer = badRequest(operation.name, "The request body is not valid JSON.", "invalidJson");
      else {
        if (fault?.requestBody) body = fault.requestBody(body, operation.name);
        answer = isJsonObject(body)
          ? runOperation(operation.name, body, { data, user: auth.user, mode: options.mode, behaviour })
          : badRequest(operation.name, "The request body must be a JSON object.", "invalidBody");
      }
    }
    if (options.mode === "extra-fields" && answer.status === 200) answer = { ...answer, json: withExtraFields(answer.json) };
    return fault?.respond ? fault.respond(answer, { operation: operation.name, body, user: "user" in auth ? auth.user : undefined, data }) : answer;
  };

  return (request, response) => {
    const read: { body?: ReadBody } = {};
    handle(request, read)
      .catch((error: unknown) => jsonResponse(500, { message: `reference server bug: ${(error as Error).message}` }))
      .then((answer) => {
        options.onRequest?.(recordRequest(request, read.body, answer.status, options.credentials));
        writeReferenceResponse(response, answer);
      })
      .catch(() => response.destroy());
  };
}
