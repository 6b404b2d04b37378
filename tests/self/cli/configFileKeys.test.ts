/** A config file's keys are the flag names (issue 27.9), its values as the flag takes them or as the setting holds them. */
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_KEYS, CONFIG_ONLY_KEYS, configFileOf } from "../../../cli/configFileKeys.js";
import { RUN_OPTIONS } from "../../../cli/runOptions.js";
import { compileMetaSchema } from "../../../contract/compileMetaSchema.js";
import { ConfigurationError } from "../../../runner/model/ConfigurationError.js";
import { settingsOfConfigFile } from "../../../runner/settings/configFileKeys.js";
import { RUN_CONFIG_SCHEMA } from "../../../runner/settings/runConfigSchema.js";

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
    expect(compileMetaSchema("run-config-file.schema.json")(values)).toBe(true);
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
    expect(compileMetaSchema("run-config-file.schema.json")({ timeoutMs: 5000 })).toBe(false);
  });

  it("refuse an unknown key with the closest one", () => {
    expect(() => read({ timout: 5 })).toThrow(
      'the config file x.json has the unknown key "timout"; did you mean "timeout"? (its keys are the flag names of cms-conformance run)',
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
});
