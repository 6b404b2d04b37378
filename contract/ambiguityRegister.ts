/** The ambiguity register (docs/design.md §3): every choice the suite makes where the spec is silent. */
import { readFileSync } from "node:fs";
import { metaSchemaValidator } from "./metaSchemaValidator.js";
import { fromProjectRoot } from "./projectRoot.js";

/** One entry of the register. */
export interface AmbiguityEntry {
  readonly id: string;
  readonly question: string;
  readonly sections: readonly string[];
  readonly default: string;
  readonly why: string;
  readonly strict: string;
  /** The readings and common stacks' defaults considered before a default may fail (issue 48.1). */
  readonly stacks?: string;
}

interface RegisterFile {
  readonly version: number;
  readonly entries: readonly AmbiguityEntry[];
}

function loadRegister(): RegisterFile {
  const data: unknown = JSON.parse(readFileSync(fromProjectRoot("contract", "ambiguity-register.json"), "utf8"));
  const validate = metaSchemaValidator<RegisterFile>("ambiguity-register.schema.json");
  if (!validate(data)) {
    throw new Error(`contract/ambiguity-register.json is invalid: ${JSON.stringify(validate.errors)}`);
  }
  const ids = data.entries.map((entry) => entry.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`contract/ambiguity-register.json: duplicate entry id ${duplicate}`);
  return data;
}

const REGISTER = loadRegister();

/** Every entry, in the register's order. */
export const AMBIGUITY_REGISTER: readonly AmbiguityEntry[] = REGISTER.entries;

/** Looks an entry up; throws on an unknown id, which is a bug in a schema or a check. */
export function ambiguityEntry(id: string): AmbiguityEntry {
  const entry = AMBIGUITY_REGISTER.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`no ambiguity register entry ${JSON.stringify(id)}`);
  return entry;
}
