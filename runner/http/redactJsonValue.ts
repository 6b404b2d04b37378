/** Redacts secrets inside a parsed JSON value (strings and keys), leaving everything else as it was. */
import { redactSecrets, type SecretValue } from "./redactSecrets.js";

/**
 * Returns the value with every secret in its strings and keys replaced by its placeholder.
 * Needed because JSON escapes ("\u0074oken") can hide a secret from a text search of the body.
 */
export function redactJsonValue(value: unknown, secrets: readonly SecretValue[]): unknown {
  if (secrets.length === 0) return value;
  return walk(value, secrets);
}

function walk(value: unknown, secrets: readonly SecretValue[]): unknown {
  if (typeof value === "string") return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item: unknown) => walk(item, secrets));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty, not assignment: a hostile "__proto__" key must stay a plain key.
      Object.defineProperty(out, redactSecrets(key, secrets), {
        value: walk(item, secrets),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
