/**
 * The config file's generated files (npm run generate): its JSON Schema and the key tables of docs/config-file.md.
 * Apart from tests/self/contract/generated.test.ts so that the CLI's mutation run (npm run mutation:cli) runs them:
 * the generated files are what a user's editor and a reader see, so code that changes them must fail a test.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_KEYS } from "../../../cli/configFileKeys.js";
import { CONFIG_FILE_SCHEMA_PATH, configFileSchema } from "../../../cli/configFileSchema.js";
import { withReadmeBlocks } from "../../../contract/readmeTables.js";
import { configFileDocBlocks } from "../../../scripts/readmeBlocks.js";

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

describe("the config file's generated files", () => {
  it("docs/config-file.md shows every config key and every renamed one (run npm run generate on drift)", () => {
    const doc = read("docs/config-file.md");
    expect(withReadmeBlocks(doc, configFileDocBlocks(), "docs/config-file.md")).toBe(doc);
    for (const key of CONFIG_FILE_KEYS) {
      expect(doc, key.fileKey).toContain(`\n| \`${key.fileKey}\` |`);
      if (key.setting !== key.fileKey)
        expect(doc, key.setting).toContain(`| \`${key.setting}\` | \`${key.fileKey}\` |`);
    }
  });

  it("schemas/meta/run-config-file.schema.json is what the options table generates (run npm run generate on drift)", () => {
    expect(read(CONFIG_FILE_SCHEMA_PATH)).toBe(`${JSON.stringify(configFileSchema(), null, 2)}\n`);
  });
});
