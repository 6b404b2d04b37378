/** The correct server's answer to an authenticated request: refuse it, reject its body, or run the operation. */
import type { IncomingHttpHeaders } from "node:http";
import { isJsonObject } from "../../contract/jsonValue.js";
import type { OperationSpec } from "../../contract/operations.js";
import type { ReferenceUserName } from "../data/referenceData.js";
import { authenticate } from "./authenticate.js";
import { badRequest } from "./errorResponses.js";
import type { ReadBody } from "./readRequestBody.js";
import type { ReferenceResponse } from "./ReferenceResponse.js";
import { runOperation } from "../operations/runOperation.js";
import type { ReferenceCredentials } from "../referenceCredentials.js";
import type { ReferenceMode } from "../referenceMode.js";
import type { Served } from "../servedViews.js";

/** The answer, with the parsed body and the user for the respond hook. */
export interface OperationAnswer {
  readonly answer: ReferenceResponse;
  /** The request body after the requestBody hook, when it was JSON. */
  readonly body: unknown;
  readonly user: ReferenceUserName | undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Authenticates `headers`, parses the body (at most 64 KiB of JSON object) and runs the operation on `current`'s data. */
export function answerOperation(
  operation: OperationSpec,
  headers: IncomingHttpHeaders,
  read: ReadBody,
  current: Served,
  context: { readonly credentials: ReferenceCredentials; readonly mode: ReferenceMode },
): OperationAnswer {
  const auth = authenticate(headers, operation, context.credentials);
  if ("refused" in auth) return { answer: auth.refused, body: undefined, user: undefined };
  let { text } = read;
  if (text === undefined) {
    const answer = badRequest(operation.name, "The request body is larger than 64 KiB.", "payloadTooLarge", 413);
    return { answer, body: undefined, user: auth.user };
  }
  if (current.hooks?.requestText) {
    const rewritten = current.hooks.requestText(text, operation.name);
    if (typeof rewritten !== "string") return { answer: rewritten, body: undefined, user: auth.user };
    text = rewritten;
  }
  let body = parseJson(text);
  if (body === undefined) {
    const answer = badRequest(operation.name, "The request body is not valid JSON.", "invalidJson");
    return { answer, body, user: auth.user };
  }
  if (current.hooks?.requestBody) body = current.hooks.requestBody(body, operation.name);
  const { data, behaviour } = current;
  const answer = isJsonObject(body)
    ? runOperation(operation.name, body, { data, user: auth.user, mode: context.mode, behaviour })
    : badRequest(operation.name, "The request body must be a JSON object.", "invalidBody");
  return { answer, body, user: auth.user };
}
