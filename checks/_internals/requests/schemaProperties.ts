/** Field names a component declares, read from the schema rather than restated in a check. */
import { CONTRACT_SCHEMAS, SCHEMA_ID_BASE } from "../../../contract/schemaCatalogue.js";

/** The property names of a schema file, e.g. getSchemaProperties("components/Widget.json"). */
export function getSchemaProperties(file: string): ReadonlySet<string> {
  const doc = CONTRACT_SCHEMAS.find((candidate) => candidate.file === file);
  if (!doc) throw new Error(`no schema file ${file}`);
  const properties = doc.schema.properties;
  return new Set(typeof properties === "object" && properties !== null ? Object.keys(properties) : []);
}

function schemaAt(file: string): Record<string, unknown> {
  const doc = CONTRACT_SCHEMAS.find((candidate) => candidate.file === file);
  if (!doc) throw new Error(`no schema file ${file}`);
  return doc.schema;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keeps what `schema` (in `file`) declares; a schema declaring no properties keeps the value whole. */
function project(value: unknown, schema: unknown, file: string): unknown {
  if (!isObject(schema)) return value;
  if (typeof schema.$ref === "string") {
    const target = new URL(schema.$ref, `${SCHEMA_ID_BASE}${file}`).href.slice(SCHEMA_ID_BASE.length);
    return project(value, schemaAt(target), target);
  }
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  if (branches.length > 0) {
    // The branch of the value's own shape (a collection or one object, §2.11), else the value as is.
    const branch = branches.find((candidate) =>
      Array.isArray(value)
        ? isObject(candidate) && candidate.type === "array"
        : !(isObject(candidate) && candidate.type === "array"),
    );
    return branch === undefined ? value : project(value, branch, file);
  }
  if (Array.isArray(value)) return value.map((item) => project(item, schema.items, file));
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const properties = schema.properties;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key in properties)
      .map(([key, field]) => [key, project(field, properties[key], file)]),
  );
}

/**
 * The part of `value` that the schema file defines (§2), at every depth: fields the spec does not
 * list are left out, so a request id or timestamp that changes per answer (register
 * unknown-extra-fields) is not compared. An object whose structure is not shown (Chart.filter) stays whole.
 */
export function statedFields(value: unknown, file: string): unknown {
  return project(value, schemaAt(file), file);
}
