/**
 * resolveRunSettings and resolveRunConfig directly (issue 25.3): layers merged (later wins, headers per entry,
 * secrets trimmed), every setting mapped into RunSettings with its default, and the sentence for each refusal:
 * schema errors as the user wrote the value, base URLs, secrets HTTP cannot carry, certificates, missing
 * essentials, config files and the environment.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FIXTURE_CERTIFICATE_PEM, FIXTURE_PRIVATE_KEY_PEM } from "../../support/fixturePem.js";
import { configurationErrorOf } from "../../cli/configurationErrorOf.js";
import {
  configFromEnvironment,
  readConfigFile,
  resolveRunConfig,
  resolveRunSettings,
  settingsFromEnvironment,
  type ConfigLayer,
  type RunConfigFile,
} from "../../../../runner/settings/resolveRunSettings.js";
import { CONFIG_FILE_KEYS } from "../../../../cli/configFileKeys.js";

const BASE: RunConfigFile = { baseUrl: "http://t", clientId: "c", token: "t" };

const refusal = configurationErrorOf;
const refused = (layer: Record<string, unknown>) => refusal(() => resolveRunConfig([layer as RunConfigFile]));
const refusedLayers = (...layers: Record<string, unknown>[]) =>
  refusal(() => resolveRunConfig(layers as RunConfigFile[]));

describe("resolveRunSettings", () => {
  it("gives every unset setting its default", () => {
    // Strictly: a setting left unset is no key at all, not a key holding undefined.
    expect(resolveRunSettings([{ ...BASE, seed: 3 }])).toStrictEqual({
      baseUrl: "http://t",
      embedded: false,
      credentials: { clientId: "c", token: "t" },
      fixtures: { analyticIds: [], roles: [] },
      profile: "default",
      seed: 3,
      maxExamples: 100,
      timeoutMs: 10_000,
      maxConcurrency: 32,
      maxRetryWaitMs: 30_000,
      maxRunTimeMs: 900_000,
      maxPageSize: 100,
      maxPagesWalked: 50,
      checks: [],
      excludeChecks: [],
      operations: [],
    });
    const seed = resolveRunSettings([BASE], true);
    expect(seed.embedded).toBe(true);
    expect(Number.isInteger(seed.seed) && seed.seed >= 0 && seed.seed < 2 ** 31).toBe(true);
  });

  it("draws an unset seed from the whole range 0 to 2^31 - 1", () => {
    const random = vi.spyOn(Math, "random");
    try {
      random.mockReturnValue(0.5);
      expect(resolveRunSettings([BASE]).seed).toBe(2 ** 30);
      random.mockReturnValue(0.999_999_999_9);
      expect(resolveRunSettings([BASE]).seed).toBe(2 ** 31 - 1);
    } finally {
      random.mockRestore();
    }
  });

  it("maps every setting given, the later layer winning", () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-settings-"));
    const cert = join(folder, "cert.pem");
    const key = join(folder, "key.pem");
    const ca = join(folder, "ca.pem");
    writeFileSync(cert, FIXTURE_CERTIFICATE_PEM);
    writeFileSync(key, FIXTURE_PRIVATE_KEY_PEM);
    writeFileSync(ca, FIXTURE_CERTIFICATE_PEM);
    const settings = resolveRunSettings([
      { ...BASE, profile: "strict", seed: 1 },
      {
        seed: 2,
        restrictedToken: "r",
        tokenCommand: "echo a",
        restrictedTokenCommand: "echo b",
        analyticIds: ["a1"],
        roles: ["r1"],
        domainName: "d",
        serviceName: "s",
        roleFilters: { r1: [{ name: "n", value: "v" }] },
        translatedWidgetText: { text: "t", widgetId: "w" },
        forbiddenWidgetIds: [],
        othersLandingPageIds: ["l"],
        restrictedSeesAll: true,
        failOnUnverified: true,
        maxExamples: 7,
        timeoutMs: 500,
        concurrency: 2,
        maxConcurrency: 16,
        rateLimit: 5,
        maxRetryWaitMs: 0,
        maxRunTimeMs: 60_000,
        maxResponseTimeMs: 900,
        caFiles: [ca],
        insecure: true,
        cert,
        key,
        failOnSkipped: true,
        maxPageSize: 30,
        maxPages: 3,
        maxFailures: 1,
        checks: ["http.*"],
        excludeChecks: ["http.x"],
        operations: ["getWidget"],
        headers: { "X-Tenant": "t1", "X-Key": "key-value" },
        secretHeaders: ["x-key"],
        operationPaths: { getWidget: "/w" },
        out: "out",
        formats: ["json"],
        waivers: "w.json",
      },
    ]);
    expect(settings).toStrictEqual({
      baseUrl: "http://t",
      embedded: false,
      credentials: {
        clientId: "c",
        token: "t",
        restrictedToken: "r",
        tokenCommand: "echo a",
        restrictedTokenCommand: "echo b",
      },
      fixtures: {
        analyticIds: ["a1"],
        roles: ["r1"],
        domainName: "d",
        serviceName: "s",
        roleFilters: { r1: [{ name: "n", value: "v" }] },
        translatedWidgetText: { text: "t", widgetId: "w" },
        permissions: { forbiddenWidgetIds: [], othersLandingPageIds: ["l"], restrictedSeesAll: true },
      },
      failOnUnverified: true,
      profile: "strict",
      seed: 2,
      maxExamples: 7,
      timeoutMs: 500,
      concurrency: 2,
      maxConcurrency: 16,
      rateLimitPerSecond: 5,
      maxRetryWaitMs: 0,
      maxRunTimeMs: 60_000,
      maxResponseTimeMs: 900,
      caFiles: [ca],
      insecure: true,
      clientCertificate: { certFile: cert, keyFile: key },
      failOnSkipped: true,
      maxPageSize: 30,
      maxPagesWalked: 3,
      maxFailures: 1,
      checks: ["http.*"],
      excludeChecks: ["http.x"],
      operations: ["getWidget"],
      headers: { "X-Tenant": "t1", "X-Key": "key-value" },
      secretHeaders: ["x-key"],
      operationPaths: { getWidget: "/w" },
      out: "out",
      formats: ["json"],
      waivers: "w.json",
    });
    const facts = resolveRunSettings([{ ...BASE, forbiddenAnalyticIds: ["a"], ownLandingPageIds: [] }]).fixtures;
    expect(facts.permissions).toStrictEqual({ forbiddenAnalyticIds: ["a"], ownLandingPageIds: [] });
  });

  it("leaves out the lists and maps given empty, as if not given", () => {
    expect(
      resolveRunSettings([{ ...BASE, seed: 5, caFiles: [], headers: {}, secretHeaders: [], operationPaths: {} }]),
    ).toStrictEqual(resolveRunSettings([{ ...BASE, seed: 5 }]));
  });

  it("refuses a run without a target, a client id or a token", () => {
    expect(refusal(() => resolveRunSettings([{ clientId: "c", token: "t" }]))).toBe(
      "no target: give --base-url (or CMS_BASE_URL), or leave it out of every source to run the bundled reference server",
    );
    expect(refusal(() => resolveRunSettings([{ baseUrl: "http://h", token: "t" }]))).toBe(
      "no client id: every operation sends client_id (§5); give CMS_CLIENT_ID or --client-id",
    );
    expect(refusal(() => resolveRunSettings([{ baseUrl: "http://h", clientId: "c" }]))).toBe(
      "no bearer token: the content management operations need one (§5); give CMS_TOKEN or --token",
    );
    expect(refusal(() => resolveRunSettings([{ ...BASE, caFiles: ["/nope.pem"] }]))).toBe(
      "cannot read the CA file /nope.pem (ENOENT); --ca-file takes a PEM file",
    );
  });
});

describe("resolveRunConfig", () => {
  it("merges headers per entry, trims secrets and the base URL's trailing slashes", () => {
    expect(
      resolveRunConfig([{ token: " x ", baseUrl: "http://h/p///", headers: { A: "1" } }, { headers: { B: "2" } }]),
    ).toEqual({
      token: "x",
      baseUrl: "http://h/p",
      headers: { A: "1", B: "2" },
    });
    expect(resolveRunConfig([{ headers: { A: "1" } }, { headers: undefined }])).toEqual({ headers: { A: "1" } });
  });

  it("validates every layer's header and path entries, and replaces any other setting whole", () => {
    // An earlier layer's entry is validated though a later layer gives the same setting.
    expect(refusedLayers({ headers: { A: 5 } }, { headers: { B: "2" } })).toBe(
      '"headers" gives A 5, which is not a text',
    );
    expect(refusedLayers({ operationPaths: { getWidget: 5 } }, { operationPaths: { getAnalytic: "/a" } })).toBe(
      '"operationPaths" gives getWidget 5, which is not a text',
    );
    // Role filters are replaced whole: the later layer's roles only.
    expect(
      resolveRunConfig([
        { roleFilters: { r1: [{ name: "n", value: "v" }] } },
        { roleFilters: { r2: [{ name: "m", value: "w" }] } },
      ]),
    ).toStrictEqual({ roleFilters: { r2: [{ name: "m", value: "w" }] } });
    // A later value that is no map of headers is not merged into the earlier one but refused, shown as given.
    for (const [value, sentence] of [
      [["B: 2"], '"headers" takes a JSON object, not ["B: 2"]'],
      ["B: 2", '"headers" takes a JSON object, not "B: 2"'],
      [null, '"headers" takes a JSON object, not null'],
    ] as const)
      expect(refusedLayers({ headers: { A: "1" } }, { headers: value })).toBe(sentence);
  });

  it("checks the merged headers, secret headers and operation paths for what the schema cannot say", () => {
    expect(refused({ headers: { Host: "h" } })).toBe(
      'the header "Host" cannot be sent: the HTTP client sets it itself',
    );
    expect(refused({ headers: { "X-A": "1" }, secretHeaders: ["X-B"] })).toBe(
      '"secretHeaders" names "X-B", which is no extra header of the run; give the name of a header given with --header (or header in the config file)',
    );
    expect(refused({ operationPaths: { getWidget: "/platform/cms/getAnalytic" } })).toBe(
      "getAnalytic and getWidget would both be at /platform/cms/getAnalytic; give each operation its own path",
    );
  });

  it("names a setting that is none, or an operation a path names that is none", () => {
    expect(refused({ zzzzqqq: 5 })).toMatch(/^"zzzzqqq" is not a setting; the settings are baseUrl, clientId, token, /);
    expect(refused({ maxExample: 5 })).toBe('"maxExample" is not a setting; did you mean "maxExamples"?');
    const flags: ConfigLayer = { values: { maxExample: 5 }, nameOf: (key) => `--${key}` };
    expect(refusal(() => resolveRunConfig([flags]))).toBe('--maxExample is not a setting; did you mean "maxExamples"?');
    expect(refused({ operationPaths: { getWidgets: "/x" } })).toBe(
      'unknown operation "getWidgets" in "operationPaths"; known: listFactoryDefaultWidgets, listLandingPages, getAnalytic, getWidget, getRoleFilters',
    );
  });

  it("says what each setting takes, showing the value as given but never a secret", () => {
    expect(refused({ operationPaths: { getWidget: "x" } })).toBe(
      'the path of getWidget must start with / and hold no space, query or fragment, not "x" ("operationPaths")',
    );
    expect(refused({ headers: { "X-A": 5 } })).toBe('"headers" gives X-A 5, which is not a text');
    expect(refused({ token: 5 })).toBe('"token" takes a non-empty text');
    expect(refused({ clientId: "   " })).toBe(
      '"clientId" is empty once surrounding spaces are trimmed; give the value',
    );
    expect(refused({ timeoutMs: -1 })).toBe('"timeoutMs" takes a whole number from 100 to 600000, not -1');
    expect(refused({ rateLimit: 0 })).toBe(
      '"rateLimit" takes a number above 0, at most 10000 requests per second (the flag also reads 20/s and 30/m), not 0',
    );
    expect(refused({ roles: ["a", 5] })).toBe('"roles" takes a non-empty text, not 5');
    expect(refused({ baseUrl: "ftp://h" })).toBe('"baseUrl" takes an http:// or https:// URL, not "ftp://h"');
    expect(refused({ baseUrl: "ftp://user:secret@h" })).toBe(
      '"baseUrl" takes an http:// or https:// URL, not "ftp://…@h"',
    );
    // Only a base URL hides what stands between // and @.
    expect(refused({ profile: "http://u@h" })).toBe('"profile" takes default or strict, not "http://u@h"');
    // A list setting given one text says it takes a list, not what each item takes.
    expect(refused({ roles: "a" })).toBe('"roles" takes a list of non-empty texts, not "a"');
    expect(refused({ formats: "json" })).toBe(
      '"formats" takes a list of console, json, junit, html or har, not "json"',
    );
  });

  it("names a wrong entry deep in a setting by its path, its / and ~ as written", () => {
    expect(refused({ roleFilters: { r1: [{ name: 5, value: "v" }] } })).toBe(
      '"roleFilters" gives r1/0/name 5, which is not a text',
    );
    // The value is looked up by the unescaped path (it read "undefined" when the escaped segment was used).
    expect(refused({ roleFilters: { "sales/eu~1": [{ name: 5, value: "v" }] } })).toBe(
      '"roleFilters" gives sales/eu~1/0/name 5, which is not a text',
    );
    expect(refused({ headers: { "X/Y~Z": 5 } })).toBe('"headers" gives X/Y~Z 5, which is not a text');
  });

  it("refuses a base URL with credentials, a query or a fragment", () => {
    expect(refused({ baseUrl: "http://u:p@h" })).toBe(
      '"baseUrl" carries a user name or password (user:pass@); remove it, since credentials go only in the client_id and Authorization headers (--client-id, --token)',
    );
    // A user name or a password alone (the URL parser finds them after a third slash too), or an empty user:pass@.
    for (const baseUrl of ["http:///u@h", "http:///:p@h", "http://@h", "http://:@h"])
      expect(refused({ baseUrl }), baseUrl).toBe(
        '"baseUrl" carries a user name or password (user:pass@); remove it, since credentials go only in the client_id and Authorization headers (--client-id, --token)',
      );
    // An @ after the host is part of the path.
    expect(resolveRunConfig([{ baseUrl: "http://h/x//y@z" }])).toStrictEqual({ baseUrl: "http://h/x//y@z" });
    expect(refused({ baseUrl: "http://" })).toBe(
      '"baseUrl" "http://" is not a URL; give one like https://api.example.com',
    );
    expect(refused({ baseUrl: "http://u:p@" })).toBe(
      '"baseUrl" "http://…@" is not a URL; give one like https://api.example.com',
    );
    expect(refused({ baseUrl: "http://h/?a" })).toBe(
      '"baseUrl" has a query string (?…); give the URL the operation paths are appended to, e.g. https://api.example.com/prefix',
    );
    expect(refused({ baseUrl: "http://h/#a" })).toBe(
      '"baseUrl" has a fragment (#…); give the URL the operation paths are appended to, e.g. https://api.example.com/prefix',
    );
  });

  it("refuses a secret HTTP cannot carry, saying what and where without showing it", () => {
    expect(refused({ token: "a\nb" })).toBe(
      '"token" contains a line break (character 2), which cannot be sent in an HTTP header; copy the value again without it',
    );
    expect(refused({ token: "ab\rc" })).toContain("contains a line break (character 3)");
    expect(refused({ clientId: "a\u0001b" })).toContain('"clientId" contains a control character (character 2)');
    expect(refused({ clientId: "a\u007f" })).toContain("contains a control character (character 2)");
    expect(refused({ token: "\u0001abc" })).toBe(
      '"token" contains a control character (character 1), which cannot be sent in an HTTP header; copy the value again without it',
    );
    expect(refused({ restrictedToken: "aé€" })).toBe(
      '"restrictedToken" contains a character beyond Latin-1 (character 3), which cannot be sent in an HTTP header; copy the value again without it',
    );
    expect(resolveRunConfig([{ token: "a\tb\u00ff" }])).toEqual({ token: "a\tb\u00ff" });
  });

  it("refuses a secret header that is no extra header, and half a client certificate or an unreadable or wrong one", () => {
    expect(refused({ secretHeaders: ["X-K"] })).toBe(
      '"secretHeaders" names "X-K", which is no extra header of the run; give the name of a header given with --header (or header in the config file)',
    );
    expect(resolveRunConfig([{ headers: { "X-K": "value" }, secretHeaders: ["x-k"] }]).secretHeaders).toEqual(["x-k"]);
    expect(refused({ cert: "/nope" })).toBe(
      '"cert" is given without --key (its private key); a client certificate needs both, as PEM files',
    );
    expect(refused({ key: "/nope" })).toBe(
      '"key" is given without --cert (the client certificate); a client certificate needs both, as PEM files',
    );
    expect(refused({ cert: "/nope", key: "/nope2" })).toBe(
      "cannot read the client certificate file /nope (ENOENT); give a PEM file",
    );
    const folder = mkdtempSync(join(tmpdir(), "cms-settings-pem-"));
    const text = join(folder, "text.pem");
    writeFileSync(text, "not a pem");
    const cert = join(folder, "cert.pem");
    writeFileSync(cert, "-----BEGIN CERTIFICATE-----\n");
    expect(refused({ cert: text, key: text })).toBe(
      `the client certificate file ${text} holds no PEM client certificate`,
    );
    expect(refused({ cert, key: text })).toBe(`the private key file ${text} holds no PEM private key`);
    expect(refused({ cert, key: join(folder, "none") })).toBe(
      `cannot read the private key file ${join(folder, "none")} (ENOENT); give a PEM file`,
    );
  });
});

describe("the environment and config files as layers", () => {
  it("reads CMS_* variables as flags are, names them in sentences, and skips empty ones", () => {
    expect(resolveRunConfig([configFromEnvironment({ CMS_SEED: "12", CMS_PROFILE: "", CMS_ROLES: "a,b" })])).toEqual({
      seed: 12,
      roles: ["a", "b"],
    });
    expect(refusal(() => resolveRunConfig([configFromEnvironment({ CMS_SEED: "abc" })]))).toBe(
      'CMS_SEED takes a whole number from 0 to 2147483647, not "abc"',
    );
    expect(refusal(() => resolveRunConfig([configFromEnvironment({ CMS_PROFILE: "lax" })]))).toBe(
      'CMS_PROFILE takes default or strict, not "lax"',
    );
    expect(
      settingsFromEnvironment({ CMS_BASE_URL: "http://e", CMS_CLIENT_ID: "c", CMS_TOKEN: "t", CMS_SEED: "4" }),
    ).toMatchObject({
      baseUrl: "http://e",
      seed: 4,
    });
  });

  it("reads a config file keyed by flag names, its paths relative to the file, and names the file in sentences", () => {
    const folder = mkdtempSync(join(tmpdir(), "cms-config-"));
    mkdirSync(join(folder, "sub"));
    const file = join(folder, "sub", "cms.json");
    writeFileSync(
      file,
      JSON.stringify({ "base-url": "http://f", out: "reports", "ca-file": ["ca.pem"], waivers: "", seed: "x" }),
    );
    const layer = readConfigFile(file, CONFIG_FILE_KEYS);
    // Strictly: the path settings the file leaves out (cert, key) stay out.
    expect(layer.values).toStrictEqual({
      baseUrl: "http://f",
      out: join(folder, "sub", "reports"),
      caFiles: [join(folder, "sub", "ca.pem")],
      waivers: "",
      seed: "x",
    });
    expect(layer.nameOf("seed")).toBe(`"seed" in the config file ${file}`);
    expect(layer.nameOf("baseUrl")).toBe(`"base-url" in the config file ${file}`);
    expect(refusal(() => resolveRunConfig([layer]))).toBe(
      `"seed" in the config file ${file} takes a whole number from 0 to 2147483647, not "x"`,
    );
  });

  it("refuses a config file it cannot read, that is not JSON, or that holds no object", () => {
    expect(refusal(() => readConfigFile("/nope.json", CONFIG_FILE_KEYS))).toBe(
      "cannot read the config file /nope.json (ENOENT); give a readable JSON file with --config",
    );
    const folder = mkdtempSync(join(tmpdir(), "cms-config-bad-"));
    const text = join(folder, "a.json");
    writeFileSync(text, "{ nope");
    expect(refusal(() => readConfigFile(text, CONFIG_FILE_KEYS))).toMatch(
      new RegExp(`^the config file ${text.replace(/[.]/g, "\\.")} is not JSON: `),
    );
    for (const content of ["[]", "null", "5", '"text"']) {
      const other = join(folder, "b.json");
      writeFileSync(other, content);
      expect(
        refusal(() => readConfigFile(other, CONFIG_FILE_KEYS)),
        content,
      ).toBe(
        `the config file ${other} must hold a JSON object of settings keyed by the flag names (schemas/meta/run-config-file.schema.json)`,
      );
    }
  });
});
