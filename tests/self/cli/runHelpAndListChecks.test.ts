/**
 * `run --help` laid out from the option list, and `list-checks` in this process (issue 25.3): the layout rules of
 * the help (groups in order, syntax in its column, wrapped descriptions, secrets and exit codes) and what
 * list-checks prints as text and as JSON, from the catalogue.
 */
import { describe, expect, it } from "vitest";
import { LIST_CHECKS_HELP } from "../../../cli/commands/listChecks.js";
import { renderRunHelp, RUN_EXIT_CODES, SECRETS_NOTE } from "../../../cli/renderRunHelp.js";
import { optionFacts, optionSyntax, RUN_OPTIONS } from "../../../cli/runOptions.js";
import { wrapText } from "../../../cli/wrapText.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { runCli } from "./cliInProcess.js";

describe("run --help", () => {
  const help = renderRunHelp();
  const lines = help.split("\n");

  it("starts with the usage and what a run does, and ends with the secrets note and the exit codes, wrapped at 100", () => {
    expect(lines.slice(0, 6)).toEqual([
      "Usage: cms-conformance run [options]",
      "",
      "Runs every check of the suite against a target and writes report.json, junit.xml and index.html.",
      "Without a base URL (flag, CMS_BASE_URL or config file) it starts the bundled reference server",
      "on an ephemeral loopback port and runs against it.",
      "",
    ]);
    expect(
      help.endsWith(`\n\n${wrapText(SECRETS_NOTE, 100).join("\n")}\n\n${wrapText(RUN_EXIT_CODES, 100).join("\n")}\n`),
    ).toBe(true);
    expect(lines.filter((line) => line.length > 100)).toEqual([]);
  });

  it("lists the groups in order, each option of a group under it", () => {
    const headers = lines.filter((line) => /^[A-Z][^:]*:$/.test(line));
    expect(headers).toEqual(["Target:", "Verdicts:", "Limits:", "Re-runs and CI fleets:", "Output:"]);
    for (const option of RUN_OPTIONS) {
      const at = lines.findIndex(
        (line) => line.startsWith(`  ${optionSyntax(option)} `) || line === `  ${optionSyntax(option)}`,
      );
      expect(at, option.name).toBeGreaterThan(0);
      const header = lines
        .slice(0, at)
        .filter((line) => headers.includes(line))
        .at(-1);
      expect(header, option.name).toBe(`${option.group}:`);
    }
  });

  it("puts each description in column 31, wrapped, after its syntax or on the next line when the syntax is long", () => {
    for (const option of RUN_OPTIONS) {
      const syntax = optionSyntax(option);
      const words = wrapText(`${option.help}. ${optionFacts(option)}`, 100 - 31);
      const at = lines.findIndex((line) => line.startsWith(`  ${syntax}`));
      const expected =
        syntax.length > 28
          ? [`  ${syntax}`, ...words.map((line) => `${" ".repeat(31)}${line}`)]
          : words.map((line, index) => (index === 0 ? `  ${syntax.padEnd(28)} ${line}` : `${" ".repeat(31)}${line}`));
      expect(lines.slice(at, at + expected.length), option.name).toEqual(expected);
    }
    expect(RUN_OPTIONS.some((option) => optionSyntax(option).length > 28)).toBe(true);
    expect(RUN_OPTIONS.some((option) => optionSyntax(option).length <= 28)).toBe(true);
  });
});

describe("the facts after an option's sentence", () => {
  const facts = (name: string) => optionFacts(RUN_OPTIONS.find((option) => option.name === name) ?? RUN_OPTIONS[0]!);

  it("are its variable, range and default, in that order, each only when it has one", () => {
    expect(facts("seed")).toBe("Env: CMS_SEED. Range: 0 to 2147483647. Default: random.");
    expect(facts("base-url")).toBe("Env: CMS_BASE_URL. Default: the bundled reference server.");
    expect(facts("timeout")).toBe("Range: 100 to 600000. Default: 10s.");
    expect(facts("max-failures")).toBe("Range: 1 to 100000.");
    expect(facts("format")).toBe("Default: console,json,junit,html.");
    expect(facts("help")).toBe("");
  });
});

describe("list-checks", () => {
  const checks = CHECK_CATALOGUE.checks;

  it("prints each check's id, level and sections, then its title and operations, then the totals", async () => {
    const { code, stdout } = await runCli(["list-checks"]);
    expect(code).toBe(0);
    const width = Math.max(...checks.map((check) => check.id.length));
    const expected = checks.flatMap((check) => [
      `${check.id.padEnd(width)}  ${check.level.padEnd(6)}  §${check.specRefs.join(", §")}`,
      `${" ".repeat(width)}  ${check.title}; operations: ${check.operations.join(", ")}`,
    ]);
    expect(stdout).toBe(
      `${expected.join("\n")}\n\n${checks.length} checks, ${CHECK_CATALOGUE.select([], []).length} check × operation verdicts.\n`,
    );
  });

  it("prints the same checks as JSON with --json, and its help with --help", async () => {
    const json = await runCli(["list-checks", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(
      checks.map(({ id, title, rule, family, level, specRefs, operations, registerRefs }) => ({
        id,
        title,
        rule,
        family,
        level,
        specRefs,
        operations,
        registerRefs,
      })),
    );
    expect(json.stdout.endsWith("]\n")).toBe(true);
    expect(json.stdout.split("\n")[1]).toBe("  {");
    expect(await runCli(["list-checks", "--help"])).toEqual({ code: 0, stdout: LIST_CHECKS_HELP, stderr: "" });
  });

  it("says what --help prints, and names itself in a usage mistake", async () => {
    expect(LIST_CHECKS_HELP).toBe(`Usage: cms-conformance list-checks [--json]

Prints every check: id, level (MUST fails, SHOULD only warns on register defaults), spec
sections, operations, and the rule it enforces.
`);
    expect(await runCli(["list-checks", "--jsonn"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "cms-conformance list-checks: unknown option --jsonn; did you mean --json? run cms-conformance list-checks --help for the options\n",
    });
  });
});
