/**
 * The strict reading as plain JSON Schema, so that it can be compiled ahead of time (Ajv's standalone
 * code cannot hold a keyword compiled at run time). Each `x-strict` entry of a schema becomes a schema of
 * its own, `{ if: { type: "object" }, then: <the entry> }` under an $id that names it, and the schema that
 * held the list refers to every entry from its `allOf`. The stated reading keeps `x-strict` as an
 * annotation (strictKeyword.ts).
 *
 * An entry has no $ref, so Ajv inlines it where it is referred to, and the schemaPath of an error inside
 * it starts with the entry's $id: registerIssue() reads the register entry back from it, and gives the
 * error the path the `x-strict` keyword had in its schema (e.g. `#/x-strict`), as when the keyword was
 * compiled at run time.
 */
import { isJsonObject } from "./jsonValue.js";
import type { SchemaDocument } from "./schemaCatalogue.js";
import { SCHEMA_ID_BASE } from "./schemaCatalogue.js";
import type { SchemaIssue } from "./schemaIssue.js";
import type { StrictEntry } from "./strictKeyword.js";

/** Where the entries' $ids start. */
const ENTRY_ID_BASE = `${SCHEMA_ID_BASE}x-strict/`;

/** One entry, as its own schema. */
interface EntrySchema {
  readonly $id: string;
  readonly register: string;
  /** Where the `x-strict` list stood in its schema, as Ajv writes a schemaPath (e.g. "#/properties/key/x-strict"). */
  readonly keywordPath: string;
  readonly schema: Record<string, unknown>;
}

/** A key as Ajv writes it in a schemaPath (a JSON Pointer in a URI fragment). */
const pathSegment = (key: string): string => encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"));

/** The contract's schemas for the strict reading: the documents rewritten, and one schema per entry. */
export interface StrictReadingSchemas {
  readonly documents: readonly Record<string, unknown>[];
  readonly entries: readonly EntrySchema[];
}

/**
 * `schema` with every `x-strict` list replaced by an `allOf` of references to its entries, which are collected;
 * `file` names the schema's file, `path` where `schema` stands in it.
 */
function rewrite(schema: unknown, file: string, path: string, entries: EntrySchema[]): unknown {
  if (Array.isArray(schema)) return schema.map((item, index) => rewrite(item, file, `${path}/${index}`, entries));
  if (!isJsonObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key !== "x-strict") out[key] = rewrite(value, file, `${path}/${pathSegment(key)}`, entries);
  }
  const list = schema["x-strict"] as StrictEntry[] | undefined;
  if (list === undefined) return out;
  const refs = list.map((entry, index) => {
    const $id = `${ENTRY_ID_BASE}${file}${path}/x-strict/${index}`;
    // Ajv inlines only a schema without $ref; an entry compiled on its own would lose its register.
    if (JSON.stringify(entry.schema).includes('"$ref"'))
      throw new Error(`${file}${path}: an x-strict entry may not use $ref (register ${entry.register})`);
    entries.push({
      $id,
      register: entry.register,
      keywordPath: `#${path}/x-strict`,
      // The type makes Ajv's strict mode content and changes nothing: `then` only sees objects.
      schema: { $id, if: { type: "object" }, then: { type: "object", ...entry.schema } },
    });
    return { $ref: $id };
  });
  const allOf = Array.isArray(out.allOf) ? (out.allOf as unknown[]) : [];
  return { ...out, allOf: [...allOf, ...refs] };
}

/** The strict reading of `documents`. */
export function strictReadingSchemas(documents: readonly SchemaDocument[]): StrictReadingSchemas {
  const entries: EntrySchema[] = [];
  const rewritten = documents.map((doc) => rewrite(doc.schema, doc.file, "", entries) as Record<string, unknown>);
  return { documents: rewritten, entries };
}

/** What registerIssue() needs to know of each entry: its register entry and the path of its `x-strict` keyword, by $id. */
export type StrictEntryIndex = Readonly<Record<string, readonly [register: string, keywordPath: string]>>;

/** The index of `entries`. */
export function strictEntryIndex(entries: readonly EntrySchema[]): Record<string, [string, string]> {
  return Object.fromEntries(entries.map((entry) => [entry.$id, [entry.register, entry.keywordPath]]));
}

/** The issue of the strict reading as a departure from its register entry; undefined for a stated issue. */
export function registerIssue(issue: SchemaIssue, index: StrictEntryIndex): SchemaIssue | undefined {
  if (!issue.schemaPath.startsWith(ENTRY_ID_BASE)) return undefined;
  for (const [id, [register, keywordPath]] of Object.entries(index)) {
    if (issue.schemaPath.startsWith(`${id}/then/`)) return { ...issue, schemaPath: keywordPath, register };
  }
  return undefined; // an entry's `if`, which only says that its `then` failed
}
