/**
 * Every exchange remembers the redactor of the client that made it, out of sight (a symbol,
 * not enumerable: never spread, cloned or serialised), so that a check embedding the target's
 * text in a message (a body preview, a failure) redacts it with the run's secrets.
 */
import { createRedactor, type Redactor } from "./redactSecrets.js";
import type { Exchange } from "../model/Exchange.js";

const REDACTOR = Symbol("cms-conformance.redactor");
const NONE = createRedactor([]);

/** Attaches the redactor to the exchange and returns the exchange. */
export function attachRedactor<T extends Exchange>(exchange: T, redactor: Redactor): T {
  return Object.defineProperty(exchange, REDACTOR, {
    value: redactor,
    enumerable: false,
    writable: false,
    configurable: true,
  });
}

/** The redactor of the client that made the exchange; one without secrets for an exchange built elsewhere. */
export function exchangeRedactor(exchange: Exchange): Redactor {
  return (exchange as Exchange & { [REDACTOR]?: Redactor })[REDACTOR] ?? NONE;
}
