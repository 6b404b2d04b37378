/**
 * Conventions a command-line user expects (issue 15.8): --version, "did you mean" for a typo,
 * Schemathesis' short aliases, rates per second or per minute, and one source for --help and the
 * README's option table (issue 16.6: they agree on what --max-examples doubles).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderRunOptionsMarkdown } from "../../../cli/renderRunOptionsMarkdown.js";
import { RUN_HELP } from "../../../cli/commands/run.js";
import { optionFacts, optionSyntax, RUN_OPTIONS } from "../../../cli/runOptions.js";
import { closestName, editDistance } from "../../../runner/settings/closestName.js";
import { parseSettingText } from "../../../runner/settings/runConfigSchema.js";
import { runCli } from "./cliInProcess.js";

const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const PACKAGE = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  version: string;
};
const ENV = { CMS_CLIENT_ID: "client-1c1c1c1c1c", CMS_TOKEN: "token-SECRET-1d1d1d1d" };
const oneLine = (text: string) => text.replace(/\s+/g, " ");

describe("the command line", () => {
  it("prints the version of package.json with --version", async () => {
    expect(await runCli(["--version"])).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: "" });
  });

  it.each([
    [
      ["run", "--timout", "5000"],
      /^cms-conformance run: unknown option --timout; did you mean --timeout\? run cms-conformance run --help for the options$/,
    ],
    [["run", "--max-exmaples=3"], /did you mean --max-examples\?/],
    [["run", "--rate", "5"], /did you mean --rate-limit\?/],
    [["list-checks", "--jsno"], /did you mean --json\?/],
    [
      ["run", "--frobnicate"],
      /^cms-conformance run: unknown option --frobnicate; run cms-conformance run --help for the options$/,
    ],
    [["runn"], /^cms-conformance: unknown command "runn"; did you mean run\?/],
  ])("answers %j with one sentence and the nearest name", async (argv, message) => {
    const result = await runCli(argv, ENV);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  it("counts a swap of two letters as one typo", () => {
    expect(editDistance("jsno", "json")).toBe(1);
    expect(
      closestName(
        "concurency",
        RUN_OPTIONS.map((option) => option.name),
      ),
    ).toBe("concurrency");
    expect(
      closestName(
        "zzz",
        RUN_OPTIONS.map((option) => option.name),
      ),
    ).toBeUndefined();
  });

  it.each([
    [["-n", "0"], /--max-examples takes/],
    [["-w", "0"], /--concurrency takes/],
    [["-c", "no.such-check"], /unknown check id "no\.such-check"/],
  ])("reads the Schemathesis alias %j as its long option", async (args, message) => {
    const result = await runCli(["run", "--base-url", "http://127.0.0.1:9", ...args], ENV);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("reads --rate-limit per second or per minute", () => {
    expect(parseSettingText("rateLimit", "20")).toBe(20);
    expect(parseSettingText("rateLimit", "20/s")).toBe(20);
    expect(parseSettingText("rateLimit", "30/m")).toBe(0.5);
    expect(parseSettingText("rateLimit", "2.5/s")).toBe(2.5);
    expect(parseSettingText("rateLimit", "5/h")).toBe("5/h");
  });
});

describe("--help and the README", () => {
  it("show the same options, ranges and defaults, made from one list", () => {
    expect(README).toContain(renderRunOptionsMarkdown());
    const help = oneLine(RUN_HELP);
    for (const option of RUN_OPTIONS) {
      expect(help, option.name).toContain(
        `${optionSyntax(option)} ${oneLine(option.help)}. ${optionFacts(option)}`.trim(),
      );
      expect(README, option.name).toContain(`| \`${optionSyntax(option).replace(/\|/g, "\\|")}\``);
    }
  });

  it("agree on what --max-examples doubles (issue 16.6)", () => {
    const doubled = "http.no-server-error, which mixes valid and invalid requests, runs twice as many";
    expect(oneLine(RUN_HELP)).toContain(doubled);
    expect(README).toContain(doubled);
  });

  it("warn that a token on the command line shows in ps, and say secrets are trimmed", () => {
    expect(oneLine(RUN_HELP)).toMatch(/visible to other users in ps .* prefer CMS_TOKEN/);
    expect(oneLine(RUN_HELP)).toMatch(/Secrets \(client id, tokens\) are trimmed of surrounding spaces/);
  });
});
