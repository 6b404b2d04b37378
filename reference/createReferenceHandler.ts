/** The request pipeline of the reference server: route, authenticate, read, parse, run, present, apply the fault or variant. */
import { isJsonObject } from "../contract/jsonValue.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OperationPaths } from "../contract/operations.js";
import { DEFAULT_BEHAVIOUR, type ReferenceBehaviour } from "./behaviour/ReferenceBehaviour.js";
import type { ReferenceData } from "./data/referenceData.js";
import { findFault } from "./faults/faultCatalogue.js";
import type { ReferenceFault } from "./faults/ReferenceFault.js";
import type { RebuildData, ReferenceHooks } from "./ReferenceHooks.js";
import { findVariant } from "./variants/variantCatalogue.js";
import { authenticate } from "./http/authenticate.js";
import { badRequest } from "./http/errorResponses.js";
import { credentialHeaders, queryOf } from "./http/credentialHeaders.js";
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
  /** Builds the data set again (same seed) with other sizes, for variants that need more or fewer items. */
  readonly rebuild: RebuildData;
  /** The Retry-After of the rate-limited variant, in seconds; default 1. */
  readonly retryAfterSeconds?: number;
}

/** One fault's or variant's view of the server: its data and its rules, computed once, and how many requests it got. */
interface Served {
  readonly hooks: ReferenceHooks | undefined;
  readonly data: ReferenceData;
  readonly behaviour: ReferenceBehaviour;
  requests: number;
  /** What the intercept hook keeps between requests. */
  readonly remembered: Set<string>;
}

/** Creates the (req, res) listener; it never throws and answers 500 only on a bug of its own. */
export function createReferenceHandler(
  options: ReferenceHandlerOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const served = new Map<string, Served>();
  const serve = (key: string, hooks: ReferenceHooks | undefined): Served => {
    const known = served.get(key);
    if (known) return known;
    const made: Served = {
      hooks,
      data: hooks?.data ? hooks.data(structuredClone(options.data), options.rebuild) : options.data,
      behaviour: { ...DEFAULT_BEHAVIOUR, ...hooks?.behaviour?.(DEFAULT_BEHAVIOUR) },
      requests: 0,
      remembered: new Set(),
    };
    served.set(key, made);
    return made;
  };

  const handle = async (request: IncomingMessage, read: { body?: ReadBody }): Promise<ReferenceResponse> => {
    const route = routeRequest(request.url ?? "/", options.operationPaths);
    const variant = route.variantName === undefined ? undefined : findVariant(route.variantName);
    const fault =
      route.faultName !== undefined
        ? findFault(route.faultName)
        : route.variantName === undefined
          ? options.fault
          : undefined;
    if (
      !route.operation ||
      (route.faultName !== undefined && !fault) ||
      (route.variantName !== undefined && !variant)
    ) {
      return jsonResponse(404, {
        message: `No operation at ${request.url ?? ""}; the operations are POST {base}/platform/cms/… and {base}/platform/authorization/getRoleFilters (§4).`,
      });
    }
    if (request.method !== "POST") {
      return jsonResponse(
        405,
        { message: `Method ${request.method ?? ""} is not allowed; every operation is POST (§4).` },
        { Allow: "POST" },
      );
    }
    const operation = route.operation;
    const current = variant ? serve(`variant:${variant.name}`, variant) : serve(`fault:${fault?.name ?? ""}`, fault);
    const { data, behaviour, hooks } = current;
    current.requests += 1;
    read.body = await readRequestBody(request);
    if (hooks?.intercept) {
      const { authorization, client_id: clientId } = request.headers;
      const fingerprint = JSON.stringify([request.url, authorization, clientId, read.body.text ?? read.body.bytes]);
      const intercepted = hooks.intercept({
        number: current.requests,
        fingerprint,
        remembered: current.remembered,
        retryAfterSeconds: options.retryAfterSeconds ?? 1,
        rawHeaders: request.rawHeaders,
      });
      if (intercepted) return intercepted;
    }
    const query = queryOf(request);
    const sent = credentialHeaders(request);
    const headers = hooks?.requestHeaders ? hooks.requestHeaders(sent, options.credentials, query) : sent;
    const auth = authenticate(headers, operation, options.credentials);
    const { text } = read.body;
    let body: unknown;
    let answer: ReferenceResponse;
    if ("refused" in auth) answer = auth.refused;
    else if (text === undefined)
      answer = badRequest(operation.name, "The request body is larger than 64 KiB.", "payloadTooLarge", 413);
    else {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = undefined;
      }
      if (body === undefined) answer = badRequest(operation.name, "The request body is not valid JSON.", "invalidJson");
      else {
        if (hooks?.requestBody) body = hooks.requestBody(body, operation.name);
        answer = isJsonObject(body)
          ? runOperation(operation.name, body, { data, user: auth.user, mode: options.mode, behaviour })
          : badRequest(operation.name, "The request body must be a JSON object.", "invalidBody");
      }
    }
    if (options.mode === "extra-fields" && answer.status === 200)
      answer = { ...answer, json: withExtraFields(answer.json) };
    return hooks?.respond
      ? hooks.respond(answer, {
          operation: operation.name,
          body,
          user: "user" in auth ? auth.user : undefined,
          data,
          headers,
          query,
        })
      : answer;
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
