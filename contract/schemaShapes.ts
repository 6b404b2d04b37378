/**
 * The contract's schemas as shapes a body can be walked beside (fieldTables.ts): for a place in a body and
 * the kind of JSON value found there, which table describes it and which shapes its fields and items have.
 * $refs are followed, of an anyOf/oneOf the branches of the value's kind are taken (a listing's collection
 * or single object, §2.11), and allOf parts are added. Each shape works this out once, on first use, so a
 * listing of a million items costs a lookup per item, not a schema walk.
 */
import { isJsonObject, type JsonObject } from "./jsonValue.js";
import { CONTRACT_SCHEMAS, SCHEMA_ID_BASE } from "./schemaCatalogue.js";

/** The table an object of a body is described by. */
export interface FieldTable {
  /** The field names the table lists. */
  readonly names: readonly string[];
  /** Its name, e.g. "Widget", "RoleFilterGroup.key". */
  readonly title: string;
  /** Its section as the schema's description cites it first, e.g. "§2.1"; "" when it cites none. */
  readonly section: string;
  /** Where its schema stands: file and fragment, e.g. "components/Widget.json#". */
  readonly schemaPath: string;
}

/** The kind of a JSON value, as far as a shape cares. */
export type ValueKind = "array" | "object" | "other";

/** The kind of `value`. */
export const kindOf = (value: unknown): ValueKind =>
  Array.isArray(value) ? "array" : isJsonObject(value) ? "object" : "other";

/** A schema node, the file it stands in (to resolve its $refs), where it stands there, and a name for it. */
interface SchemaNode {
  readonly schema: JsonObject;
  readonly file: string;
  /** Where it stands in its file, a URI fragment ("#/properties/key"). */
  readonly pointer: string;
  readonly name: string;
}

/** What a shape says of a value of one kind. */
export interface ShapeView {
  /** The table of an object there; undefined when none lists its fields (or the value is no object). */
  readonly table: FieldTable | undefined;
  /** The shape of the field `key`, if the schema describes it. */
  field(key: string): Shape | undefined;
  /** The shape of the items, if the schema describes them. */
  readonly items: Shape | undefined;
  /** True when the schema types a value here as integer (§2: a JSON number without fraction). */
  readonly integer: boolean;
}

const SCHEMAS_BY_FILE: ReadonlyMap<string, JsonObject> = new Map(CONTRACT_SCHEMAS.map((doc) => [doc.file, doc.schema]));

/** A key as a JSON Pointer segment. */
export const pointerSegment = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** The node a $ref points at (the node itself when it has none). */
function resolved(node: SchemaNode): SchemaNode {
  const ref = node.schema.$ref;
  if (typeof ref !== "string") return node;
  const file = new URL(ref, `${SCHEMA_ID_BASE}${node.file}`).href.slice(SCHEMA_ID_BASE.length);
  const schema = SCHEMAS_BY_FILE.get(file);
  if (!schema) throw new Error(`${node.file}: $ref ${ref} names no schema of the contract`);
  return { schema, file, pointer: "#", name: typeof schema.title === "string" ? schema.title : node.name };
}

/** Sub-schemas of `node` under `keyword` (anyOf, oneOf, allOf) as nodes. */
function parts(node: SchemaNode, keyword: string): SchemaNode[] {
  const list = node.schema[keyword];
  if (!Array.isArray(list)) return [];
  return list.flatMap((schema, index) =>
    isJsonObject(schema)
      ? [{ schema, file: node.file, pointer: `${node.pointer}/${keyword}/${index}`, name: node.name }]
      : [],
  );
}

/** True when a branch may describe a value of `kind`: its declared type, if a container's, is that kind. */
function branchFits(node: SchemaNode, kind: ValueKind): boolean {
  const type = resolved(node).schema.type;
  return type === "array" || type === "object" ? type === kind : true;
}

/** The nodes that describe a value of `kind` at `node`. */
function applicable(node: SchemaNode, kind: ValueKind): SchemaNode[] {
  const self = resolved(node);
  const branches = [...parts(self, "anyOf"), ...parts(self, "oneOf")].filter((branch) => branchFits(branch, kind));
  return [self, ...[...branches, ...parts(self, "allOf")].flatMap((part) => applicable(part, kind))];
}

/** The nodes of the property `key` (or, for `key` undefined, of the array items) below `nodes`. */
function childNodes(nodes: readonly SchemaNode[], key: string | undefined): SchemaNode[] {
  return nodes.flatMap((node) => {
    const child =
      key === undefined
        ? node.schema.items
        : isJsonObject(node.schema.properties)
          ? node.schema.properties[key]
          : undefined;
    const pointer = `${node.pointer}/${key === undefined ? "items" : `properties/${pointerSegment(key)}`}`;
    return isJsonObject(child)
      ? [{ schema: child, file: node.file, pointer, name: `${node.name}.${key ?? "item"}` }]
      : [];
  });
}

/** The section a node's description cites first, else its file's: e.g. "§2.1"; "" when neither cites one. */
function sectionOf(node: SchemaNode): string {
  const cited = (description: unknown): string | undefined =>
    typeof description === "string" ? /^§\d+(\.\d+)*/.exec(description)?.[0] : undefined;
  return cited(node.schema.description) ?? cited(SCHEMAS_BY_FILE.get(node.file)?.description) ?? "";
}

/** The table `nodes` describe together, cited as the first node that lists fields; undefined when none does. */
function tableOf(nodes: readonly SchemaNode[]): FieldTable | undefined {
  const listing = nodes.filter(({ schema }) => isJsonObject(schema.properties));
  const first = listing[0];
  if (!first) return undefined;
  const names = [...new Set(listing.flatMap(({ schema }) => Object.keys(schema.properties as JsonObject)))];
  const title = typeof first.schema.title === "string" ? first.schema.title : first.name;
  return { names, title, section: sectionOf(first), schemaPath: `${first.file}${first.pointer}` };
}

/** A place in a schema: what describes a value there, worked out per kind of value on first use. */
export class Shape {
  private readonly views = new Map<ValueKind, ShapeView>();

  constructor(private readonly nodes: readonly SchemaNode[]) {}

  /** What the schema says of a value of `kind` here. */
  view(kind: ValueKind): ShapeView {
    let view = this.views.get(kind);
    if (!view) {
      view = makeView(
        this.nodes.flatMap((node) => applicable(node, kind)),
        kind,
      );
      this.views.set(kind, view);
    }
    return view;
  }
}

/** The view of the nodes that apply to a value of `kind`; a field's shape is made once, for a listed field only. */
function makeView(here: readonly SchemaNode[], kind: ValueKind): ShapeView {
  const fields = new Map<string, Shape | undefined>();
  const listed = new Set(
    kind === "object"
      ? here.flatMap(({ schema }) => (isJsonObject(schema.properties) ? Object.keys(schema.properties) : []))
      : [],
  );
  const itemNodes = kind === "array" ? childNodes(here, undefined) : [];
  return {
    table: kind === "object" ? tableOf(here) : undefined,
    items: itemNodes.length > 0 ? new Shape(itemNodes) : undefined,
    integer: here.some(({ schema }) =>
      Array.isArray(schema.type) ? schema.type.includes("integer") : schema.type === "integer",
    ),
    field(key) {
      if (!listed.has(key)) return undefined;
      if (!fields.has(key)) fields.set(key, new Shape(childNodes(here, key)));
      return fields.get(key);
    },
  };
}

const ROOTS = new Map<string, Shape>();

/** The shape of a schema file of the contract's root, e.g. shapeOfFile("components/Widget.json"). */
export function shapeOfFile(file: string): Shape {
  let shape = ROOTS.get(file);
  if (!shape) {
    const schema = SCHEMAS_BY_FILE.get(file);
    if (!schema) throw new Error(`no schema file ${file}`);
    shape = new Shape([{ schema, file, pointer: "#", name: typeof schema.title === "string" ? schema.title : file }]);
    ROOTS.set(file, shape);
  }
  return shape;
}
