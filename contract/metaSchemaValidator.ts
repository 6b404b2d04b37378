/**
 * The validators of the suite's own files (schemas/meta/: the run config, waivers, the ambiguity
 * register, report.json, exchanges.har), compiled ahead of time by one strict Ajv (draft 2020-12,
 * ajv-formats; contract/generateMetaValidators.ts) into metaValidators.generated.ts, so that a run
 * neither loads Ajv's compiler nor compiles a schema for them. The contract's bodies have their own
 * two readings in validators.ts.
 */
import type { ValidateFunction } from "ajv";
import { metaValidatorName } from "./metaValidatorName.js";
import * as precompiled from "./metaValidators.generated.js";

/** The validator of schemas/meta/<name>; throws for a file that has none (a bug of ours, or npm run generate not run). */
export function metaSchemaValidator<T>(name: string): ValidateFunction<T> {
  const validate = (precompiled as Readonly<Record<string, unknown>>)[metaValidatorName(name)];
  if (typeof validate !== "function")
    throw new Error(`no precompiled validator for schemas/meta/${name}: run npm run generate`);
  return validate as ValidateFunction<T>;
}
