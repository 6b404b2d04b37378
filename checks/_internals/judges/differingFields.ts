/**
 * The fields §2 defines on which two answers describing the same item disagree: what the
 * consistency checks compare between a listing and a read (§4.1, §4.4), or between pages of two
 * sizes (§2.11). Fields the spec does not table are left out (register unknown-extra-fields), and
 * so is a field only one answer carries (its absence is the schema checks' to judge).
 */
import { isJsonObject, jsonEqual } from "../../../contract/jsonValue.js";
import { statedFields } from "../requests/schemaProperties.js";
import { sameUrl } from "./urlQueryValues.js";

/**
 * Arrays whose order the spec does not give, compared as multisets: §2.1 and §2.5 give tags as the
 * tags "associated with" an item. Another order is the register's to judge (list-get-consistency).
 */
const UNORDERED_FIELDS: ReadonlySet<string> = new Set(["tags"]);

/** A multiset's canonical order: the items' JSON texts, sorted. */
function sortedTexts(items: readonly unknown[]): string[] {
  return items.map((item) => JSON.stringify(item)).sort();
}

function sameValue(key: string, left: unknown, right: unknown): boolean {
  // A URL re-signed on each answer differs in its query values only (register list-get-consistency).
  if (sameUrl(key, left, right)) return true;
  if (UNORDERED_FIELDS.has(key) && Array.isArray(left) && Array.isArray(right))
    return jsonEqual(sortedTexts(left), sortedTexts(right));
  return jsonEqual(left, right);
}

/** One field two answers disagree on, with each answer's value. */
export interface FieldDifference {
  readonly field: string;
  readonly first: unknown;
  readonly second: unknown;
}

/** The tabled fields of `schemaFile` (e.g. "components/Widget.json") both items have, whose values differ. */
export function differingFields(first: unknown, second: unknown, schemaFile: string): FieldDifference[] {
  const a = statedFields(first, schemaFile);
  const b = statedFields(second, schemaFile);
  if (!isJsonObject(a) || !isJsonObject(b)) return [];
  return Object.keys(a)
    .filter((field) => field in b && !sameValue(field, a[field], b[field]))
    .map((field) => ({ field, first: a[field], second: b[field] }));
}

/** The unordered fields (tags) both items have with the same values in another order. */
export function reorderedFields(first: unknown, second: unknown, schemaFile: string): FieldDifference[] {
  const a = statedFields(first, schemaFile);
  const b = statedFields(second, schemaFile);
  if (!isJsonObject(a) || !isJsonObject(b)) return [];
  return [...UNORDERED_FIELDS]
    .filter(
      (field) => field in a && field in b && sameValue(field, a[field], b[field]) && !jsonEqual(a[field], b[field]),
    )
    .map((field) => ({ field, first: a[field], second: b[field] }));
}

/** "name, url": the fields of a list of differences. */
export function fieldNames(differences: readonly FieldDifference[]): string {
  return differences.map((difference) => difference.field).join(", ");
}

/** One "field: value" line per difference, for one side, cut at 500 characters. */
export function sideOf(differences: readonly FieldDifference[], side: "first" | "second"): string {
  return differences
    .map((difference) => `${difference.field}: ${JSON.stringify(difference[side])}`)
    .join("\n")
    .slice(0, 500);
}
