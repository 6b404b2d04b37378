/**
 * Messages name only flags and config keys that exist (issue 50.6): a skip reason or a configuration error
 * that tells the user to give `--x` or "`x` in the config file" names a row of the run-option table
 * (runner/model/runOptions/) — a flag that is no config-only setting, a config key that is a setting. The
 * string literals of checks/ and runner/ are read with the TypeScript parser, so comments do not count.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { RUN_OPTION_TABLE } from "../../../runner/model/runOptions/runOptionTable.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Flags of other programs a message may quote: curl's, in the reproduce commands, and Node's heap option. */
const FOREIGN_FLAGS: Readonly<Record<string, readonly string[]>> = {
  "runner/http/buildCurlCommand.ts": ["data-raw", "globoff", "max-time", "url"],
  "runner/execute/vitest/describeRunError.ts": ["max-old-space-size"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/** The text of every string and template literal part of a TypeScript file. */
function literalTexts(source: string, fileName = "file.ts"): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true));
  return texts;
}

/** The flags (`--name`) and config keys ("name in the config file", "the name key of the config file") a text names. */
function namedOptions(text: string): { flags: string[]; configKeys: string[] } {
  const flags = [...text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)].map((match) => match[1] as string);
  const configKeys = [
    ...text.matchAll(
      /(?<![\w$-])([A-Za-z][\w-]*)(?: key)? (?:in|of) (?:the |a )?(?:--config file|config file|--config)\b/g,
    ),
  ].map((match) => match[1] as string);
  return { flags, configKeys };
}

const FLAGS = new Set(
  RUN_OPTION_TABLE.filter((row) => !("configOnly" in row && row.configOnly)).map((row) => row.name as string),
);
const CONFIG_KEYS = new Set(RUN_OPTION_TABLE.filter((row) => "setting" in row).map((row) => row.name as string));

describe("the flags and config keys messages name", () => {
  const mentions = ["checks", "runner"]
    .flatMap((dir) => sourceFiles(join(ROOT, dir)))
    .flatMap((path) => {
      const file = relative(ROOT, path);
      return literalTexts(readFileSync(path, "utf8"), file).map((text) => ({ file, text, ...namedOptions(text) }));
    });

  it("finds the mentions it checks (the scan reads the messages)", () => {
    expect(mentions.filter((mention) => mention.flags.includes("restricted-token")).length).toBeGreaterThan(2);
    expect(mentions.some((mention) => mention.configKeys.includes("role-filters"))).toBe(true);
    expect(namedOptions("pass --analytic-id ID or analyticIds in --config").configKeys).toEqual(["analyticIds"]);
    expect(namedOptions("give the role-filters key of the config file").configKeys).toEqual(["role-filters"]);
  });

  it("are each an option of the run-option table: a flag that is no config-only setting, a key that is a setting", () => {
    const unknown: string[] = [];
    for (const { file, text, flags, configKeys } of mentions) {
      for (const flag of flags)
        if (!FLAGS.has(flag) && !(FOREIGN_FLAGS[file] ?? []).includes(flag))
          unknown.push(`${file}: --${flag} in ${JSON.stringify(text.slice(0, 120))}`);
      for (const key of configKeys)
        if (!CONFIG_KEYS.has(key)) unknown.push(`${file}: config key ${key} in ${JSON.stringify(text.slice(0, 160))}`);
    }
    expect(unknown).toEqual([]);
  });
});
