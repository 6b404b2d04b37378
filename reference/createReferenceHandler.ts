/** The request pipeline of the reference server: route, authenticate, read, parse, run, present, apply the fault or variant. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OperationPaths } from "../contract/operations.js";
import type { ReferenceData } from "./data/referenceData.js";
import type { ReferenceFault } from "./faults/ReferenceFault.js";
import type { RebuildData } from "./ReferenceHooks.js";
import { credentialHeaders, queryOf } from "./http/credentialHeaders.js";
import { readRequestBody, type ReadBody } from "./http/readRequestBody.js";
import { recordRequest, type ReferenceRequestRecord } from "./http/ReferenceRequestRecord.js";
import { jsonResponse, type ReferenceResponse } from "./http/ReferenceResponse.js";
import { writeReferenceResponse } from "./http/writeReferenceResponse.js";
import { answerOperation } from "./http/answerOperation.js";
import { interceptRequest } from "./http/interceptRequest.js";
import { resolveServed } from "./http/resolveServed.js";
import { createServedViews } from "./servedViews.js";
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

/** Creates the (req, res) listener; it never throws and answers 500 only on a bug of its own. */
export function createReferenceHandler(
  options: ReferenceHandlerOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const serve = createServedViews(options.data, options.rebuild);

  const handle = async (request: IncomingMessage, read: { body?: ReadBody }): Promise<ReferenceResponse> => {
    const resolved = resolveServed(request, options.operationPaths, options.fault);
    if ("refused" in resolved) return resolved.refused;
    const { operation } = resolved;
    const current = serve(resolved.key, resolved.hooks);
    const { data, hooks } = current;
    current.requests += 1;
    read.body = await readRequestBody(request);
    const intercepted = interceptRequest(current, request, read.body, options.retryAfterSeconds ?? 1);
    if (intercepted) return intercepted;
    const query = queryOf(request);
    const sent = credentialHeaders(request);
    const headers = hooks?.requestHeaders ? hooks.requestHeaders(sent, options.credentials, query) : sent;
    const ran = answerOperation(operation, headers, read.body, current, options);
    let answer = ran.answer;
    if (options.mode === "extra-fields" && answer.status === 200)
      answer = { ...answer, json: withExtraFields(answer.json) };
    return hooks?.respond
      ? hooks.respond(answer, { operation: operation.name, body: ran.body, user: ran.user, data, headers, query })
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
