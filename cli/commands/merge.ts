/** `cms-conformance merge`: combines the report.json of the shards of one run into one report folder. */
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { chosenFormats, type ReporterName } from "../../reports/reporters/reporterRegistry.js";
import { createRunReporters } from "../../reports/reporters/runReporters.js";
import { validateRunReport } from "../../reports/validateRunReport.js";
import { MergeError, mergeRunReports, type ShardReport } from "../../runner/report/mergeRunReports.js";
import type { RunReport } from "../../runner/model/RunReport.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { parseCommandLine } from "../parseCommandLine.js";
import { exitOfGate } from "../exitOfGate.js";
import { DEFAULT_OUT_DIR } from "./run.js";
import { CHECK_DESCRIPTIONS } from "../../checks/checkDescriptions.js";

/** Help text of the command. */
export const MERGE_HELP = `Usage: cms-conformance merge [--out DIR] [--format LIST] SHARD_DIR…

Combines the reports of the shards of one run (cms-conformance run --shard I/N, each with its own
--out) into one report.json, junit.xml and index.html, with the verdicts an unsharded run of the same
seed gives. SHARD_DIR is a shard's report folder or its report.json. Refuses reports of different
runs (seed, profile, selection, suite version), of different targets (the bundled reference server
beside a real target among them), a missing or repeated shard, and a verdict in two shards.

Options:
  --out DIR       folder of the merged reports (default ${DEFAULT_OUT_DIR})
  --format LIST   console,json,junit,html (default: all four; the console is added to a list without it)
  -h, --help      show this help

Exit codes: 0 nothing failed, 1 a merged verdict failed or errored (or a gate failure), 2 usage error.
`;

/** The formats a merge writes: the registry's, but har. */
const MERGE_FORMATS: readonly string[] = ["console", "json", "junit", "html"];

function readShard(path: string): ShardReport {
  let file = path;
  try {
    if (statSync(path).isDirectory()) file = join(path, "report.json");
  } catch {
    throw new UsageError(`cannot read ${path}; give each shard's report folder or its report.json`);
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code
        ? `cannot read ${file} (${code}); give each shard's report folder or its report.json`
        : `${file} is not JSON; give each shard's report.json`,
    );
  }
  const issue = validateRunReport(data)[0];
  if (issue)
    throw new UsageError(
      `${file} is not a report.json of this suite: ${issue.instancePath || "(root)"} ${issue.message}`,
    );
  return { source: path, report: data as RunReport };
}

/** Runs the command; returns its exit code. */
export async function mergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    "merge",
    argv,
    { out: { type: "string" }, format: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
    true,
  );
  if (values.help) {
    io.stdout.write(MERGE_HELP);
    return EXIT.ok;
  }
  if (positionals.length === 0)
    throw new UsageError(
      "give the report folder of every shard, e.g. cms-conformance merge --out merged shard-1 shard-2",
    );
  const formats = values.format?.split(",").map((format) => format.trim());
  // The run's registry of formats, but har: a merge has the shards' reports, not their exchanges.
  for (const format of formats ?? [])
    if (!MERGE_FORMATS.includes(format))
      throw new UsageError(`--format takes ${MERGE_FORMATS.join(", ")}, not ${JSON.stringify(format)}`);
  let report: RunReport;
  try {
    report = mergeRunReports(positionals.map(readShard), CHECK_DESCRIPTIONS.select([], []));
  } catch (error) {
    throw error instanceof MergeError ? new UsageError(error.message) : error;
  }
  const reporters = createRunReporters(chosenFormats(formats as ReporterName[] | undefined), {
    stream: io.stdout,
    outDir: resolve(values.out ?? DEFAULT_OUT_DIR),
    secrets: () => [],
  });
  reporters.end({ report });
  await reporters.write();
  if (report.meta.suiteTrouble !== undefined) {
    io.stderr.write(`cms-conformance merge: a shard ended on the suite's own trouble: ${report.meta.suiteTrouble}\n`);
    return EXIT.usage;
  }
  return exitOfGate(report, "merge", io);
}
