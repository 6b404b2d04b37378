/** Rewrites every string (and key) of a JSON value, iteratively: no depth of nesting can overflow the stack. */
import { copyJsonValue } from "../../contract/jsonValue.js";

/**
 * A copy of `value` with `map` applied to every string, and to every object key when `keys` is
 * set; other values are kept. Objects get plain own keys (a "__proto__" key stays a key).
 */
export function mapJsonStrings(value: unknown, map: (text: string) => string, keys = false): unknown {
  return copyJsonValue(value, { string: map, ...(keys ? { key: map } : {}) });
}
