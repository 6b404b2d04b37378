/**
 * The texts of a listed item the suite knows a search looks in, or may look in: a landing
 * page's title (§4.2), and every string of a widget (§4.1 searches its i18n fields and tags,
 * whose translations the suite cannot see, so any visible string may be one of them).
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { OperationName } from "../../../contract/operations.js";

/** Most strings read from one item: a hostile target's item cannot make judging slow. */
const MAX_STRINGS = 200;

function collectStrings(value: unknown, into: string[]): void {
  if (into.length >= MAX_STRINGS) return;
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const element of value) collectStrings(element, into);
  else if (isJsonObject(value)) for (const element of Object.values(value)) collectStrings(element, into);
}

/** The title of a landing page, or every string of a widget's JSON (empty when the item has none). */
export function searchedTexts(operation: OperationName, item: unknown): string[] {
  if (operation === "listLandingPages") return isJsonObject(item) && typeof item.title === "string" ? [item.title] : [];
  const strings: string[] = [];
  collectStrings(item, strings);
  return strings;
}
