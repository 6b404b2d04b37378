/**
 * Every report format, by the name --format gives it (issue 43.4). Adding a format is a module that
 * implements Reporter (or renders one file) and one entry here; schemas/meta/run-config.schema.json lists
 * the same names for --config files (tests/self/reports/reporters/reporterRegistry.test.ts keeps the two equal).
 */
import { HAR_FILE_NAME } from "../har/harFileName.js";
import { consoleRunReporter } from "./consoleRunReporter.js";
import { fileReporter, type RenderFile } from "./fileReporter.js";
import type { Reporter, ReporterContext } from "./Reporter.js";

/** One format of the registry. */
export interface ReporterEntry {
  /** What it gives, for --help and docs/options.md. */
  readonly description: string;
  /** "terminal" prints while the run goes (a run always has one); "file" writes `fileName` into --out. */
  readonly output: "terminal" | "file";
  /** The file it writes, known before the run: the folder is checked for it and an earlier run's is removed. */
  readonly fileName?: string;
  /** It needs every exchange of the run; the run keeps them only when a chosen format does. */
  readonly needsExchanges?: boolean;
  readonly create: (context: ReporterContext) => Reporter;
}

function fileFormat(
  fileName: string,
  description: string,
  loadRenderer: () => Promise<RenderFile>,
): Omit<ReporterEntry, "needsExchanges"> & { readonly fileName: string } {
  return {
    description,
    output: "file",
    fileName,
    create: (context) => fileReporter(fileName, loadRenderer, context),
  };
}

/** The formats, in the order they are written (files first by this order, then the terminal's summary). */
export const REPORTERS = {
  console: {
    description: "the progress while the checks run, then the summary and where the reports went, on stdout",
    output: "terminal",
    create: consoleRunReporter,
  },
  json: fileFormat(
    "report.json",
    "report.json, the whole run as schemas/meta/report.schema.json describes it",
    async () => {
      const { renderJsonReport } = await import("../writeJsonReport.js");
      return ({ report }, secrets) => renderJsonReport(report, secrets);
    },
  ),
  junit: fileFormat("junit.xml", "junit.xml, one test case per verdict for a CI's test view", async () => {
    const { renderJunitReport } = await import("../writeJunitReport.js");
    return ({ report }, secrets) => renderJunitReport(report, { secrets });
  }),
  html: fileFormat("index.html", "index.html, the report to read in a browser, in one file", async () => {
    const { renderHtmlReport } = await import("../html/renderHtmlReport.js");
    return ({ report }, secrets) => renderHtmlReport(report, { secrets });
  }),
  har: {
    ...fileFormat(
      HAR_FILE_NAME,
      `${HAR_FILE_NAME}, every request and response of the run (the latest when there are very many), secrets redacted`,
      async () => (await import("../har/writeHarFile.js")).renderHarFile,
    ),
    needsExchanges: true,
  },
} as const satisfies Readonly<Record<string, ReporterEntry>>;

/** The name of a format. */
export type ReporterName = keyof typeof REPORTERS;

/** Every format's name, in the registry's order. */
export const REPORTER_NAMES = Object.keys(REPORTERS) as readonly ReporterName[];

/** What a run gives without --format: the console and the three report files (har only when asked for). */
export const DEFAULT_FORMATS: readonly ReporterName[] = ["console", "json", "junit", "html"];

/** The entry of a format. */
export function reporterEntry(name: ReporterName): ReporterEntry {
  return REPORTERS[name];
}

/**
 * The formats a run uses, in the registry's order, each once: `asked` (DEFAULT_FORMATS when absent) and,
 * when it names no terminal format, the console — every run shows its progress; --format chooses the rest.
 */
export function chosenFormats(asked: readonly ReporterName[] | undefined): ReporterName[] {
  const names = new Set<ReporterName>(asked ?? DEFAULT_FORMATS);
  if (![...names].some((name) => reporterEntry(name).output === "terminal")) names.add("console");
  return REPORTER_NAMES.filter((name) => names.has(name));
}

/** The files `names` write into --out. */
export function reportFilesOf(names: readonly ReporterName[]): string[] {
  return names.flatMap((name) => reporterEntry(name).fileName ?? []);
}

/** The sentence of --help: each format and what it gives. */
export function formatsHelp(): string {
  const formats = REPORTER_NAMES.map((name) => `${name} — ${reporterEntry(name).description}`);
  return `which reports to give, comma-separated: ${formats.join("; ")}. The console is added to a list that names no terminal format`;
}
