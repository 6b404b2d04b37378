/**
 * The tables of §2, §4 and §7 as the contract's schemas give them, for the objects of a body: the field
 * names each object's table lists and how to cite the table (its title and section). Read from the
 * schemas (schemaShapes.ts), never restated. An object whose structure is not shown (Chart.filter) has
 * no table. The walk follows the schema, not the body: its depth is the schema's, however deep the body.
 */
import { isJsonObject, type JsonObject } from "./jsonValue.js";
import { kindOf, pointerSegment, shapeOfFile, type FieldTable, type Shape } from "./schemaShapes.js";

export type { FieldTable } from "./schemaShapes.js";

/** Where a value stands in a body: its parent's place and its own segment, joined only when asked (pathOf). */
export interface Place {
  readonly parent: Place | undefined;
  readonly segment: string;
}

/** The JSON Pointer of a place, as Ajv writes an instancePath ("" for the body itself). */
export const pathOf = (place: Place | undefined): string =>
  place === undefined ? "" : `${pathOf(place.parent)}/${pointerSegment(place.segment)}`;

/** Called with each tabled object: the object, its table and its place; false stops the walk. */
export type TabledObjectVisitor = (value: JsonObject, table: FieldTable, place: Place | undefined) => boolean;

/** Visits the tabled objects of `value` (described by `shape`, at `place`) in document order; false stops. */
function visitBelow(shape: Shape, value: unknown, place: Place | undefined, visit: TabledObjectVisitor): boolean {
  const view = shape.view(kindOf(value));
  if (Array.isArray(value)) {
    const items = view.items;
    if (!items) return true;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      // Only containers can hold a table: a million numbers cost a type test each.
      if (typeof item !== "object" || item === null) continue;
      if (!visitBelow(items, item, { parent: place, segment: String(index) }, visit)) return false;
    }
    return true;
  }
  if (!isJsonObject(value) || !view.table) return true;
  const table = view.table;
  if (!visit(value, table, place)) return false;
  for (const key of table.names) {
    const field = view.field(key);
    const child = value[key];
    if (field && typeof child === "object" && child !== null)
      if (!visitBelow(field, child, { parent: place, segment: key }, visit)) return false;
  }
  return true;
}

/** Calls `visit` with every object of `data` that a table of the schema file describes, in document order, until it returns false. */
export function visitTabledObjects(file: string, data: unknown, visit: TabledObjectVisitor): void {
  visitBelow(shapeOfFile(file), data, undefined, visit);
}

/** The table of the object at `instancePath` in `data` (an Ajv instancePath), if a table describes it. */
export function tableAt(file: string, data: unknown, instancePath: string): FieldTable | undefined {
  let shape: Shape | undefined = shapeOfFile(file);
  let value = data;
  const segments = instancePath === "" ? [] : instancePath.slice(1).split("/");
  for (const segment of segments.map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"))) {
    if (!shape) return undefined;
    const view = shape.view(kindOf(value));
    if (Array.isArray(value)) {
      shape = view.items;
      value = value[Number(segment)];
    } else if (isJsonObject(value)) {
      shape = view.field(segment);
      value = value[segment];
    } else return undefined;
  }
  return shape?.view(kindOf(value)).table;
}
