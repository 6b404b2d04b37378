/** Keeps only the named fields of an object (a listed landing page without what the record keeps besides §2.4's table). */

/** A copy of `value` with only `fields` (those present). */
export function pickFields<T extends object>(value: T, fields: readonly (keyof T & string)[]): T {
  const picked: Partial<T> = {};
  for (const field of fields) if (value[field] !== undefined) picked[field] = value[field];
  return picked as T;
}
