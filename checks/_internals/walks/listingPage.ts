/** Reading one page of a listing (§2.11, §4.1, §4.2) whatever shape the target chose. */
import { isJsonObject } from "../../../contract/jsonValue.js";
import { operationSpec, type OperationName } from "../../../contract/operations.js";

/** What one listing response holds. */
export interface ListingPage {
  readonly items: readonly unknown[];
  /** register list-collection-shape: array (default), single object, or absent. */
  readonly shape: "array" | "object" | "absent" | "invalid";
  readonly totalElements?: number;
  readonly totalPages?: number;
}

function integerOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/** Items and totals of a listing body; a single object counts as one item. */
export function readListingPage(operation: OperationName, body: unknown): ListingPage {
  const field = operationSpec(operation).listField;
  if (!field) throw new Error(`${operation} is not a listing`);
  if (!isJsonObject(body)) return { items: [], shape: "invalid" };
  const info = isJsonObject(body.listInformation) ? body.listInformation : {};
  const totals = {
    ...(integerOrUndefined(info.totalElements) !== undefined ? { totalElements: info.totalElements as number } : {}),
    ...(integerOrUndefined(info.totalPages) !== undefined ? { totalPages: info.totalPages as number } : {}),
  };
  const collection = body[field];
  if (Array.isArray(collection)) return { items: collection, shape: "array", ...totals };
  if (collection === undefined) return { items: [], shape: "absent", ...totals };
  if (isJsonObject(collection)) return { items: [collection], shape: "object", ...totals };
  return { items: [], shape: "invalid", ...totals };
}

/** A stable identity for an item: its `id` when it has a string one, else its JSON text. */
export function itemKey(item: unknown): string {
  if (isJsonObject(item) && typeof item.id === "string") return `id:${item.id}`;
  return `json:${JSON.stringify(item)}`;
}

/** The id of an item, when it has a string one. */
export function itemId(item: unknown): string | undefined {
  return isJsonObject(item) && typeof item.id === "string" ? item.id : undefined;
}

/** ceil(total / size): the totalPages §2.11 implies for a page size. */
export function expectedTotalPages(totalElements: number, pageSize: number): number {
  return Math.ceil(totalElements / pageSize);
}
