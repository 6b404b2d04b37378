/**
 * The CLI's small helpers, each at its edges (issue 25.3): word wrapping, parseArgs errors turned into
 * sentences, stale reports removed without following links, and the report folder made and proved writable
 * with a sentence for each way it cannot be.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../cli/io.js";
import { parseCommandLine } from "../../../cli/parseCommandLine.js";
import { prepareOutFolder } from "../../../cli/prepareOutFolder.js";
import { removeStaleReports } from "../../../cli/removeStaleReports.js";
import { wrapText } from "../../../cli/wrapText.js";

const scratch = () => mkdtempSync(join(tmpdir(), "cms-cli-helpers-"));

/** The UsageError `run` throws; the test fails when it throws nothing or something else. */
function usageErrorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a UsageError");
}

describe("wrapText", () => {
  it("fills lines up to exactly the width, gives a longer word a line of its own, and drops blank runs", () => {
    expect(wrapText("aa bb cc", 5)).toEqual(["aa bb", "cc"]);
    expect(wrapText("aa bb cc", 4)).toEqual(["aa", "bb", "cc"]);
    expect(wrapText("  a   verylongword b ", 4)).toEqual(["a", "verylongword", "b"]);
    expect(wrapText("", 10)).toEqual([]);
    expect(wrapText("one", 1)).toEqual(["one"]);
  });
});

describe("parseCommandLine", () => {
  const options = { timeout: { type: "string" }, verbose: { type: "boolean", short: "v" } } as const;

  it("parses what parseArgs parses", () => {
    const parsed = parseCommandLine("run", ["--timeout", "5", "-v", "file"], options, true);
    expect(parsed.values).toEqual({ timeout: "5", verbose: true });
    expect(parsed.positionals).toEqual(["file"]);
  });

  it("names an unknown option and the nearest known one", () => {
    expect(usageErrorOf(() => parseCommandLine("run", ["--timout", "5"], options))).toBe(
      "unknown option --timout; did you mean --timeout? run cms-conformance run --help for the options",
    );
    expect(usageErrorOf(() => parseCommandLine("run", ["--timout=5"], options))).toBe(
      "unknown option --timout; did you mean --timeout? run cms-conformance run --help for the options",
    );
    expect(usageErrorOf(() => parseCommandLine("serve", ["-x"], options))).toBe(
      "unknown option -x; run cms-conformance serve --help for the options",
    );
    expect(usageErrorOf(() => parseCommandLine("run", ["--zzzzzzzz"], options))).toBe(
      "unknown option --zzzzzzzz; run cms-conformance run --help for the options",
    );
  });

  it("names an unknown option typed with a space inside it, and the nearest known one", () => {
    expect(usageErrorOf(() => parseCommandLine("run", ["--time out"], options))).toBe(
      "unknown option --time out; did you mean --timeout? run cms-conformance run --help for the options",
    );
  });

  it("guesses no long option for an unknown short one", () => {
    // With a one-letter long option, "-q" without its dashes would be one edit away from it.
    expect(usageErrorOf(() => parseCommandLine("run", ["-q"], { n: { type: "string" } }))).toBe(
      "unknown option -q; run cms-conformance run --help for the options",
    );
  });

  it("names the long option that wants a value, whether its short or its long form was typed", () => {
    const withShort = { examples: { type: "string", short: "n" } } as const;
    for (const argv of [["-n"], ["--examples"], ["--examples", "-3"]])
      expect(
        usageErrorOf(() => parseCommandLine("run", argv, withShort)),
        argv.join(" "),
      ).toBe("--examples needs a value; run cms-conformance run --help for the options");
  });

  it("says a switch given a value takes none", () => {
    expect(usageErrorOf(() => parseCommandLine("run", ["--verbose=yes"], options))).toBe(
      "--verbose takes no value; run cms-conformance run --help for the options",
    );
  });

  it("lets an error in the options themselves through: it is the developer's, not the user's", () => {
    const broken = { count: { type: "number" } } as unknown as Record<string, { type: "string" }>;
    expect(() => parseCommandLine("run", ["--count", "1"], broken)).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_ARG_TYPE" }),
    );
  });

  it("says which option wants a value, and which argument was not expected", () => {
    expect(usageErrorOf(() => parseCommandLine("run", ["--timeout"], options))).toBe(
      "--timeout needs a value; run cms-conformance run --help for the options",
    );
    expect(usageErrorOf(() => parseCommandLine("merge", ["extra"], options))).toBe(
      'unexpected argument "extra"; run cms-conformance merge --help for the options',
    );
  });
});

describe("removeStaleReports", () => {
  it("removes the named files and links that exist, never a folder or what a link points at", () => {
    const folder = scratch();
    const outside = join(scratch(), "precious.json");
    writeFileSync(outside, "keep");
    writeFileSync(join(folder, "report.json"), "old");
    symlinkSync(outside, join(folder, "junit.xml"));
    mkdirSync(join(folder, "index.html"));
    writeFileSync(join(folder, "other.txt"), "not named");
    expect(removeStaleReports(folder, ["report.json", "junit.xml", "index.html", "run.har"])).toEqual([
      "report.json",
      "junit.xml",
    ]);
    expect(readdirSync(folder).sort()).toEqual(["index.html", "other.txt"]);
    expect(existsSync(outside)).toBe(true);
  });

  it("leaves a named pipe at a report's name: only files and links are stale reports", () => {
    const folder = scratch();
    execFileSync("mkfifo", [join(folder, "report.json")]);
    expect(removeStaleReports(folder, ["report.json"])).toEqual([]);
    expect(readdirSync(folder)).toEqual(["report.json"]);
  });
});

describe("prepareOutFolder", () => {
  it("makes every missing level and returns the absolute path", () => {
    const base = scratch();
    const folder = join(base, "a", "b", "c");
    expect(prepareOutFolder(folder, ["report.json"])).toBe(resolve(folder));
    expect(existsSync(folder)).toBe(true);
    // No probe file is left behind.
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses a file where the folder or one of its parents should be", () => {
    const base = scratch();
    const file = join(base, "taken");
    writeFileSync(file, "");
    expect(usageErrorOf(() => prepareOutFolder(file, []))).toBe(
      `the report folder ${file} is a file, not a folder; give a folder you can write to with --out`,
    );
    expect(usageErrorOf(() => prepareOutFolder(join(file, "below"), []))).toBe(
      `the report folder ${join(file, "below")} cannot be made: ${file} is a file; give a folder you can write to with --out`,
    );
  });

  it("refuses a link or a folder at a report's name", () => {
    const folder = scratch();
    symlinkSync(join(folder, "nowhere"), join(folder, "report.json"));
    mkdirSync(join(folder, "junit.xml"));
    expect(usageErrorOf(() => prepareOutFolder(folder, ["report.json"]))).toBe(
      `${join(folder, "report.json")} is a symbolic link; the suite writes no report through a link: remove it, or give a folder you can write to with --out`,
    );
    expect(usageErrorOf(() => prepareOutFolder(folder, ["junit.xml"]))).toBe(
      `${join(folder, "junit.xml")} is in the way of a report: it exists and is not a file; give a folder you can write to with --out, or move it`,
    );
    writeFileSync(join(folder, "index.html"), "old");
    expect(prepareOutFolder(folder, ["index.html"])).toBe(folder);
  });

  it("never writes through what already holds its probe's name", () => {
    const folder = scratch();
    const outside = join(scratch(), "precious.txt");
    writeFileSync(outside, "keep");
    symlinkSync(outside, join(folder, `.cms-conformance-write-test-${process.pid}`));
    expect(usageErrorOf(() => prepareOutFolder(folder, []))).toBe(
      `cannot write into the report folder ${folder} (EEXIST); give a folder you can write to with --out`,
    );
    expect(readFileSync(outside, "utf8")).toBe("keep");
  });

  it("says why a folder cannot be made or written to", () => {
    expect(usageErrorOf(() => prepareOutFolder("/proc/self/cms-out", []))).toMatch(
      /^cannot create the report folder \/proc\/self\/cms-out \((ENOENT|EACCES|EPERM|EEXIST)\); give a folder you can write to with --out$/,
    );
    expect(usageErrorOf(() => prepareOutFolder("/proc/self", []))).toMatch(
      /^cannot write into the report folder \/proc\/self \((EACCES|EPERM|ENOENT|EEXIST|EINVAL)\); give a folder you can write to with --out$/,
    );
  });
});
