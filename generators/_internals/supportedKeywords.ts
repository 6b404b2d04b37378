/** The keywords the compiler understands; any other keyword is refused, naming the schema and the keyword. */
import { isJsonObject } from "../../contract/jsonValue.js";
import { type Fragment } from "./schemaFragment.js";

/** Keywords that only annotate: accepted and ignored. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(["$schema", "$id", "title", "description", "$comment"]);

/** Keywords that constrain values, each generated and evaluated by the compiler. */
const ASSERTION_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "enum",
  "const",
  "pattern",
  "format",
  "items",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "x-strict",
]);

/** Values of `format` the compiler can generate. */
const SUPPORTED_FORMATS: ReadonlySet<string> = new Set(["date-time"]);

/** Thrown when a schema uses a keyword (or keyword value) the compiler cannot honour. */
export class UnsupportedSchemaError extends Error {
  /** Builds the message from the schema location, the keyword and the value received. */
  constructor(
    readonly location: string,
    readonly keyword: string,
    detail: string,
  ) {
    super(
      `schema ${location}: ${detail} (keyword "${keyword}"); the generators would produce wrong data, so teach generators/_internals the keyword first`,
    );
    this.name = "UnsupportedSchemaError";
  }
}

/** Throws UnsupportedSchemaError unless every keyword of the fragment is known and well formed. */
export function assertSupportedKeywords(fragment: Fragment): void {
  const { schema, location } = fragment;
  if (typeof schema === "boolean") return;
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATION_KEYWORDS.has(keyword)) continue;
    if (!ASSERTION_KEYWORDS.has(keyword)) {
      throw new UnsupportedSchemaError(
        location,
        keyword,
        `unsupported keyword "${keyword}" with value ${JSON.stringify(value)}`,
      );
    }
    if (keyword === "format" && (typeof value !== "string" || !SUPPORTED_FORMATS.has(value))) {
      throw new UnsupportedSchemaError(
        location,
        keyword,
        `unsupported format ${JSON.stringify(value)}; supported: ${[...SUPPORTED_FORMATS].join(", ")}`,
      );
    }
    if (keyword === "items" && Array.isArray(value)) {
      throw new UnsupportedSchemaError(
        location,
        keyword,
        "tuple-form items (an array) is not draft 2020-12; use prefixItems",
      );
    }
    if (keyword === "x-strict") assertStrictEntries(location, value);
  }
}

function assertStrictEntries(location: string, value: unknown): void {
  const ok =
    Array.isArray(value) &&
    value.every((entry) => isJsonObject(entry) && typeof entry.register === "string" && isJsonObject(entry.schema));
  if (!ok) {
    throw new UnsupportedSchemaError(
      location,
      "x-strict",
      `x-strict must be a list of { register, schema } entries, received ${JSON.stringify(value)}`,
    );
  }
}
