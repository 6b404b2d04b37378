/** Where `$ref`s lead: schemas by absolute `$id`, and JSON Pointers inside them. */
import { isJsonObject } from "../../contract/jsonValue.js";
import { CONTRACT_SCHEMAS } from "../../contract/schemaCatalogue.js";
import { type Fragment, type SchemaObject } from "./schemaFragment.js";
import { UnsupportedSchemaError } from "./supportedKeywords.js";

/** Schemas addressable by their absolute `$id`. */
export class SchemaRegistry {
  private readonly byId = new Map<string, SchemaObject>();

  /** Registers every schema; each must carry an absolute `$id`. */
  constructor(schemas: Iterable<SchemaObject>) {
    for (const schema of schemas) this.add(schema);
  }

  /** Adds one schema under its `$id`; throws when the `$id` is missing, relative or taken by another schema. */
  add(schema: SchemaObject): void {
    const id = schema.$id;
    if (typeof id !== "string" || !URL.canParse(id)) {
      throw new Error(`cannot register a schema without an absolute $id; received $id ${JSON.stringify(id)}`);
    }
    const key = withoutFragment(id);
    const existing = this.byId.get(key);
    if (existing !== undefined && existing !== schema) throw new Error(`two schemas share the $id ${key}`);
    this.byId.set(key, schema);
  }

  /** Every registered schema. */
  documents(): SchemaObject[] {
    return [...this.byId.values()];
  }

  /** The root fragment of the schema with this `$id`. */
  root(id: string): Fragment {
    const key = withoutFragment(id);
    const schema = this.byId.get(key);
    if (schema === undefined)
      throw new Error(`no schema with $id ${JSON.stringify(id)}; known: ${[...this.byId.keys()].join(", ")}`);
    return { schema, baseUri: key, location: `${key}#` };
  }

  /** Resolves `$ref` found in `from` (relative to its base URI) to the fragment it names. */
  resolve(ref: string, from: Fragment): Fragment {
    const target = new URL(ref, from.baseUri);
    const pointer = decodeURIComponent(target.hash.replace(/^#/, ""));
    target.hash = "";
    const document = this.byId.get(target.href);
    if (document === undefined) {
      throw new UnsupportedSchemaError(
        from.location,
        "$ref",
        `$ref ${JSON.stringify(ref)} resolves to ${target.href}, which is not a registered schema`,
      );
    }
    if (pointer !== "" && !pointer.startsWith("/")) {
      throw new UnsupportedSchemaError(
        from.location,
        "$ref",
        `$ref ${JSON.stringify(ref)} uses an anchor; only JSON Pointer fragments are supported`,
      );
    }
    let node: unknown = document;
    for (const token of pointer.split("/").slice(1)) {
      const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
      node = Array.isArray(node) ? node[Number(key)] : isJsonObject(node) ? node[key] : undefined;
    }
    if (typeof node !== "boolean" && !isJsonObject(node)) {
      throw new UnsupportedSchemaError(from.location, "$ref", `$ref ${JSON.stringify(ref)} points at no schema`);
    }
    return { schema: node, baseUri: target.href, location: `${target.href}#${pointer}` };
  }
}

function withoutFragment(id: string): string {
  const url = new URL(id);
  url.hash = "";
  return url.href;
}

let contractRegistry: SchemaRegistry | undefined;

/** The registry of every schema in CONTRACT_SCHEMAS, built once. */
export function contractSchemaRegistry(): SchemaRegistry {
  contractRegistry ??= new SchemaRegistry(CONTRACT_SCHEMAS.map((doc) => doc.schema));
  return contractRegistry;
}
