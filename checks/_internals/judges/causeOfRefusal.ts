/**
 * Why a valid request in one of its equivalent forms was refused: asked again written as JSON.stringify
 * writes it (when it was sent with other escapes, RFC 8259 §7), with its null fields left out, then
 * with the bearer scheme as §5 writes it, then with every header as §5 writes it;
 * the first form answered otherwise than the refusal (200, or another 4xx: a large page number the
 * register lets a target refuse with 400, say) names the cause (registers null-request-fields,
 * bearer-scheme-case, or none: a refused header form or escape, a failure).
 */
import {
  CANONICAL_HEADER_FORM,
  isCanonicalHeaderForm,
  type RequestHeaderForm,
} from "../../../contract/requestHeaderForms.js";
import type { OperationName } from "../../../contract/operations.js";
import { nullFieldsOf, withNullsAbsent } from "../../../generators/nullRequestFields.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import type { Exchange } from "../../../runner/model/Exchange.js";

/** What made a request be refused, with the exchange of the same request served once that was undone. */
export type RefusalCause = "escapes" | "null-fields" | "scheme-case" | "header-form";

/** The cause and the served exchange, or none: the request is refused in its canonical form too (`body` without its nulls). */
export type RefusalFinding =
  | { readonly cause: RefusalCause; readonly served: Exchange }
  | { readonly cause: undefined; readonly body: Record<string, unknown> };

/**
 * Asks `body` again in simpler forms until one is served; sends nothing when the request is already in §5's
 * form without nulls and was sent as JSON.stringify writes it (`text` undefined).
 */
export async function causeOfRefusal(
  target: TargetSession,
  operation: OperationName,
  body: Record<string, unknown>,
  form: RequestHeaderForm,
  refusedStatus: number,
  text?: string,
): Promise<RefusalFinding> {
  let current = body;
  const served = (exchange: Exchange) => {
    const status = exchange.response?.status;
    return status === 200 || (status !== undefined && status >= 400 && status < 500 && status !== refusedStatus);
  };
  if (text !== undefined) {
    const exchange = await target.send(operation, { json: body, headerForm: form });
    if (served(exchange)) return { cause: "escapes", served: exchange };
  }
  if (nullFieldsOf(body).length > 0) {
    current = withNullsAbsent(body);
    const exchange = await target.send(operation, { json: current, headerForm: form });
    if (served(exchange)) return { cause: "null-fields", served: exchange };
  }
  if (form.scheme !== CANONICAL_HEADER_FORM.scheme) {
    const schemeOnly = { ...form, scheme: CANONICAL_HEADER_FORM.scheme };
    const exchange = await target.send(operation, { json: current, headerForm: schemeOnly });
    if (served(exchange)) return { cause: "scheme-case", served: exchange };
    form = schemeOnly;
  }
  if (!isCanonicalHeaderForm(form)) {
    const exchange = await target.send(operation, { json: current });
    if (served(exchange)) return { cause: "header-form", served: exchange };
  }
  return { cause: undefined, body: current };
}
