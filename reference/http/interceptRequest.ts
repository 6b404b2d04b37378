/** Gives a fault's or variant's intercept hook its look at a request before authentication and parsing. */
import type { IncomingMessage } from "node:http";
import type { ReadBody } from "./readRequestBody.js";
import type { ReferenceResponse } from "./ReferenceResponse.js";
import type { Served } from "../servedViews.js";

/** The hook's answer, or undefined when there is no hook or it lets the request through. */
export function interceptRequest(
  current: Served,
  request: IncomingMessage,
  body: ReadBody,
  retryAfterSeconds: number,
): ReferenceResponse | undefined {
  if (!current.hooks?.intercept) return undefined;
  const { authorization, client_id: clientId } = request.headers;
  const fingerprint = JSON.stringify([request.url, authorization, clientId, body.text ?? body.bytes]);
  return current.hooks.intercept({
    number: current.requests,
    fingerprint,
    remembered: current.remembered,
    retryAfterSeconds,
    rawHeaders: request.rawHeaders,
  });
}
