import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateContractTypes, GENERATED_TYPES_BANNER } from "../../../contract/generateContractTypes.js";
import { renderRegisterMarkdown } from "../../../contract/renderRegisterMarkdown.js";
import { withReadmeBlocks } from "../../../contract/readmeTables.js";
import { readmeBlocks } from "../../../scripts/readmeBlocks.js";
import { AMBIGUITY_REGISTER } from "../../../contract/ambiguityRegister.js";

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

  it("README.md shows the current register, check and fault tables (run npm run generate on drift)", () => {
    const readme = read("README.md");
    expect(withReadmeBlocks(readme, readmeBlocks())).toBe(readme);
    for (const entry of AMBIGUITY_REGISTER) expect(renderRegisterMarkdown()).toContain(`| ${entry.id} |`);
  });
});
