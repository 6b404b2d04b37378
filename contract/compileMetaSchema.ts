/**
 * The one strict Ajv (draft 2020-12, ajv-formats) for the suite's own files: the run config,
 * waivers, the ambiguity register and report.json (schemas/meta/). The contract's bodies have their
 * own two readings in validators.ts. (Also the HAR 1.2 schema of exchanges.har.)
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import { addFormats } from "./addFormats.js";
import { SCHEMAS_DIR } from "./schemaCatalogue.js";

let shared: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The validator of schemas/meta/<name>, compiled once per process. */
export function compileMetaSchema<T>(name: string): ValidateFunction<T> {
  let validate = compiled.get(name);
  if (!validate) {
    if (!shared) {
      shared = new Ajv2020({ strict: true, allErrors: true });
      addFormats(shared);
    }
    validate = shared.compile(JSON.parse(readFileSync(`${SCHEMAS_DIR}meta/${name}`, "utf8")) as object);
    compiled.set(name, validate);
  }
  return validate as ValidateFunction<T>;
}
