/**
 * A setting given twice in one source exits 2 naming both values (issue 50.5), where parseArgs and JSON.parse
 * kept the last one silently: `--config A --config B` ran B alone, two `--profile` ran the second, a config
 * file's second "profile" won. Secrets given twice are named, never shown.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findDuplicateJsonKey } from "../../../runner/settings/findDuplicateJsonKey.js";
import { runCli, runWith } from "./cliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "cms-repeated-"));
const ENV = { CMS_CLIENT_ID: "client-5e5e5e5e5e", CMS_TOKEN: "token-SECRET-7f7f7f7f" };

/** A refused run: exit 2, nothing on stdout, no check started; its one line on stderr. */
async function refused(args: readonly string[]): Promise<string> {
  const result = await runWith(["--base-url", "http://127.0.0.1:9", ...args], ENV, {
    executor: () => Promise.reject(new Error("the run started a check")),
  });
  expect([result.code, result.stdout]).toEqual([2, ""]);
  return result.stderr;
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("a flag of one value given twice", () => {
  it("--config A --config B", async () => {
    const a = file("a.json", "{}");
    const b = file("b.json", "{}");
    expect(await refused(["--config", a, "--config", b])).toBe(
      `cms-conformance run: --config is given twice (${JSON.stringify(a)} and ${JSON.stringify(b)}); it takes one value: give it once\n`,
    );
  });

  it("two --profile, one of them --name=value", async () => {
    expect(await refused(["--profile", "default", "--profile=strict"])).toBe(
      `cms-conformance run: --profile is given twice ("default" and "strict"); it takes one value: give it once\n`,
    );
  });

  it("a secret given twice is named, not shown", async () => {
    const stderr = await refused(["--token", "first-SECRET-1", "--token", "second-SECRET-2"]);
    expect(stderr).toBe("cms-conformance run: --token is given twice; it takes one value: give it once\n");
  });

  it("repeatable options and switches stay repeatable", async () => {
    expect(await refused(["--role", "a", "--role", "b", "--insecure", "--insecure", "--timeout", "0"])).toMatch(
      /--timeout takes/,
    );
  });

  it("merge --out A --out B", async () => {
    const result = await runCli(["merge", "--out", "a", "--out", "b", "shard"]);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `cms-conformance merge: --out is given twice ("a" and "b"); it takes one value: give it once\n`,
    });
  });
});

describe("a config file key given twice", () => {
  it("at the top", async () => {
    const path = file("profile.json", '{ "profile": "default", "seed": 1, "profile": "strict" }');
    expect(await refused(["--config", path])).toBe(
      `cms-conformance run: the config file ${path} gives "profile" twice ("default" and "strict"), and JSON keeps only the last one; give it once\n`,
    );
  });

  it("inside a setting, by its path", async () => {
    const path = file("filters.json", '{ "role-filters": { "admin": [{ "name": "a", "value": "1" }], "admin": [] } }');
    expect(await refused(["--config", path])).toBe(
      `cms-conformance run: the config file ${path} gives "role-filters" › "admin" twice ([{ "name": "a", "value": "1" }] and []), and JSON keeps only the last one; give it once\n`,
    );
  });

  it("a secret's or an extra header's values are not shown", async () => {
    const token = file("token.json", '{ "token": "first-SECRET-1", "token": "second-SECRET-2" }');
    expect(await refused(["--config", token])).toBe(
      `cms-conformance run: the config file ${token} gives "token" twice, and JSON keeps only the last one; give it once\n`,
    );
    const header = file("header.json", '{ "header": { "X-Api-Key": "k1-SECRET", "X-Api-Key": "k2-SECRET" } }');
    expect(await refused(["--config", header])).not.toContain("SECRET");
  });
});

describe("findDuplicateJsonKey", () => {
  it("finds none where every object's keys are distinct, whatever the strings hold", () => {
    expect(
      findDuplicateJsonKey('{"a": "}{,\\"a\\":", "b": [{"a": 1}, {"a": 2}], "c": {"a": {"a": 1}}}'),
    ).toBeUndefined();
    expect(findDuplicateJsonKey("[1, 2, {}]")).toBeUndefined();
  });

  it("finds the first key given twice, at any depth, with both values as written", () => {
    expect(findDuplicateJsonKey('{"a": 1, "a": 2}')).toEqual({ path: ["a"], first: "1", second: "2" });
    expect(findDuplicateJsonKey('{"x": [{"k": "v"}, {"k": true, "k" : false }]}')).toEqual({
      path: ["x", "k"],
      first: "true",
      second: "false",
    });
    expect(findDuplicateJsonKey('{"o": {"p": {"q": 1}}, "o": 2}')).toEqual({
      path: ["o"],
      first: '{"p": {"q": 1}}',
      second: "2",
    });
    expect(findDuplicateJsonKey('{"\\u0061": 1, "a": 2}')?.path).toEqual(["a"]);
  });
});
