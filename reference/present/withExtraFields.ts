/** extra-fields mode: unknown fields at every object level of a 200 body (register unknown-extra-fields). */

/** A deep copy of `json` where every object gains two fields the spec does not list. */
export function withExtraFields(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withExtraFields);
  if (typeof json !== "object" || json === null) return json;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) copy[key] = withExtraFields(value);
  copy.referenceExtraText = "unlisted field: clients must ignore it";
  copy.referenceExtraObject = { nested: true, level: ["x"] };
  return copy;
}
