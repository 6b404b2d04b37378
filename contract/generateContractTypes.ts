/** Turns the contract's JSON Schemas into TypeScript declarations (json-schema-to-typescript). */
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { readFileSync } from "node:fs";
import { CONTRACT_SCHEMAS, SCHEMAS_DIR } from "./schemaCatalogue.js";

/**
 * A `$ref` with a sibling `description` reads to json-schema-to-typescript as a new type
 * (ChartType1, Analytic1 …); dropping the siblings keeps one declaration per component,
 * which still carries its own description.
 */
function withoutRefSiblings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRefSiblings);
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node as Record<string, unknown>);
  if ("$ref" in node && "description" in node) return { $ref: (node as { $ref: unknown }).$ref };
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutRefSiblings(value)]));
}

/** Header of the generated file: what it is made from and how. */
export const GENERATED_TYPES_BANNER = `/**
 * DO NOT EDIT: generated from schemas/ by json-schema-to-typescript.
 * Regenerate with: npm run generate (tests fail when this file drifts from the schemas).
 */`;

/** The text of contract/types.generated.ts for the schemas as they are now. */
export async function generateContractTypes(): Promise<string> {
  // One root whose $defs point at every schema file, so that each named type is declared once.
  const root = {
    title: "ContractSchemas",
    description: "Every body and component of the contract.",
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(
      CONTRACT_SCHEMAS.map((doc) => [doc.file.replace(/\.json$/, "").replace(/[/.]/g, "_"), { $ref: doc.file }]),
    ),
  };
  return compile(root as JSONSchema, "ContractSchemas", {
    cwd: SCHEMAS_DIR,
    $refOptions: {
      resolve: {
        file: {
          read: (file: { url: string }) =>
            JSON.stringify(withoutRefSiblings(JSON.parse(readFileSync(new URL(file.url, "file://"), "utf8")))),
        },
      },
    },
    bannerComment: GENERATED_TYPES_BANNER,
    additionalProperties: true,
    strictIndexSignatures: false,
    format: true,
    style: { singleQuote: false, printWidth: 120 },
  });
}
