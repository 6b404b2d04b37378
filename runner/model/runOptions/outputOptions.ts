/** The options of what a run writes, and --help (rows of runOptionTable.ts). */
import type { RunOptionDefinition } from "./RunOptionDefinition.js";

/** Where reports go unless --out says otherwise. */
export const DEFAULT_OUT_DIR = "reports/out";

/** The options of what a run writes, and --help. */
export const OUTPUT_OPTIONS = [
  {
    name: "out",
    relativeToConfigFile: true,
    value: "DIR",
    group: "Output",
    setting: "out",
    defaultText: DEFAULT_OUT_DIR,
    schema: {
      type: "string",
      minLength: 1,
      description: "Report folder; it must be writable (checked before the first request).",
    },
    help:
      "report folder, checked for writing before the first request; one run at a time (a lock file), and only " +
      "reports the suite wrote are removed or written over",
  },
  {
    name: "format",
    value: "LIST",
    group: "Output",
    setting: "formats",
    schema: {
      type: "array",
      minItems: 1,
      items: { enum: ["console", "json", "junit", "html", "har"] },
      description:
        "Report formats (reports/reporters/reporterRegistry.ts): console, json, junit and html when absent; har adds " +
        "exchanges.har, every exchange of the run. The console is added to a list that names no terminal format.",
    },
    // Its help and default come from the reporter registry (reports/, above this table): cli/runOptions.ts.
    help: "which reports to give, comma-separated (reports/reporters/reporterRegistry.ts)",
  },
  {
    name: "help",

    short: "h",
    group: "Output",
    help: "show this help",
  },
] as const satisfies readonly RunOptionDefinition[];
