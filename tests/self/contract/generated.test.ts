import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateContractTypes, GENERATED_TYPES_BANNER } from "../../../contract/generateContractTypes.js";
import { withReadmeBlocks } from "../../../contract/readmeTables.js";
import {
  checksDocBlocks,
  contractDocBlocks,
  optionsDocBlocks,
  registerDocBlocks,
} from "../../../scripts/readmeBlocks.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { AMBIGUITY_REGISTER } from "../../../contract/ambiguityRegister.js";
import { generateMetaValidators, META_VALIDATORS_BANNER } from "../../../contract/generateMetaValidators.js";
import {
  CONTRACT_VALIDATORS_BANNER,
  generateContractValidators,
} from "../../../contract/generateContractValidators.js";
import { metaSchemaValidator } from "../../../contract/metaSchemaValidator.js";
import { CHECK_DESCRIPTIONS } from "../../../checks/checkDescriptions.js";
import { CHECK_DESCRIPTIONS_FILE, describeChecks } from "../../../checks/describeChecks.js";
import { CHECK_STACKS } from "../../../checks/checkStacks.js";

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

describe("files derived from the contract", () => {
  it("contract/types.generated.ts is what the schemas generate (run npm run generate on drift)", async () => {
    const committed = read("contract/types.generated.ts");
    expect(committed.startsWith(GENERATED_TYPES_BANNER)).toBe(true);
    expect(committed).toBe(await generateContractTypes());
  });

  it("declares each component type once", async () => {
    const generated = await generateContractTypes();
    for (const name of ["Widget", "Analytic", "ChartType", "ColumnRef", "LandingPage"]) {
      expect(generated.match(new RegExp(`^export (interface|type) ${name}\\d* `, "gm")), name).toHaveLength(1);
    }
  });

  it("docs/register.md and docs/options.md show the current register and option tables (run npm run generate on drift)", () => {
    const register = read("docs/register.md");
    expect(withReadmeBlocks(register, registerDocBlocks(), "docs/register.md")).toBe(register);
    for (const entry of AMBIGUITY_REGISTER) expect(register).toContain(`| ${entry.id} |`);
    const options = read("docs/options.md");
    expect(withReadmeBlocks(options, optionsDocBlocks(), "docs/options.md")).toBe(options);
    expect(read("README.md")).toContain("(docs/register.md)");
    expect(read("README.md")).toContain("(docs/options.md)");
  });

  it("docs/checks.md shows the current check, fault and variant tables (run npm run generate on drift)", () => {
    const doc = read("docs/checks.md");
    expect(withReadmeBlocks(doc, checksDocBlocks(), "docs/checks.md")).toBe(doc);
    for (const check of CHECK_CATALOGUE.checks) expect(doc, check.id).toContain(`| \`${check.id}\` |`);
  });

  it("contract/metaValidators.generated.ts holds the validators the meta schemas compile to (run npm run generate on drift)", () => {
    const committed = read("contract/metaValidators.generated.ts");
    expect(committed.startsWith(`${META_VALIDATORS_BANNER}\n`)).toBe(true);
    expect(committed).toBe(generateMetaValidators());
  });

  it("contract/contractValidators.generated.ts holds the validators the contract compiles to (run npm run generate on drift)", () => {
    const committed = read("contract/contractValidators.generated.ts");
    expect(committed.startsWith(`${CONTRACT_VALIDATORS_BANNER}\n`)).toBe(true);
    expect(committed).toBe(generateContractValidators());
  });

  it("a precompiled validator judges as the strict Ajv does, every error listed, and a schema without one is refused", () => {
    const validate = metaSchemaValidator("waivers.schema.json");
    expect(validate({ waivers: [] })).toBe(true);
    expect(validate({ waivers: [{ checkId: "" }], extra: true })).toBe(false);
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.keyword}`)).toEqual([
      " additionalProperties",
      "/waivers/0 required",
      "/waivers/0 required",
      "/waivers/0/checkId minLength",
    ]);
    expect(() => metaSchemaValidator("nothing.schema.json")).toThrow(
      "no precompiled validator for schemas/meta/nothing.schema.json: run npm run generate",
    );
  });

  it("the checks' descriptions the CLI plans with are the catalogue's checks without their code (run npm run generate on drift)", () => {
    expect(read(CHECK_DESCRIPTIONS_FILE)).toBe(`${JSON.stringify(describeChecks(CHECK_CATALOGUE.checks), null, 2)}\n`);
    expect(CHECK_DESCRIPTIONS.checks.map((check) => check.id)).toEqual(CHECK_CATALOGUE.checks.map((check) => check.id));
    for (const description of CHECK_DESCRIPTIONS.checks) expect(Object.keys(description)).not.toContain("run");
    const [first] = CHECK_CATALOGUE.checks;
    // A description adds the stacks considered (checks/checkStacks.ts) to the check, for those that have them.
    expect(CHECK_DESCRIPTIONS.checks[0]).toEqual({ ...first, run: undefined, stacks: CHECK_STACKS[first?.id ?? ""] });
  });

  it("BENCHMARKS.md holds the current figures, not their history (under 300 lines; history stays in git)", () => {
    expect(read("BENCHMARKS.md").split("\n").length).toBeLessThan(300);
  });

  it("README.md stays a front door: at most 250 lines and under 25 KB (tables live in docs/)", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(250);
    expect(Buffer.byteLength(read("README.md"))).toBeLessThan(25 * 1024);
  });

  it("docs/contract.md shows every section with the checks and register entries that cite it (run npm run generate on drift)", () => {
    const doc = read("docs/contract.md");
    expect(withReadmeBlocks(doc, contractDocBlocks(), "docs/contract.md")).toBe(doc);
    for (const check of CHECK_CATALOGUE.checks) {
      for (const section of check.specRefs) {
        const heading = doc.indexOf(`### §${section} `);
        expect(heading, `§${section} (cited by ${check.id})`).toBeGreaterThan(-1);
        const next = doc.indexOf("\n### ", heading + 1);
        expect(doc.slice(heading, next < 0 ? undefined : next), `${check.id} under §${section}`).toContain(
          `\`${check.id}\``,
        );
      }
    }
    for (const entry of AMBIGUITY_REGISTER) expect(doc, entry.id).toContain(`\`${entry.id}\``);
  });
});
