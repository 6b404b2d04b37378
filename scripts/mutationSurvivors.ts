/**
 * Lists the mutants a StrykerJS run left alive, one line each, grouped by file, with the score of
 * each folder: `npx tsx scripts/mutationSurvivors.ts [reports/mutation/mutation.json]`.
 * Mutants marked equivalent in the code (`// Stryker disable … : reason`) are Stryker's "Ignored"
 * and are listed apart with their reasons; static mutants (module-level code, left out by
 * ignoreStatic) are only counted. A survivor that is not equivalent, but that no test kills yet
 * may have its reason in mutation/survivor-reasons.json, keyed "file:line:column Mutator", as a claim
 * ("equivalent", which npm run mutation:verify checks, or "survivor") and why; it is printed under the
 * survivor, and survivors without one are counted.
 */
import { existsSync, readFileSync } from "node:fs";

const REASONS_FILE = "mutation/survivor-reasons.json";

interface Mutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly statusReason?: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}
interface MutationReport {
  readonly files: Record<string, { readonly source: string; readonly mutants: readonly Mutant[] }>;
}

const ALIVE = new Set(["Survived", "NoCoverage"]);
const KILLED = new Set(["Killed", "Timeout"]);

/** The folder a file is scored in: the check families apart from their helpers. */
function folderOf(file: string): string {
  if (file.startsWith("checks/_internals/")) return "checks/_internals";
  if (file.startsWith("checks/")) return "checks (families)";
  if (/redact/i.test(file)) return "redaction";
  return file.split("/").slice(0, 2).join("/");
}

const percent = (killed: number, alive: number) =>
  killed + alive === 0 ? "–" : `${((100 * killed) / (killed + alive)).toFixed(2)} %`;

function main(path: string): void {
  const report = JSON.parse(readFileSync(path, "utf8")) as MutationReport;
  const reasons = (existsSync(REASONS_FILE) ? JSON.parse(readFileSync(REASONS_FILE, "utf8")) : {}) as Record<
    string,
    { readonly claim: string; readonly why: string }
  >;
  let unexplained = 0;
  const folders = new Map<
    string,
    { killed: number; alive: number; ignored: number; statics: number; compileErrors: number }
  >();
  const lines: string[] = [];
  const ignored: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const folder = folders.get(folderOf(file)) ?? { killed: 0, alive: 0, ignored: 0, statics: 0, compileErrors: 0 };
    folders.set(folderOf(file), folder);
    const sourceLines = source.split("\n");
    const alive = mutants.filter((mutant) => ALIVE.has(mutant.status));
    folder.killed += mutants.filter((mutant) => KILLED.has(mutant.status)).length;
    folder.alive += alive.length;
    folder.compileErrors += mutants.filter((mutant) => mutant.status === "CompileError").length;
    for (const mutant of mutants.filter((candidate) => candidate.status === "Ignored")) {
      if (/^Static mutant/.test(mutant.statusReason ?? "")) {
        folder.statics += 1;
        continue;
      }
      folder.ignored += 1;
      ignored.push(
        `${file}:${mutant.location.start.line} ${mutant.mutatorName}: ${mutant.statusReason ?? "no reason given"}`,
      );
    }
    if (alive.length === 0) continue;
    lines.push(`\n${file} (${alive.length})`);
    for (const mutant of alive.sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    )) {
      const { line, column } = mutant.location.start;
      const code = (sourceLines[line - 1] ?? "").trim().slice(0, 110);
      const replacement = (mutant.replacement ?? "").replace(/\s+/g, " ").slice(0, 80);
      lines.push(
        `  ${line}:${column} ${mutant.status === "NoCoverage" ? "no coverage" : "survived"} ${mutant.mutatorName}: ${code}  ⇒  ${replacement}`,
      );
      const reason = reasons[`${file}:${line}:${column} ${mutant.mutatorName}`];
      if (reason === undefined) unexplained += 1;
      else lines.push(`      ${reason.claim}: ${reason.why}`);
    }
  }
  const rows = [...folders].sort(([a], [b]) => a.localeCompare(b));
  const all = rows.reduce(
    (sum, [, folder]) => ({
      killed: sum.killed + folder.killed,
      alive: sum.alive + folder.alive,
      ignored: sum.ignored + folder.ignored,
      statics: sum.statics + folder.statics,
      compileErrors: sum.compileErrors + folder.compileErrors,
    }),
    { killed: 0, alive: 0, ignored: 0, statics: 0, compileErrors: 0 },
  );
  console.log("folder | killed | alive | marked equivalent | static (not run) | did not compile | score");
  for (const [folder, counts] of [...rows, ["all", all] as const]) {
    const { killed, alive, ignored, statics, compileErrors } = counts;
    console.log([folder, killed, alive, ignored, statics, compileErrors, percent(killed, alive)].join(" | "));
  }
  console.log(lines.join("\n"));
  console.log(
    `\n${all.alive - unexplained} of ${all.alive} alive mutants have a reason in ${REASONS_FILE}; ${unexplained} have none.`,
  );
  if (ignored.length > 0) console.log(`\nMarked equivalent (${ignored.length}):\n  ${ignored.join("\n  ")}`);
}

main(process.argv[2] ?? "reports/mutation/mutation.json");
