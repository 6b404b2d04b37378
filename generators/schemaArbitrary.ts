/** JSON Schema → fast-check: the public entry point of the schema compiler (docs/design.md §1, §2). */
import { isJsonObject } from "../contract/jsonValue.js";
import type fc from "fast-check";
import { SchemaCompiler, type CompileHint } from "./_internals/compileSchema.js";
import { type SchemaObject, type SchemaProfile } from "./_internals/schemaFragment.js";
import { contractSchemaRegistry, SchemaRegistry } from "./_internals/schemaRegistry.js";
import { SCHEMA_ID_BASE } from "../contract/schemaCatalogue.js";

export type { SchemaProfile } from "./_internals/schemaFragment.js";
export type { CompileHint } from "./_internals/compileSchema.js";
export { UnsupportedSchemaError } from "./_internals/supportedKeywords.js";

/** Options of schemaArbitrary. */
export interface SchemaArbitraryOptions {
  /** "stated" (default) generates what the spec states; "strict" also satisfies every `x-strict` register default. */
  readonly profile?: SchemaProfile;
  /** Add up to two unknown extra fields to each object that allows them (responses carry such fields, docs/sdk-evidence.md). */
  readonly extraFields?: boolean;
  /** Caller-supplied candidates by instance path ("/pagination/pageSize", "/roles/*"); the schema still filters them. */
  readonly hints?: ReadonlyMap<string, CompileHint>;
  /** Extra schemas a `$ref` may reach (the contract's schemas are always known). */
  readonly schemas?: readonly SchemaObject[];
}

const cache = new Map<string, fc.Arbitrary<unknown>>();

function checkOptions(options: SchemaArbitraryOptions): void {
  if (options.profile !== undefined && options.profile !== "stated" && options.profile !== "strict") {
    throw new Error(
      `schemaArbitrary: profile must be "stated" or "strict", received ${JSON.stringify(options.profile)}`,
    );
  }
  if (options.extraFields !== undefined && typeof options.extraFields !== "boolean") {
    throw new Error(`schemaArbitrary: extraFields must be a boolean, received ${JSON.stringify(options.extraFields)}`);
  }
}

/**
 * An arbitrary of values valid against a schema: `schema` is a contract `$id` (absolute, or a path below
 * schemas/ such as "components/Widget.json") or a schema object with an absolute `$id`. Throws
 * UnsupportedSchemaError, naming the schema and keyword, for any keyword the compiler does not know.
 */
export function schemaArbitrary(
  schema: string | SchemaObject,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  checkOptions(options);
  const profile = options.profile ?? "stated";
  const extraFields = options.extraFields ?? false;
  const hints = options.hints ?? new Map<string, CompileHint>();
  const cacheable = typeof schema === "string" && hints.size === 0 && options.schemas === undefined;
  const cacheKey = `${String(schema)}|${profile}|${extraFields}`;
  const cached = cacheable ? cache.get(cacheKey) : undefined;
  if (cached !== undefined) return cached;

  let registry = contractSchemaRegistry();
  if (typeof schema !== "string" || options.schemas !== undefined) {
    const extra = [...(options.schemas ?? []), ...(typeof schema === "string" ? [] : [schema])];
    if (typeof schema !== "string" && !isJsonObject(schema))
      throw new Error(`schemaArbitrary: expected a schema object or $id, received ${JSON.stringify(schema)}`);
    registry = new SchemaRegistry([...contractSchemaDocuments(), ...extra]);
  }
  const id =
    typeof schema === "string" ? (URL.canParse(schema) ? schema : `${SCHEMA_ID_BASE}${schema}`) : String(schema.$id);
  const arbitrary = new SchemaCompiler({ registry, profile, extraFields, hints }).compileRoot(registry.root(id));
  if (cacheable) cache.set(cacheKey, arbitrary);
  return arbitrary;
}

function contractSchemaDocuments(): SchemaObject[] {
  return contractSchemaRegistry().documents();
}
