/** A config file's keys are the flag names (issue 27.9), its values as the flag takes them or as the setting holds them. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_KEYS, CONFIG_ONLY_KEYS, configFileOf } from "../../../cli/configFileKeys.js";
import { flagsLayer } from "../../../cli/flagsLayer.js";
import { RUN_OPTIONS } from "../../../cli/runOptions.js";
import { metaSchemaValidator } from "../../../contract/metaSchemaValidator.js";
import { ConfigurationError } from "../../../runner/model/ConfigurationError.js";
import { settingsOfConfigFile } from "../../../runner/settings/configFileKeys.js";
import { RUN_CONFIG_SCHEMA } from "../../../runner/settings/runConfigSchema.js";

/**
 * Texts each option takes on the command line, one list per way of giving it (a list is the flag
 * repeated). Every option that sets a setting has its entry, so a new option cannot skip this test.
 */
const FLAG_FORMS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  "base-url": [["https://cms.example.com/prefix"]],
  "client-id": [["client-7d1e"]],
  token: [["token-1234"]],
  "restricted-token": [["token-5678"]],
  "token-command": [["vault read -field=token secret/cms/admin"]],
  "restricted-token-command": [["cat restricted.token"]],
  "analytic-id": [["analytic://t/a1"], ["analytic://t/a1", "analytic://t/a2"], ["analytic://t/a1,analytic://t/a2"]],
  "forbidden-widget": [["widget://t/w1"], ["widget://t/w1,widget://t/w2", "widget://t/w3"]],
  "forbidden-analytic": [["analytic://t/a9"], ["analytic://t/a8", "analytic://t/a9"]],
  "own-landing-page": [["landing://t/1"], ["landing://t/1", "landing://t/2"]],
  "others-landing-page": [["landing://t/3"], ["landing://t/3,landing://t/4"]],
  role: [["admin"], ["admin", "seller"], ["admin,seller"], [" admin , seller "]],
  "domain-name": [["hcm"]],
  "service-name": [["payroll"]],
  header: [["X-Tenant: acme"], ["X-Tenant: acme", "X-Api-Key:  k-1234 "]],
  "secret-header": [["X-Api-Key"], ["X-Api-Key", "X-Api-Pw"]],
  "operation-path": [["getWidget=/q/getWidget"], ["getWidget=/q/getWidget", "getAnalytic=/q/getAnalytic"]],
  "ca-file": [["ca.pem"], ["ca.pem", "other-ca.pem"]],
  insecure: [[]],
  cert: [["client.pem"]],
  key: [["client-key.pem"]],
  profile: [["strict"], ["default"]],
  "fail-on-unverified": [[]],
  "restricted-sees-all": [[]],
  "fail-on-skipped": [[]],
  checks: [["pagination.*"], ["pagination.*,search.*"], ["schema.response-body", "http.*"]],
  "exclude-checks": [["search.*"], ["search.*", "auth.*"]],
  operation: [["getWidget"], ["getWidget", "getAnalytic"], ["getWidget,getAnalytic"]],
  waivers: [["waivers.json"]],
  "max-examples": [["7"], ["10000"]],
  seed: [["42"], ["0"]],
  timeout: [["5s"], ["1500ms"], ["2m"], ["2500"], ["1.5s"]],
  concurrency: [["4"]],
  "max-concurrency": [["32"], ["8"]],
  "rate-limit": [["20"], ["20/s"], ["30/m"], ["2.5"]],
  "max-retry-wait": [["30s"], ["1h"], ["500ms"], ["0"]],
  "max-response-time": [["500ms"], ["2s"], ["750"]],
  "max-run-time": [["15m"], ["1h"], ["90s"], ["60000"]],
  "max-page-size": [["100"]],
  "max-pages": [["50"]],
  "max-failures": [["1"], ["25"]],
  out: [["reports/here"]],
  format: [["json"], ["json,html"], ["json,junit,html,har"]],
};

const validateFile = metaSchemaValidator("run-config-file.schema.json");
const read = (file: Record<string, unknown>) => settingsOfConfigFile(file, CONFIG_FILE_KEYS, "the config file x.json");

describe("the keys of a config file", () => {
  it("are the flag names of every option that sets a setting, and name every setting once", () => {
    const fileKeys = CONFIG_FILE_KEYS.map((key) => key.fileKey);
    expect(new Set(fileKeys).size).toBe(fileKeys.length);
    for (const option of RUN_OPTIONS.filter((candidate) => candidate.setting !== undefined))
      expect(CONFIG_FILE_KEYS.find((key) => key.setting === option.setting)?.fileKey).toBe(option.name);
    const settings = Object.keys(RUN_CONFIG_SCHEMA.properties).filter((key) => key !== "$schema");
    expect(CONFIG_FILE_KEYS.map((key) => key.setting).sort()).toEqual(settings.sort());
    expect(CONFIG_ONLY_KEYS.map((key) => key.fileKey)).toEqual(["role-filters", "translated-widget-text"]);
  });

  it("leave out only the options of one invocation, which docs/config-file.md names", () => {
    const doc = readFileSync(new URL("../../../docs/config-file.md", import.meta.url), "utf8");
    const notKeys = /^- Some options are not keys: (.*?) belong to one invocation/ms.exec(doc)?.[1] ?? "";
    const named = [...notKeys.matchAll(/`(?:-\w\/)?--([a-z-]+)`/g)].map((match) => match[1]).sort();
    expect(named).toEqual(
      RUN_OPTIONS.filter((option) => option.setting === undefined)
        .map((option) => option.name)
        .sort(),
    );
  });

  it("take every flag's name with every form of the flag's value, and read it as the flag reads it", () => {
    const withSetting = RUN_OPTIONS.filter((option) => option.setting !== undefined);
    expect(Object.keys(FLAG_FORMS).sort()).toEqual(withSetting.map((option) => option.name).sort());
    for (const option of withSetting) {
      for (const texts of FLAG_FORMS[option.name] ?? []) {
        const where = `--${option.name} ${texts.join(" ")}`;
        // A switch is true in both; a repeated flag is a list; a flag given once is its text, or a list of one.
        const flagValue = option.value === undefined ? true : option.repeatable ? [...texts] : texts[0];
        const fromFlags = flagsLayer({ [option.name]: flagValue }).values;
        expect(fromFlags[option.setting as string], where).not.toBeUndefined();
        const takesList =
          option.repeatable === true || RUN_CONFIG_SCHEMA.properties[option.setting as string]?.type === "array";
        const fileForms =
          option.value === undefined
            ? [true]
            : !takesList
              ? [texts[0]]
              : texts.length === 1
                ? [texts[0], [...texts]]
                : [[...texts]];
        for (const form of fileForms) {
          expect(read({ [option.name]: form }), `${where} as ${JSON.stringify(form)}`).toEqual(fromFlags);
          expect(validateFile({ [option.name]: form }), `the file schema on ${JSON.stringify(form)}`).toBe(true);
        }
      }
    }
  });

  it("take durations as the duration flags do: a text with a unit, or a bare number of milliseconds", () => {
    const durations = RUN_OPTIONS.filter((option) => option.value === "DURATION" && option.setting !== undefined);
    expect(durations.map((option) => option.name).sort()).toEqual([
      "max-response-time",
      "max-retry-wait",
      "max-run-time",
      "timeout",
    ]);
    for (const option of durations) {
      for (const [value, ms] of [
        ["5s", 5000],
        ["1500ms", 1500],
        ["15m", 900_000],
        ["1h", 3_600_000],
        [2500, 2500],
        ["2500", 2500],
      ] as const)
        expect(read({ [option.name]: value }), `${option.name}: ${value}`).toEqual({ [option.setting as string]: ms });
    }
  });

  it("take a list only where the flag is repeatable or takes a list: a list for one value is left for the schema to refuse", () => {
    for (const option of RUN_OPTIONS.filter((candidate) => candidate.setting !== undefined && !candidate.repeatable)) {
      const type = RUN_CONFIG_SCHEMA.properties[option.setting as string]?.type;
      if (type === "array" || option.value === undefined) continue;
      const list = [...(FLAG_FORMS[option.name]?.[0] ?? [])];
      expect(read({ [option.name]: list }), option.name).toEqual({ [option.setting as string]: list });
    }
  });

  it("are checked by the file schema item by item in a comma-separated text, as the run checks them", () => {
    for (const refused of [
      { format: "json,xml" },
      { format: ["json", "html,pdf"] },
      { format: [] },
      { operation: "getWidgets" },
    ])
      expect(validateFile(refused), JSON.stringify(refused)).toBe(false);
    expect(validateFile({ format: " json , html ", operation: ["getWidget,getAnalytic"] })).toBe(true);
  });

  it("take values as the flags take them", () => {
    expect(
      read({
        timeout: "5s",
        "max-retry-wait": "2m",
        "rate-limit": "30/m",
        "max-examples": "7",
        header: ["X-Tenant: acme", "X-Api-Key: k-1234"],
        "operation-path": ["getWidget=/q/getWidget"],
        role: "admin,seller",
        format: ["json", "html"],
        insecure: true,
      }),
    ).toEqual({
      timeoutMs: 5000,
      maxRetryWaitMs: 120_000,
      rateLimit: 0.5,
      maxExamples: 7,
      headers: { "X-Tenant": "acme", "X-Api-Key": "k-1234" },
      operationPaths: { getWidget: "/q/getWidget" },
      roles: ["admin", "seller"],
      formats: ["json", "html"],
      insecure: true,
    });
  });

  it("take values as the settings hold them", () => {
    const values = {
      timeout: 5000,
      "rate-limit": 20,
      header: { "X-Tenant": "acme" },
      "operation-path": { getWidget: "/q/getWidget" },
      role: ["admin"],
      "role-filters": { admin: [{ name: "region", value: "1" }] },
    };
    expect(read(values)).toEqual({
      timeoutMs: 5000,
      rateLimit: 20,
      headers: { "X-Tenant": "acme" },
      operationPaths: { getWidget: "/q/getWidget" },
      roles: ["admin"],
      roleFilters: { admin: [{ name: "region", value: "1" }] },
    });
    expect(metaSchemaValidator("run-config-file.schema.json")(values)).toBe(true);
  });

  it("refuse each key of the earlier vocabulary, naming the new one", () => {
    const renamed = CONFIG_FILE_KEYS.filter((key) => key.setting !== key.fileKey);
    expect(renamed.map((key) => key.setting)).toContain("timeoutMs");
    for (const key of renamed) {
      expect(() => read({ [key.setting]: "x" }), key.setting).toThrow(ConfigurationError);
      expect(() => read({ [key.setting]: "x" })).toThrow(
        `the key ${JSON.stringify(key.setting)} in the config file x.json is now ${JSON.stringify(key.fileKey)}, the name of its flag (--${key.fileKey}); rename it`,
      );
    }
    expect(metaSchemaValidator("run-config-file.schema.json")({ timeoutMs: 5000 })).toBe(false);
  });

  it("keep an empty list, or a list not all texts, as it is, for the schema to refuse", () => {
    expect(read({ role: ["a", 5], header: [], "operation-path": [], "role-filters": ["a", "b"] })).toStrictEqual({
      roles: ["a", 5],
      headers: [],
      operationPaths: [],
      roleFilters: ["a", "b"],
    });
  });

  it("ignore $schema, for editors", () => {
    expect(read({ $schema: "../schemas/meta/run-config-file.schema.json", seed: 1 })).toStrictEqual({ seed: 1 });
  });

  it("refuse an unknown key with the closest one, or without a guess when none is close", () => {
    expect(() => read({ timout: 5 })).toThrow(
      'the config file x.json has the unknown key "timout"; did you mean "timeout"? (its keys are the flag names of cms-conformance run)',
    );
    expect(() => read({ zzzzqqq: 5 })).toThrow(
      new ConfigurationError(
        'the config file x.json has the unknown key "zzzzqqq" (its keys are the flag names of cms-conformance run)',
      ),
    );
  });

  it("are what configFileOf writes: a config read back is the settings it was made from", () => {
    const settings = {
      baseUrl: "https://cms.example.com",
      clientId: "client",
      analyticIds: ["analytic://a"],
      forbiddenWidgetIds: [],
      translatedWidgetText: { text: "Previsão", widgetId: "widget://w" },
      timeoutMs: 1500,
    };
    expect(configFileOf(settings)).toEqual({
      "base-url": "https://cms.example.com",
      "client-id": "client",
      "analytic-id": ["analytic://a"],
      "forbidden-widget": [],
      "translated-widget-text": { text: "Previsão", widgetId: "widget://w" },
      timeout: 1500,
    });
    expect(read(configFileOf(settings))).toEqual(settings);
  });

  it("are written by configFileOf only for settings that have a value, and a setting without a key is a bug", () => {
    expect(configFileOf({ seed: 5, timeoutMs: undefined, notASetting: undefined })).toStrictEqual({ seed: 5 });
    expect(() => configFileOf({ colour: "red" })).toThrow(
      new Error("configFileOf: no config key for the setting colour"),
    );
  });
});

describe("the flags as a configuration layer", () => {
  it("takes a switch's true, ignores a bare true for an option that takes a value, and keeps each list's text", () => {
    const layer = flagsLayer({ insecure: true, seed: true, role: ["admin", "seller"], format: "json" });
    expect(layer.values).toStrictEqual({ insecure: true, roles: ["admin", "seller"], formats: ["json"] });
    expect(layer.typed).toStrictEqual({ roles: "admin,seller", formats: "json" });
  });

  it("reads -x as --max-failures 1, named -x in messages, and refuses it beside --max-failures", () => {
    const layer = flagsLayer({ exitfirst: true });
    expect(layer.values).toStrictEqual({ maxFailures: 1 });
    expect([layer.nameOf("maxFailures"), layer.nameOf("seed"), layer.nameOf("other")]).toEqual([
      "-x",
      "--seed",
      "other",
    ]);
    expect(flagsLayer({ exitfirst: false }).nameOf("maxFailures")).toBe("--max-failures");
    expect(() => flagsLayer({ exitfirst: true, "max-failures": "3" })).toThrow(
      new ConfigurationError("give -x (stop at the first failure) or --max-failures N, not both"),
    );
  });
});
