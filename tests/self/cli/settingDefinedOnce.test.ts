/**
 * Issue 43.3: a setting is defined once. A row added to the run-option table alone (here by mocking the table's
 * Limits rows) reaches the parser, the environment, the config file and both schemas, --help, completion,
 * docs/options.md and docs/config-file.md, the resolved settings and both Reproduce lines; only the compiled
 * validator needs `npm run generate` (here the schema is compiled in memory instead).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import type { RunOptionDefinition } from "../../../runner/model/runOptions/RunOptionDefinition.js";

const PROBE = {
  name: "probe-limit",
  value: "N",
  group: "Limits",
  setting: "probeLimit",
  env: "CMS_PROBE_LIMIT",
  schema: { type: "integer", minimum: 1, maximum: 9, description: "A setting only the table defines." },
  default: 3,
  help: "a setting only the table defines",
  reproduce: {},
} as const satisfies RunOptionDefinition;

vi.mock("../../../runner/model/runOptions/limitOptions.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../runner/model/runOptions/limitOptions.js")>();
  return { ...original, LIMIT_OPTIONS: [...original.LIMIT_OPTIONS, PROBE] };
});

vi.mock("../../../runner/settings/runConfigSchema.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../runner/settings/runConfigSchema.js")>();
  // What npm run generate compiles into contract/metaValidators.generated.ts, compiled here from the table.
  const validator = new Ajv2020({ strict: false, allErrors: true }).compile(original.RUN_CONFIG_SCHEMA);
  return { ...original, runConfigValidator: () => validator };
});

const { PARSE_OPTIONS, RUN_HELP } = await import("../../../cli/commands/run.js");
const { parseCommandLine } = await import("../../../cli/parseCommandLine.js");
const { flagsLayer } = await import("../../../cli/flagsLayer.js");
const { completionCommand } = await import("../../../cli/commands/completion.js");
const { renderRunOptionsMarkdown } = await import("../../../cli/renderRunOptionsMarkdown.js");
const { renderConfigKeysMarkdown } = await import("../../../cli/renderConfigKeysMarkdown.js");
const { configFileSchema } = await import("../../../cli/configFileSchema.js");
const { CONFIG_FILE_KEYS } = await import("../../../cli/configFileKeys.js");
const { settingsOfConfigFile } = await import("../../../runner/settings/configFileKeys.js");
const { RUN_CONFIG_SCHEMA } = await import("../../../runner/settings/runConfigSchema.js");
const { configFromEnvironment } = await import("../../../runner/settings/configFromEnvironment.js");
const { resolveRunSettings } = await import("../../../runner/settings/resolveRunSettings.js");
const { reproduceCommand } = await import("../../../runner/report/reproduceCommand.js");
const { reproduceTypedCommand } = await import("../../../runner/report/reproduceTypedCommand.js");

const TARGET = { baseUrl: "http://t.example", clientId: "c", token: "t", seed: 5 };

describe("a setting defined only in the run-option table", () => {
  it("is parsed from its flag, its environment variable and its config key", () => {
    const { values } = parseCommandLine("run", ["--probe-limit", "7"], PARSE_OPTIONS);
    expect(flagsLayer(values).values).toEqual({ probeLimit: 7 });
    expect(configFromEnvironment({ CMS_PROBE_LIMIT: "6" }).values).toEqual({ probeLimit: 6 });
    expect(settingsOfConfigFile({ "probe-limit": "5" }, CONFIG_FILE_KEYS, "x.json")).toEqual({ probeLimit: 5 });
  });

  it("has its type and range in the run-config schema and the config file's schema", () => {
    expect(RUN_CONFIG_SCHEMA.properties.probeLimit).toMatchObject({ type: "integer", minimum: 1, maximum: 9 });
    const properties = configFileSchema().properties as Record<string, unknown>;
    expect(JSON.stringify(properties["probe-limit"])).toContain('"maximum":9');
  });

  it("is shown by --help, completion and the generated docs, with its variable, range and default", async () => {
    // --help wraps its lines: any run of spaces may be a line break.
    expect(RUN_HELP.replace(/\s+/g, " ")).toContain(
      "--probe-limit N a setting only the table defines. Env: CMS_PROBE_LIMIT. Range: 1 to 9. Default: 3.",
    );
    let script = "";
    await completionCommand(["bash"], { stdout: { write: (text: string) => (script += text) } } as never);
    expect(script).toContain("--probe-limit");
    expect(renderRunOptionsMarkdown()).toContain(
      "| `--probe-limit N` | `probe-limit` | `CMS_PROBE_LIMIT` | 1 to 9 | 3 |",
    );
    expect(renderConfigKeysMarkdown()).toContain("| `probe-limit` | `--probe-limit` |");
  });

  it("reaches the run under its own key, checked against its range, defaulted when no source gives it", () => {
    expect(resolveRunSettings([{ ...TARGET, probeLimit: 8 } as never])).toMatchObject({ probeLimit: 8 });
    expect(resolveRunSettings([TARGET])).toMatchObject({ probeLimit: 3 });
    expect(() => resolveRunSettings([{ ...TARGET, probeLimit: 10 } as never])).toThrow(
      '"probeLimit" takes a whole number from 1 to 9, not 10',
    );
  });

  it("is repeated by both Reproduce lines when it is not the default", () => {
    expect(reproduceCommand(resolveRunSettings([{ ...TARGET, probeLimit: 8 } as never]))).toContain(" --probe-limit 8");
    expect(reproduceCommand(resolveRunSettings([TARGET]))).not.toContain("--probe-limit");
    expect(reproduceTypedCommand([{ name: "probe-limit", value: "8" }], 5)).toBe(
      "cms-conformance run --probe-limit 8 --seed 5",
    );
  });
});
