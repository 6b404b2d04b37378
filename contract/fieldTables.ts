/**
 * The tables of §2, §4 and §7 as the contract's schemas give them: for each object of a body, the
 * field names its table lists and how to cite the table (its title and section). Read from the
 * schemas (schemas/), never restated: a body is walked beside its schema, following $refs, the
 * anyOf branch of the value's own JSON type (a listing's collection or single object, §2.11) and
 * allOf parts. An object whose structure is not shown (Chart.filter) lists no field.
 */
import { isJsonObject, type JsonObject } from "./jsonValue.js";
import { CONTRACT_SCHEMAS, SCHEMA_ID_BASE } from "./schemaCatalogue.js";

/** A schema node, the file it stands in (to resolve its $refs), and a name for it. */
interface SchemaNode {
  readonly schema: JsonObject;
  readonly file: string;
  /** Where it stands in its file, a URI fragment ("#/properties/key"). */
  readonly pointer: string;
  readonly name: string;
}

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

/** An object of a body and its table. */
export interface TabledObject {
  /** JSON Pointer of the object in the body, as Ajv writes an instancePath. */
  readonly instancePath: string;
  readonly value: JsonObject;
  readonly table: FieldTable;
}

const SCHEMAS_BY_FILE: ReadonlyMap<string, JsonObject> = new Map(CONTRACT_SCHEMAS.map((doc) => [doc.file, doc.schema]));

/** A key as a JSON Pointer segment. */
const pointerSegment = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** The node a $ref points at (the node itself when it has none). */
function resolved(node: SchemaNode): SchemaNode {
  const ref = node.schema.$ref;
  if (typeof ref !== "string") return node;
  const file = new URL(ref, `${SCHEMA_ID_BASE}${node.file}`).href.slice(SCHEMA_ID_BASE.length);
  const schema = SCHEMAS_BY_FILE.get(file);
  if (!schema) throw new Error(`${node.file}: $ref ${ref} names no schema of the contract`);
  return { schema, file, pointer: "#", name: typeof schema.title === "string" ? schema.title : node.name };
}

/** True when a branch may describe `value`: its declared type is the value's kind of JSON container. */
function branchFits(node: SchemaNode, value: unknown): boolean {
  const type = resolved(node).schema.type;
  if (type === "array") return Array.isArray(value);
  if (type === "object") return isJsonObject(value);
  return true;
}

/** Sub-schemas of `node` under `keyword` (anyOf, oneOf, allOf) as nodes. */
function parts(node: SchemaNode, keyword: string): SchemaNode[] {
  const list = node.schema[keyword];
  return Array.isArray(list)
    ? list.flatMap((schema, index) =>
        isJsonObject(schema)
          ? [{ schema, file: node.file, pointer: `${node.pointer}/${keyword}/${index}`, name: node.name }]
          : [],
      )
    : [];
}

/** The nodes that describe `value` at `node`. */
function applicable(node: SchemaNode, value: unknown): SchemaNode[] {
  const self = resolved(node);
  const branches = [...parts(self, "anyOf"), ...parts(self, "oneOf")].filter((branch) => branchFits(branch, value));
  return [self, ...[...branches, ...parts(self, "allOf")].flatMap((part) => applicable(part, value))];
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

/** Every tabled object of `value`, described by `nodes`, below `path`. */
function* objectsBelow(nodes: readonly SchemaNode[], value: unknown, path: string): Generator<TabledObject> {
  const here = nodes.flatMap((node) => applicable(node, value));
  if (Array.isArray(value)) {
    const items = childNodes(here, undefined);
    if (items.length > 0)
      for (const [index, item] of value.entries()) yield* objectsBelow(items, item, `${path}/${index}`);
    return;
  }
  if (!isJsonObject(value)) return;
  const table = tableOf(here);
  if (!table) return;
  yield { instancePath: path, value, table };
  for (const [key, field] of Object.entries(value)) {
    const fieldNodes = childNodes(here, key);
    if (fieldNodes.length > 0) yield* objectsBelow(fieldNodes, field, `${path}/${pointerSegment(key)}`);
  }
}

/** The root node of a schema file of the contract, e.g. "components/Widget.json". */
function rootNode(file: string): SchemaNode {
  const schema = SCHEMAS_BY_FILE.get(file);
  if (!schema) throw new Error(`no schema file ${file}`);
  return { schema, file, pointer: "#", name: typeof schema.title === "string" ? schema.title : file };
}

/** Every object of `data` that a table of the schema file describes, with that table, in document order. */
export function tabledObjects(file: string, data: unknown): Generator<TabledObject> {
  return objectsBelow([rootNode(file)], data, "");
}

/** The table of the object at `instancePath` in `data` (an Ajv instancePath), if a table describes it. */
export function tableAt(file: string, data: unknown, instancePath: string): FieldTable | undefined {
  let nodes: SchemaNode[] = [rootNode(file)];
  let value = data;
  const segments = instancePath === "" ? [] : instancePath.slice(1).split("/");
  for (const segment of segments.map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"))) {
    const here = nodes.flatMap((node) => applicable(node, value));
    if (Array.isArray(value)) {
      nodes = childNodes(here, undefined);
      value = value[Number(segment)];
    } else if (isJsonObject(value)) {
      nodes = childNodes(here, segment);
      value = value[segment];
    } else return undefined;
  }
  return isJsonObject(value) ? tableOf(nodes.flatMap((node) => applicable(node, value))) : undefined;
}
