/**
 * Issue 43.3: a setting is defined once. A row added to the run-option table alone (here by mocking the table's
 * Limits rows) reaches the parser, the environment, the config file and both schemas, --help, completion,
 * docs/options.md and docs/config-file.md, the resolved settings and both Reproduce lines; only the compiled
 * validator needs `npm run generate` (here the schema is compiled in memory instead).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

const LIMITS = "../../../runner/model/runOptions/limitOptions.js";
const SCHEMA = "../../../runner/settings/runConfigSchema.js";

/** The units under test, imported afresh with the probe row in the table (doMock, undone after: the self project shares modules between files). */
async function withProbeRow() {
  vi.resetModules();
  vi.doMock(LIMITS, async (importOriginal) => {
    const original = await importOriginal<typeof import("../../../runner/model/runOptions/limitOptions.js")>();
    return { ...original, LIMIT_OPTIONS: [...original.LIMIT_OPTIONS, PROBE] };
  });
  vi.doMock(SCHEMA, async (importOriginal) => {
    const original = await importOriginal<typeof import("../../../runner/settings/runConfigSchema.js")>();
    // What npm run generate compiles into contract/metaValidators.generated.ts, compiled here from the table.
    const validator = new Ajv2020({ strict: false, allErrors: true }).compile(original.RUN_CONFIG_SCHEMA);
    return { ...original, runConfigValidator: () => validator };
  });
  return {
    ...(await import("../../../cli/commands/run.js")),
    ...(await import("../../../cli/parseCommandLine.js")),
    ...(await import("../../../cli/flagsLayer.js")),
    ...(await import("../../../cli/commands/completion.js")),
    ...(await import("../../../cli/renderRunOptionsMarkdown.js")),
    ...(await import("../../../cli/renderConfigKeysMarkdown.js")),
    ...(await import("../../../cli/configFileSchema.js")),
    ...(await import("../../../cli/configFileKeys.js")),
    ...(await import("../../../runner/settings/configFileKeys.js")),
    ...(await import("../../../runner/settings/runConfigSchema.js")),
    ...(await import("../../../runner/settings/configFromEnvironment.js")),
    ...(await import("../../../runner/settings/resolveRunSettings.js")),
    ...(await import("../../../runner/report/reproduceCommand.js")),
    ...(await import("../../../runner/report/reproduceTypedCommand.js")),
  };
}

let units: Awaited<ReturnType<typeof withProbeRow>>;
beforeAll(async () => {
  units = await withProbeRow();
});
afterAll(() => {
  vi.doUnmock(LIMITS);
  vi.doUnmock(SCHEMA);
  vi.resetModules();
});

const TARGET = { baseUrl: "http://t.example", clientId: "c", token: "t", seed: 5 };

describe("a setting defined only in the run-option table", () => {
  it("is parsed from its flag, its environment variable and its config key", () => {
    const { values } = units.parseCommandLine("run", ["--probe-limit", "7"], units.PARSE_OPTIONS);
    expect(units.flagsLayer(values).values).toEqual({ probeLimit: 7 });
    expect(units.configFromEnvironment({ CMS_PROBE_LIMIT: "6" }).values).toEqual({ probeLimit: 6 });
    expect(units.settingsOfConfigFile({ "probe-limit": "5" }, units.CONFIG_FILE_KEYS, "x.json")).toEqual({
      probeLimit: 5,
    });
  });

  it("has its type and range in the run-config schema and the config file's schema", () => {
    expect(units.RUN_CONFIG_SCHEMA.properties.probeLimit).toMatchObject({ type: "integer", minimum: 1, maximum: 9 });
    const properties = units.configFileSchema().properties as Record<string, unknown>;
    expect(JSON.stringify(properties["probe-limit"])).toContain('"maximum":9');
  });

  it("is shown by --help, completion and the generated docs, with its variable, range and default", async () => {
    // --help wraps its lines: any run of spaces may be a line break.
    expect(units.RUN_HELP.replace(/\s+/g, " ")).toContain(
      "--probe-limit N a setting only the table defines. Env: CMS_PROBE_LIMIT. Range: 1 to 9. Default: 3.",
    );
    let script = "";
    await units.completionCommand(["bash"], { stdout: { write: (text: string) => (script += text) } } as never);
    expect(script).toContain("--probe-limit");
    expect(units.renderRunOptionsMarkdown()).toContain(
      "| `--probe-limit N` | `probe-limit` | `CMS_PROBE_LIMIT` | 1 to 9 | 3 |",
    );
    expect(units.renderConfigKeysMarkdown()).toContain("| `probe-limit` | `--probe-limit` |");
  });

  it("reaches the run under its own key, checked against its range, defaulted when no source gives it", () => {
    expect(units.resolveRunSettings([{ ...TARGET, probeLimit: 8 } as never])).toMatchObject({ probeLimit: 8 });
    expect(units.resolveRunSettings([TARGET])).toMatchObject({ probeLimit: 3 });
    expect(() => units.resolveRunSettings([{ ...TARGET, probeLimit: 10 } as never])).toThrow(
      '"probeLimit" takes a whole number from 1 to 9, not 10',
    );
  });

  it("is repeated by both Reproduce lines when it is not the default", () => {
    expect(units.reproduceCommand(units.resolveRunSettings([{ ...TARGET, probeLimit: 8 } as never]))).toContain(
      " --probe-limit 8",
    );
    expect(units.reproduceCommand(units.resolveRunSettings([TARGET]))).not.toContain("--probe-limit");
    expect(units.reproduceTypedCommand([{ name: "probe-limit", value: "8" }], 5)).toBe(
      "cms-conformance run --probe-limit 8 --seed 5",
    );
  });
});
