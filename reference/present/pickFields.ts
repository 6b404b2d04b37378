/** Keeps only the named fields of an object (sdk-minimal mode drops every SDK-optional field, docs/sdk-evidence.md). */

/** A copy of `value` with only `fields` (those present). */
export function pickFields<T extends object>(value: T, fields: readonly (keyof T & string)[]): T {
  const picked: Partial<T> = {};
  for (const field of fields) if (value[field] !== undefined) picked[field] = value[field];
  return picked as T;
}
