/** Sending generated requests inside a property, and what a missing answer means for one example. */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { describeAnswer } from "../judges/judgeExchange.js";
import type { ExampleVerdict } from "./runProperty.js";
import type { RequestHeaderForm } from "../../../contract/requestHeaderForms.js";
import type { RequestPriority } from "../../../runner/http/types.js";

/**
 * A transport failure (timeout, reset …) as an example verdict, or undefined when there was a
 * response. A 429 that outlasted the client's waits says nothing about the example: it is
 * unjudged, so fast-check never shrinks towards it and the check ends as an error.
 */
export function noAnswer(exchange: Exchange): ExampleVerdict | undefined {
  if (exchange.response?.status === 429)
    return {
      ok: "unjudged",
      reason: `the target still answered 429 (rate limited) after ${exchange.retriesAfter429} wait(s)`,
      exchange,
    };
  if (exchange.response && !exchange.failure) return undefined;
  if (exchange.response && exchange.failure?.kind === "redirect") return undefined;
  return {
    ok: false,
    message: `no usable answer: ${describeAnswer(exchange)}`,
    expected: "an HTTP response (§4)",
    actual: describeAnswer(exchange),
    exchange,
  };
}

/** Sends a generated request body to the check's operation as the admin, its headers in the request's form (§5's when none). */
export function sendGenerated(
  context: CheckContext,
  request: { readonly body: { json: unknown } | { raw: string }; readonly headerForm?: RequestHeaderForm },
  priority?: RequestPriority,
): Promise<Exchange> {
  return context.target.send(context.operation, {
    ...request.body,
    ...(request.headerForm ? { headerForm: request.headerForm } : {}),
    ...(priority ? { priority } : {}),
  });
}
