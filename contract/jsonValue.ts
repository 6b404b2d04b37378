/** Narrowing and comparing JSON values (from the target, the schemas or the reference's requests). */

/** A JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Deep equality of two JSON values, object key order ignored. Iterative, so a hostile answer
 * nested 100,000 levels deep cannot overflow the stack.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  while (pending.length > 0) {
    const [left, right] = pending.pop() as [unknown, unknown];
    if (left === right) continue;
    if (Array.isArray(left) && Array.isArray(right)) {
      if (left.length !== right.length) return false;
      for (let index = 0; index < left.length; index += 1) pending.push([left[index], right[index]]);
      continue;
    }
    if (!isJsonObject(left) || !isJsonObject(right)) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(right, key)) return false;
      pending.push([left[key], right[key]]);
    }
  }
  return true;
}

/** How copyJsonValue changes a value as it copies it; each is optional. */
export interface JsonCopyRules {
  /** Applied to every string value. */
  readonly string?: (text: string) => string;
  /** Applied to every object key. */
  readonly key?: (name: string) => string;
  /** Arrays longer than this keep only their first items. */
  readonly maxArrayItems?: number;
}

/**
 * A copy of a JSON value, walked with an explicit stack (no depth of nesting overflows it).
 * Objects get plain own keys, in their order: a "__proto__" key stays a key.
 */
export function copyJsonValue(value: unknown, rules: JsonCopyRules = {}): unknown {
  const root: { value: unknown } = { value: undefined };
  const work: { source: unknown; assign: (copy: unknown) => void }[] = [
    { source: value, assign: (copy) => (root.value = copy) },
  ];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    const { source, assign } = next;
    if (typeof source === "string") assign(rules.string ? rules.string(source) : source);
    else if (Array.isArray(source)) {
      const kept = rules.maxArrayItems === undefined ? source : source.slice(0, rules.maxArrayItems);
      const copy: unknown[] = new Array<unknown>(kept.length);
      assign(copy);
      kept.forEach((item, index) => work.push({ source: item, assign: (made) => (copy[index] = made) }));
    } else if (source !== null && typeof source === "object") {
      const copy: JsonObject = {};
      assign(copy);
      // Pushed last to first, so keys are popped (and defined on the copy) in their order.
      for (const [key, item] of Object.entries(source).reverse()) {
        const name = rules.key ? rules.key(key) : key;
        work.push({
          source: item,
          assign: (made) =>
            Object.defineProperty(copy, name, { value: made, enumerable: true, writable: true, configurable: true }),
        });
      }
    } else assign(source);
  }
  return root.value;
}
