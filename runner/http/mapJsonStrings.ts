/** Rewrites every string (and key) of a JSON value, iteratively: no depth of nesting can overflow the stack. */

/**
 * A copy of `value` with `map` applied to every string, and to every object key when `keys` is
 * set; other values are kept. Objects get plain own keys (a "__proto__" key stays a key). Walks
 * with an explicit stack.
 */
export function mapJsonStrings(value: unknown, map: (text: string) => string, keys = false): unknown {
  const root: { value: unknown } = { value: undefined };
  const work: { source: unknown; assign: (copy: unknown) => void }[] = [{ source: value, assign: (copy) => (root.value = copy) }];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    const { source, assign } = next;
    if (typeof source === "string") assign(map(source));
    else if (Array.isArray(source)) {
      const copy: unknown[] = new Array<unknown>(source.length);
      assign(copy);
      source.forEach((item, index) => work.push({ source: item, assign: (made) => (copy[index] = made) }));
    } else if (source !== null && typeof source === "object") {
      const copy: Record<string, unknown> = {};
      assign(copy);
      // Pushed last to first, so keys are popped — and defined on the copy — in their order.
      for (const [key, item] of Object.entries(source).reverse()) {
        work.push({
          source: item,
          assign: (made) => Object.defineProperty(copy, keys ? map(key) : key, { value: made, enumerable: true, writable: true, configurable: true }),
        });
      }
    } else assign(source);
  }
  return root.value;
}
