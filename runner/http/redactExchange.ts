/** An exchange on its way to a report or a log: every secret out of the request, the response and the failure. */
import type { Redactor } from "./redactSecrets.js";
import type { Exchange } from "../model/Exchange.js";

function redactHeaders(headers: Readonly<Record<string, string>>, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // defineProperty, not assignment: a hostile "__proto__" header name must stay a plain key.
    Object.defineProperty(out, redactor.text(name), {
      value: redactor.header(name, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A copy of the exchange fit to be written: secrets replaced by placeholders, the parsed body left out (bodyText holds it). */
export function redactExchange(exchange: Exchange, redactor: Redactor): Exchange {
  const { json: _parsed, request, response, failure, curl, ...rest } = exchange;
  return {
    ...rest,
    request: {
      method: request.method,
      url: redactor.text(request.url),
      headers: redactHeaders(request.headers, redactor),
      ...(request.body === undefined ? {} : { body: redactor.body(request.body) }),
    },
    ...(response === undefined
      ? {}
      : {
          response: {
            ...response,
            headers: redactHeaders(response.headers, redactor),
            bodyText: redactor.body(response.bodyText, { textWasCut: response.truncated }),
          },
        }),
    ...(failure === undefined ? {} : { failure: { kind: failure.kind, message: redactor.text(failure.message) } }),
    curl: redactor.text(curl),
  };
}
