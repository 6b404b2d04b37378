/** Loads every JSON Schema of schemas/ and names the bodies they describe. */
import { readdirSync, readFileSync } from "node:fs";
import { fromProjectRoot } from "./projectRoot.js";
import { join } from "node:path";
import { OPERATIONS } from "./operations.js";

/** Root folder of the contract's JSON Schemas. */
export const SCHEMAS_DIR = `${fromProjectRoot("schemas")}/`;

/** Base of every schema's $id. */
export const SCHEMA_ID_BASE = "https://schemas.cms-conformance.invalid/";

/** A parsed schema file. */
export interface SchemaDocument {
  readonly $id: string;
  /** Path relative to schemas/, e.g. "components/Widget.json". */
  readonly file: string;
  readonly schema: Record<string, unknown>;
}

const CONTRACT_FOLDERS = ["components", "bodies"] as const;

function loadFolder(folder: string): SchemaDocument[] {
  return readdirSync(join(SCHEMAS_DIR, folder))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = `${folder}/${name}`;
      const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, file), "utf8")) as Record<string, unknown>;
      const id = schema.$id;
      if (typeof id !== "string" || id !== SCHEMA_ID_BASE + file) {
        throw new Error(`schemas/${file}: $id must be ${SCHEMA_ID_BASE + file}, found ${JSON.stringify(id)}`);
      }
      return { $id: id, file, schema };
    });
}

/** Every schema of the contract (components and bodies), loaded once. */
export const CONTRACT_SCHEMAS: readonly SchemaDocument[] = CONTRACT_FOLDERS.flatMap(loadFolder);

/** Names of the error bodies of §7. */
const ERROR_BODY_NAMES = [
  "error.cms",
  "error.cms.badRequest",
  "error.cms.notFound",
  "error.authorization",
  "error.unauthorized",
] as const;

/** Every body the `validate` command and the validators know, e.g. "getAnalytic.response". */
export const BODY_NAMES: readonly string[] = [
  ...OPERATIONS.flatMap((op) => [`${op.name}.request`, `${op.name}.response`]),
  ...ERROR_BODY_NAMES,
];

/** A body name as the type system sees it. */
export type BodyName = (typeof BODY_NAMES)[number];

/** The $id of the schema that describes a body. */
export function schemaIdForBody(name: string): string {
  return `${SCHEMA_ID_BASE}bodies/${name}.json`;
}

/** True when `name` is one of BODY_NAMES. */
export function isBodyName(name: string): name is BodyName {
  return BODY_NAMES.includes(name);
}
