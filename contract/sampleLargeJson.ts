/**
 * Large bodies, read in bounded time: whether a JSON value holds more than a number of values
 * (counted only up to that number), and a sample of it with every long array cut to its first
 * items. Both walk with an explicit stack, so no depth of nesting overflows it.
 */
import { copyJsonValue } from "./jsonValue.js";

/** True when `value` holds more than `limit` JSON values (it stops counting there). */
export function isLargeJson(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let seen = 0;
  for (let next = stack.pop(); ; next = stack.pop()) {
    seen += 1;
    if (seen > limit) return true;
    if (Array.isArray(next)) for (const item of next) stack.push(item);
    else if (next !== null && typeof next === "object") for (const item of Object.values(next)) stack.push(item);
    if (stack.length === 0) return false;
  }
}

/** A copy of `value` in which every array longer than `maxItems` keeps only its first `maxItems` items. */
export function sampleJsonArrays(value: unknown, maxItems: number): unknown {
  return copyJsonValue(value, { maxArrayItems: maxItems });
}
