/** The config examples of the docs are valid run configs: a user who copies one gets no schema error. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { metaSchemaValidator } from "../../../contract/metaSchemaValidator.js";
import { CONFIG_FILE_KEYS } from "../../../cli/configFileKeys.js";
import { settingsOfConfigFile } from "../../../runner/settings/configFileKeys.js";
import { runConfigValidator } from "../../../runner/settings/runConfigSchema.js";

const ACCEPTANCE = readFileSync(new URL("../../../docs/acceptance.md", import.meta.url), "utf8");

/** The JSON blocks of a Markdown text that hold a base-url: the config examples. */
function configBlocks(markdown: string): unknown[] {
  return [...markdown.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1] as string) as unknown)
    .filter((block) => typeof block === "object" && block !== null && "base-url" in block);
}

describe("docs/acceptance.md", () => {
  it("holds a complete config example, with every known fact, keyed by the flag names, that the run-config schema accepts", () => {
    const [config] = configBlocks(ACCEPTANCE);
    expect(Object.keys(config as object).sort()).toEqual(
      expect.arrayContaining([
        "forbidden-analytic",
        "forbidden-widget",
        "others-landing-page",
        "own-landing-page",
        "role-filters",
        "translated-widget-text",
      ]),
    );
    const validateFile = metaSchemaValidator("run-config-file.schema.json");
    expect(validateFile(config), JSON.stringify(validateFile.errors)).toBe(true);
    const settings = settingsOfConfigFile(config as Record<string, unknown>, CONFIG_FILE_KEYS, "the example");
    const validate = runConfigValidator();
    expect(validate(settings), JSON.stringify(validate.errors)).toBe(true);
  });
});

/** README.md and every page of docs/, by path. */
const PAGES = [
  "README.md",
  ...readdirSync(new URL("../../../docs/", import.meta.url))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
].map((path) => ({ path, text: readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8") }));

/** A config file's object: valid against the file's schema, and its settings against the run-config schema. */
function expectValidConfig(config: unknown, where: string): void {
  const validateFile = metaSchemaValidator("run-config-file.schema.json");
  expect(validateFile(config), `${where}: ${JSON.stringify(validateFile.errors)}`).toBe(true);
  const settings = settingsOfConfigFile(config as Record<string, unknown>, CONFIG_FILE_KEYS, where);
  const validate = runConfigValidator();
  expect(validate(settings), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe("every config example of the README and docs/", () => {
  it("in a JSON block is a valid config file", () => {
    const blocks = PAGES.flatMap(({ path, text }) => configBlocks(text).map((block) => ({ path, block })));
    expect(blocks.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["docs/acceptance.md", "docs/config-file.md"]),
    );
    for (const { path, block } of blocks) expectValidConfig(block, path);
  });

  it('written inline (`"timeout": "5s"`) is a valid key and value; one that is no JSON says it leaves something out (…)', () => {
    const fragments = PAGES.flatMap(({ path, text }) =>
      [...text.matchAll(/`("[^"`]+": [^`]+)`/g)].map((match) => ({ path, fragment: match[1] as string })),
    );
    expect(fragments.length).toBeGreaterThan(5);
    for (const { path, fragment } of fragments) {
      let config: unknown;
      try {
        config = JSON.parse(`{${fragment}}`);
      } catch {
        expect(fragment, `${path}: ${fragment} is no JSON`).toContain("…");
        continue;
      }
      expectValidConfig(config, `${path}: ${fragment}`);
    }
  });
});

describe("the waivers example of docs/acceptance.md", () => {
  it("is the tested file docs/examples/waivers.json, word for word (its $schema aside)", () => {
    const block = [...ACCEPTANCE.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((match) => JSON.parse(match[1] as string) as Record<string, unknown>)
      .find((parsed) => "waivers" in parsed);
    const { $schema: _schema, ...example } = JSON.parse(
      readFileSync(new URL("../../../docs/examples/waivers.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    expect(block).toEqual(example);
  });
});
