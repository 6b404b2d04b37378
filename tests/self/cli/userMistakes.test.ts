/**
 * The user's mistakes are the user's (issue 13.7): flags, CMS_* variables and the config file are
 * merged and validated once against the run-config schema, with the same ranges everywhere, and
 * every mistake is one sentence and exit 2 before the first request.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_OPTIONS } from "../../../cli/runOptions.js";
import { RUN_DEFAULTS } from "../../../runner/model/RunSettings.js";
import { CONFIG_FILE_KEYS } from "../../../cli/configFileKeys.js";
import { readConfigFile, resolveRunConfig, resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { RUN_CONFIG_SCHEMA, runConfigValidator, settingSchema } from "../../../runner/settings/runConfigSchema.js";
import { runCli } from "./cliInProcess.js";

const SECRETS = { CMS_CLIENT_ID: "client-5e5e5e5e5e", CMS_TOKEN: "token-SECRET-7f7f7f7f" };
const dir = mkdtempSync(join(tmpdir(), "cms-mistakes-"));

/** A target that counts the requests it gets: a mistake must be refused before the first one. */
let target: Server;
let requests = 0;
let baseUrl = "";
beforeAll(async () => {
  target = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(500, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

/** Runs `run` against the counting target; expects exit 2, one line on stderr and no request sent. */
async function refused(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const before = requests;
  // An option of one value is given once (twice is a mistake of its own): the defaults only when args give none.
  const given = (name: string) => args.some((word) => word === name || word.startsWith(`${name}=`));
  const defaults = [
    ...(given("--base-url") ? [] : ["--base-url", baseUrl]),
    ...(given("--out") ? [] : ["--out", join(dir, "out")]),
  ];
  const result = await runCli(["run", ...defaults, ...args], {
    ...SECRETS,
    ...env,
  });
  expect(result.code).toBe(2);
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stdout).toBe("");
  expect(requests - before, "requests sent before the mistake was refused").toBe(0);
  return result.stderr;
}

function configFile(settings: object): string {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(settings));
  return path;
}

describe("out-of-range numbers", () => {
  it.each([
    [["--timeout", "0"], /^cms-conformance run: --timeout takes a whole number from 100 to 600000, not "0"$/],
    [["--concurrency", "0"], /^cms-conformance run: --concurrency takes a whole number from 1 to 64, not "0"$/],
    [["--max-page-size", "0"], /^cms-conformance run: --max-page-size takes a whole number from 10 to 10000, not "0"$/],
    [["--max-pages", "0"], /--max-pages takes a whole number from 1 to 100000/],
    [["--seed=-1"], /--seed takes a whole number from 0 to 2147483647, not "-1"/],
    [["--timeout", "ten"], /--timeout takes a whole number from 100 to 600000, not "ten"/],
    [["--rate-limit", "0/s"], /--rate-limit takes a number above 0, at most 10000 requests per second/],
    [["--format", "json,pdf"], /--format takes console, json, junit, html or har, not "pdf"/],
    [
      ["--operation", "getWidgets"],
      /--operation takes listFactoryDefaultWidgets, .* or getRoleFilters, not "getWidgets"/,
    ],
  ])("%j exits 2 with one sentence, before any request", async (args, message) => {
    expect((await refused(args)).trimEnd()).toMatch(message);
  });

  it("refuses CMS_PROFILE=stict instead of falling back to the default profile", async () => {
    expect(await refused([], { CMS_PROFILE: "stict" })).toMatch(/CMS_PROFILE takes default or strict, not "stict"/);
  });

  it("applies the same ranges to flags, the config file and variables, and names the source", async () => {
    for (const option of RUN_OPTIONS) {
      const schema = option.setting ? settingSchema(option.setting) : undefined;
      if (!option.setting || schema?.type !== "integer" || schema.minimum === undefined) continue;
      const below = String(schema.minimum - 1);
      expect(await refused([`--${option.name}=${below}`]), option.name).toBe(
        `cms-conformance run: --${option.name} takes a whole number from ${schema.minimum} to ${schema.maximum}, not "${below}"\n`,
      );
      const file = configFile({ [option.name]: schema.minimum - 1 });
      expect(await refused(["--config", file]), option.name).toBe(
        `cms-conformance run: "${option.name}" in the config file ${file} takes a whole number from ${schema.minimum} to ${schema.maximum}, not ${below}\n`,
      );
    }
    expect(await refused([], { CMS_SEED: "-5" })).toMatch(
      /CMS_SEED takes a whole number from 0 to 2147483647, not "-5"/,
    );
  });

  it.each(CONFIG_FILE_KEYS.filter((key) => key.setting !== key.fileKey).map((key) => [key.setting, key.fileKey]))(
    "refuses the key %s of the earlier vocabulary, naming %s",
    async (old, renamed) => {
      const file = configFile({ [old]: "x" });
      expect(await refused(["--config", file])).toBe(
        `cms-conformance run: the key "${old}" in the config file ${file} is now "${renamed}", the name of its flag (--${renamed}); rename it\n`,
      );
    },
  );

  it("refuses a list where the key takes one value", async () => {
    expect(await refused(["--config", configFile({ timeout: ["5s"] })])).toMatch(
      /^cms-conformance run: "timeout" in the config file .* takes a whole number from 100 to 600000, not \["5s"\]\n$/,
    );
  });

  it("suggests the setting a config file misspelt", async () => {
    expect(await refused(["--config", configFile({ timeOut: 5000 })])).toMatch(
      /^cms-conformance run: the config file .* has the unknown key "timeOut"; did you mean "timeout"\? \(its keys are the flag names of cms-conformance run\)\n$/,
    );
  });

  it("gives every numeric setting a documented range, and the defaults lie inside it", () => {
    for (const [key, schema] of Object.entries(RUN_CONFIG_SCHEMA.properties)) {
      if (schema.type !== "integer" && schema.type !== "number") continue;
      expect(schema.maximum, key).toBeDefined();
      expect(schema.minimum ?? schema.exclusiveMinimum, key).toBeDefined();
      expect(schema.description, key).toMatch(new RegExp(`${schema.maximum}`));
    }
    const defaults = {
      maxExamples: RUN_DEFAULTS.maxExamples,
      timeoutMs: RUN_DEFAULTS.timeoutMs,
      concurrency: RUN_DEFAULTS.concurrency,
      maxPageSize: RUN_DEFAULTS.maxPageSize,
      maxPages: RUN_DEFAULTS.maxPagesWalked,
      profile: RUN_DEFAULTS.profile,
    };
    expect(runConfigValidator()(defaults), JSON.stringify(runConfigValidator().errors)).toBe(true);
  });
});

describe("base URLs", () => {
  it("refuses user:pass@ without repeating the password", async () => {
    const message = await refused(["--base-url", baseUrl.replace("//", "//admin:hunter2-password@")]);
    expect(message).toMatch(/--base-url carries a user name or password/);
    expect(message).not.toContain("hunter2");
  });

  it.each([
    ["a query string", "/?tenant=acme", /--base-url has a query string/],
    ["a fragment", "/#top", /--base-url has a fragment/],
  ])("refuses %s", async (_what, suffix, message) => {
    expect(await refused(["--base-url", `${baseUrl}${suffix}`])).toMatch(message);
  });
});

describe("secrets", () => {
  it.each([
    [
      "a newline in CMS_TOKEN",
      { CMS_TOKEN: "token-SECRET-7f7f\nInjected: yes" },
      /CMS_TOKEN contains a line break \(character 18\), which cannot be sent in an HTTP header/,
    ],
    [
      "a character beyond Latin-1 in CMS_TOKEN",
      { CMS_TOKEN: "token-SECRET-7f7f€" },
      /CMS_TOKEN contains a character beyond Latin-1/,
    ],
    [
      "a control character in CMS_CLIENT_ID",
      { CMS_CLIENT_ID: "client-\u0007-5e5e5e" },
      /CMS_CLIENT_ID contains a control character/,
    ],
    ["a token of spaces", { CMS_TOKEN: "   " }, /CMS_TOKEN is empty once surrounding spaces are trimmed/],
  ])("refuses %s up front, without showing it", async (_what, env, message) => {
    const stderr = await refused([], env);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain("SECRET");
  });

  it("trims the spaces around a secret (a copied token often ends in a newline)", () => {
    const settings = resolveRunSettings([
      {
        baseUrl: "http://127.0.0.1:1",
        clientId: "  client-5e5e5e5e5e\n",
        token: "\ttoken-SECRET-7f7f7f7f  ",
        restrictedToken: " restricted-1234 ",
      },
    ]);
    expect(settings.credentials).toEqual({
      clientId: "client-5e5e5e5e5e",
      token: "token-SECRET-7f7f7f7f",
      restrictedToken: "restricted-1234",
    });
  });

  it("keeps a later layer's value over an earlier one, after one validation of the merge", () => {
    // The file's timeout is out of range, but a flag replaces it: the merge is what is validated.
    expect(resolveRunConfig([{ timeoutMs: 0 }, { timeoutMs: 500 }]).timeoutMs).toBe(500);
  });
});

describe("the report folder, checked before the first request", () => {
  it("refuses an existing regular file", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    expect(await refused(["--out", file])).toMatch(
      /the report folder .*a-file is a file, not a folder; give a folder you can write to with --out/,
    );
  });

  it("refuses a folder below a file", async () => {
    const file = join(dir, "another-file");
    writeFileSync(file, "");
    expect(await refused(["--out", join(file, "reports")])).toMatch(/cannot be made: .*another-file is a file/);
  });

  it("refuses a report name taken by a folder", async () => {
    const out = join(dir, "taken");
    mkdirSync(join(out, "report.json"), { recursive: true });
    expect(await refused(["--out", out])).toMatch(/report\.json is in the way of a report/);
  });

  it.runIf(process.platform === "linux")(
    "refuses /proc without spinning (mkdir -p loops there)",
    async () => {
      expect(await refused(["--out", "/proc/cms-conformance-reports"])).toMatch(
        /cannot create the report folder \/proc\/cms-conformance-reports \(ENOENT\)/,
      );
      expect(await refused(["--out", "/proc/self"])).toMatch(/cannot write into the report folder \/proc\/self/);
    },
    20_000,
  );

  it.skipIf(process.getuid?.() === 0)("refuses a folder without write permission", async () => {
    const locked = join(dir, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    expect(await refused(["--out", locked])).toMatch(/cannot write into the report folder .*locked \(EACCES\)/);
  });
});

describe("paths in a config file (issue 27.9)", () => {
  it("are relative to the file, not to where the run starts; absolute ones are kept", () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-config-paths-"));
    mkdirSync(join(folder, "certs"));
    const path = join(folder, "cms.json");
    writeFileSync(
      path,
      JSON.stringify({
        "ca-file": ["certs/ca.pem", "/etc/ssl/x.pem"],
        cert: "certs/c.pem",
        key: "k.pem",
        out: "out",
        waivers: "w.json",
        seed: 3,
      }),
    );
    const { values } = readConfigFile(path, CONFIG_FILE_KEYS);
    expect(values).toEqual({
      caFiles: [join(folder, "certs/ca.pem"), "/etc/ssl/x.pem"],
      cert: join(folder, "certs/c.pem"),
      key: join(folder, "k.pem"),
      out: join(folder, "out"),
      waivers: join(folder, "w.json"),
      seed: 3,
    });
  });
});
