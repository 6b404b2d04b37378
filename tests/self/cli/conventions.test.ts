/**
 * Conventions a command-line user expects (issue 15.8): --version, "did you mean" for a typo,
 * Schemathesis' short aliases, rates per second or per minute, and one source for --help and the
 * option table in docs/options.md (issue 16.6: they agree on what --max-examples doubles).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderRunOptionsMarkdown } from "../../../cli/renderRunOptionsMarkdown.js";
import { RUN_HELP } from "../../../cli/commands/run.js";
import type { CliIo } from "../../../cli/io.js";
import { main } from "../../../cli/main.js";
import { optionFacts, optionSyntax, RUN_OPTIONS } from "../../../cli/runOptions.js";
import { closestName, editDistance } from "../../../runner/settings/closestName.js";
import { parseSettingText } from "../../../runner/settings/runConfigSchema.js";
import { runCli } from "./cliInProcess.js";

/** The options' page (docs/options.md), where the README points for every option. */
const README = readFileSync(new URL("../../../docs/options.md", import.meta.url), "utf8");
const PACKAGE = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  version: string;
};
const ENV = { CMS_CLIENT_ID: "client-1c1c1c1c1c", CMS_TOKEN: "token-SECRET-1d1d1d1d" };
const oneLine = (text: string) => text.replace(/\s+/g, " ");

describe("the command line", () => {
  it("prints the version of package.json with --version", async () => {
    expect(await runCli(["--version"])).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: "" });
  });

  it("prints the commands with --help, -h or help (exit 0), and without a command (exit 2)", async () => {
    const help = `Usage: cms-conformance <command> [options]
       cms-conformance --version

Conformance suite for the Content Management and Role Filter Query Interface.

Commands:
  run          run the suite against a target (the bundled reference server by default)
  list-checks  list every check with its sections, level and operations
  validate     validate a captured payload against a body schema
  serve        run the reference server and its faults (--fault, --mode; --help)
  merge        combine the reports of the shards of one run (run --shard I/N) into one report folder
  openapi      print the OpenAPI 3.1 document of the contract (--out FILE)
  completion   print a shell completion script: completion bash, completion zsh

Run cms-conformance <command> --help for a command's options.
`;
    for (const argv of [["--help"], ["-h"], ["help"]])
      expect(await runCli(argv), argv[0]).toEqual({ code: 0, stdout: help, stderr: "" });
    expect(await runCli([])).toEqual({ code: 2, stdout: help, stderr: "" });
  });

  it("prints the version with -V too", async () => {
    expect(await runCli(["-V"])).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: "" });
  });

  it("guesses a command typed with leading dashes, and offers no guess when none is close", async () => {
    expect(await runCli(["--srve"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'cms-conformance: unknown command "--srve"; did you mean serve? run cms-conformance --help for the commands\n',
    });
    // Three dashes inside the name are three typos: too far from serve.
    expect(await runCli(["s---erve"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'cms-conformance: unknown command "s---erve"; run cms-conformance --help for the commands\n',
    });
  });

  it("reports a command's parseArgs error as a usage mistake (exit 2), and lets any other error through", async () => {
    const failingIo = (error: Error): { io: CliIo; stderr: () => string } => {
      let stderr = "";
      const io: CliIo = {
        stdout: {
          write: () => {
            throw error;
          },
        },
        stderr: { write: (text: string) => (stderr += text) },
        readStdin: async () => "",
      };
      return { io, stderr: () => stderr };
    };
    const parseError = Object.assign(new Error("option --x is new to this Node"), { code: "ERR_PARSE_ARGS_NEW" });
    const parse = failingIo(parseError);
    expect(await main(["completion", "bash"], parse.io, {})).toBe(2);
    expect(parse.stderr()).toBe("cms-conformance completion: option --x is new to this Node\n");

    const pipeError = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    const pipe = failingIo(pipeError);
    await expect(main(["completion", "bash"], pipe.io, {})).rejects.toBe(pipeError);
    expect(pipe.stderr()).toBe("");
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

describe("--help and docs/options.md, where the README points", () => {
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

  it("make the options table: a header, a row per option, then the config-only keys, secrets and exit codes", () => {
    const lines = renderRunOptionsMarkdown().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "| option | config key | env | range | default | meaning |",
      "|---|---|---|---|---|---|",
      "| `--base-url URL` | `base-url` | `CMS_BASE_URL` |  | the bundled reference server | base URL of the implementation; the operation paths of §4 are appended to it, so no query string, fragment or user:pass@ |",
    ]);
    expect(lines.length).toBe(RUN_OPTIONS.length + 8);
    expect(lines[RUN_OPTIONS.length + 3]).toMatch(/^Only a config file holds `role-filters` \(/);
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
