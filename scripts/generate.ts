/**
 * Regenerates what is derived from the contract and the catalogues: contract/types.generated.ts
 * (json-schema-to-typescript), the generated blocks of docs/ (the register, option, check, fault, variant,
 * contract and config-key tables) and the counted figures of README.md, BENCHMARKS.md and docs/*.md
 * (scripts/docFigures.ts), the config file's JSON Schema (schemas/meta/run-config-file.schema.json), and the
 * validators of schemas/meta/ and of the contract compiled ahead of time (contract/metaValidators.generated.ts,
 * contract/contractValidators.generated.ts), the
 * checks' descriptions the CLI plans with (checks/checkDescriptions.generated.json).
 * Run: npm run generate. With --check, writes nothing and exits 1 on drift.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateContractTypes } from "../contract/generateContractTypes.js";
import { generateMetaValidators } from "../contract/generateMetaValidators.js";
import { generateContractValidators } from "../contract/generateContractValidators.js";
import { documentFile, documentPaths, generatedDocument } from "./generatedDocuments.js";
import { CONFIG_FILE_SCHEMA_PATH, configFileSchema } from "../cli/configFileSchema.js";
import { RUN_CONFIG_SCHEMA, RUN_CONFIG_SCHEMA_PATH } from "../runner/settings/runConfigSchema.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { CHECK_DESCRIPTIONS_FILE, describeChecks } from "../checks/describeChecks.js";

const typesFile = fileURLToPath(new URL("../contract/types.generated.ts", import.meta.url));

const configFileSchemaFile = fileURLToPath(new URL(`../${CONFIG_FILE_SCHEMA_PATH}`, import.meta.url));

const descriptionsFile = fileURLToPath(new URL(`../${CHECK_DESCRIPTIONS_FILE}`, import.meta.url));

const metaValidatorsFile = fileURLToPath(new URL("../contract/metaValidators.generated.ts", import.meta.url));
const contractValidatorsFile = fileURLToPath(new URL("../contract/contractValidators.generated.ts", import.meta.url));

const runConfigSchemaFile = fileURLToPath(new URL(`../${RUN_CONFIG_SCHEMA_PATH}`, import.meta.url));
// The run-config schemas are made from the run-option table and the meta validators are compiled from them: they go first.
const schemaOutputs = [
  { file: runConfigSchemaFile, text: `${JSON.stringify(RUN_CONFIG_SCHEMA, null, 2)}\n` },
  { file: configFileSchemaFile, text: `${JSON.stringify(configFileSchema(), null, 2)}\n` },
];
for (const { file, text } of schemaOutputs) {
  if (process.argv.includes("--check") || readFileSync(file, "utf8") === text) continue;
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}

const outputs = [
  ...schemaOutputs,
  { file: metaValidatorsFile, text: generateMetaValidators() },
  { file: contractValidatorsFile, text: generateContractValidators() },
  { file: descriptionsFile, text: `${JSON.stringify(describeChecks(CHECK_CATALOGUE.checks), null, 2)}\n` },
  { file: typesFile, text: await generateContractTypes() },
  ...documentPaths().map((path) => ({ file: documentFile(path), text: generatedDocument(path) })),
];

const check = process.argv.includes("--check");
let drift = false;
for (const { file, text } of outputs) {
  if (existsSync(file) && readFileSync(file, "utf8") === text) continue;
  if (check) {
    console.error(`${file} differs from what the contract generates: run npm run generate`);
    drift = true;
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
process.exitCode = drift ? 1 : 0;
