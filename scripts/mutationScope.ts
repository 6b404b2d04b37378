/**
 * `npm run mutation:scope`: the whole-product mutation score (issue 25.3) from the incremental files the
 * StrykerJS runs left in mutation/ (committed with each run): per run and overall, killed ÷ (killed + survived +
 * no coverage), with each run's date (its file's last commit) and command. It also says what the score does not
 * cover: product sources that no run mutated, and files a run mutated that have since moved or gone (their
 * mutants are counted apart, not in the score).
 *
 *   npm run mutation:scope [-- --markdown]
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { typesOnly } from "./typesOnly.js";

interface Mutant {
  readonly status: string;
}
interface IncrementalFile {
  readonly files: Record<string, { readonly mutants: readonly Mutant[] }>;
}

/** The runs whose results make up the score: their incremental file and the command that writes it. */
const RUNS = [
  {
    name: "checks, engine, waivers, redaction",
    file: "mutation/stryker-incremental.json",
    command: "npm run mutation",
  },
  { name: "contract", file: "mutation/contract-incremental.json", command: "npm run mutation:contract" },
  { name: "generators", file: "mutation/generators-incremental.json", command: "npm run mutation:generators" },
  { name: "reports", file: "mutation/reports-incremental.json", command: "npm run mutation:reports" },
  { name: "runner (the rest)", file: "mutation/runner-incremental.json", command: "npm run mutation:runner" },
  { name: "HTTP client", file: "mutation/http-incremental.json", command: "npm run mutation:http" },
  { name: "cli", file: "mutation/cli-incremental.json", command: "npm run mutation:cli" },
  {
    name: "checks' helpers (_internals) and performance checks, unit tests only",
    file: "mutation/helpers-incremental.json",
    command: "npm run mutation:helpers",
  },
] as const;

/** The product's sources (issue 25.3's scope): generated code (types, precompiled validators) and the reference server stay out. */
const PRODUCT_FOLDERS = ["runner", "contract", "generators", "reports", "cli", "checks"];
const OUT_OF_SCOPE = new Set(["contract/types.generated.ts", "contract/metaValidators.generated.ts"]);

const KILLED = new Set(["Killed", "Timeout"]);
const ALIVE = new Set(["Survived", "NoCoverage"]);

function productSources(): string[] {
  return PRODUCT_FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
      .map((entry) => relative(".", join(entry.parentPath, entry.name))),
  ).filter((file) => !OUT_OF_SCOPE.has(file));
}

/** When a run's file was last committed (seconds since the epoch); 0 when never, so a later run's result wins. */
function lastCommitTime(file: string): number {
  try {
    return Number(execFileSync("git", ["log", "-1", "--format=%ct", "--", file], { encoding: "utf8" }).trim() || 0);
  } catch {
    return 0;
  }
}

function lastCommitDate(file: string): string {
  try {
    return (
      execFileSync("git", ["log", "-1", "--format=%cs %h", "--", file], { encoding: "utf8" }).trim() || "not committed"
    );
  } catch {
    return "unknown";
  }
}

const percent = (killed: number, alive: number): string =>
  killed + alive === 0 ? "–" : `${((100 * killed) / (killed + alive)).toFixed(2)} %`;

/** Which run counts each file: the latest run that mutated it (a file that moved into another run's scope counts once). */
function latestRunOfFiles(): Map<string, string> {
  const latestRunOf = new Map<string, string>();
  const measured = RUNS.filter((run) => existsSync(run.file)).map((run) => ({ run, time: lastCommitTime(run.file) }));
  for (const { run } of measured.sort((a, b) => a.time - b.time)) {
    const incremental = JSON.parse(readFileSync(run.file, "utf8")) as IncrementalFile;
    for (const file of Object.keys(incremental.files)) latestRunOf.set(file, run.name);
  }
  return latestRunOf;
}

/** The score's table rows and what it leaves out, run by run. */
interface Tally {
  readonly rows: string[][];
  readonly mutated: Set<string>;
  killedAll: number;
  aliveAll: number;
  goneMutants: number;
  readonly goneFiles: string[];
  readonly remeasured: string[];
}

/** Counts one run's mutants of files that still exist and that no later run counts; adds its row. */
function tallyRun(run: (typeof RUNS)[number], latestRunOf: Map<string, string>, tally: Tally): void {
  if (!existsSync(run.file)) {
    tally.rows.push([run.name, run.command, "never run", "–", "–", "–", "–"]);
    return;
  }
  const incremental = JSON.parse(readFileSync(run.file, "utf8")) as IncrementalFile;
  let killed = 0;
  let alive = 0;
  let files = 0;
  for (const [file, { mutants }] of Object.entries(incremental.files)) {
    if (!existsSync(file)) {
      tally.goneFiles.push(`${file} (${run.name})`);
      tally.goneMutants += mutants.length;
      continue;
    }
    if (latestRunOf.get(file) !== run.name) {
      tally.remeasured.push(`${file} (${run.name}; counted in ${latestRunOf.get(file)})`);
      continue;
    }
    files += 1;
    tally.mutated.add(file);
    killed += mutants.filter((mutant) => KILLED.has(mutant.status)).length;
    alive += mutants.filter((mutant) => ALIVE.has(mutant.status)).length;
  }
  tally.killedAll += killed;
  tally.aliveAll += alive;
  const row = [lastCommitDate(run.file), String(files), String(killed), String(alive), percent(killed, alive)];
  tally.rows.push([run.name, run.command, ...row]);
}

/** Prints the table as Markdown or as aligned columns. */
function printTable(header: readonly string[], rows: readonly string[][], markdown: boolean): void {
  if (markdown) {
    console.log(`| ${header.join(" | ")} |`);
    console.log(`|${header.map(() => "---").join("|")}|`);
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  } else {
    const widths = header.map((name, index) => Math.max(name.length, ...rows.map((row) => (row[index] ?? "").length)));
    for (const row of [header, ...rows])
      console.log(row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join("  "));
  }
}

/** Prints how the score is computed and what it does not cover. */
function printNotes(tally: Tally, unmutated: readonly string[]): void {
  console.log("");
  console.log(
    `Score = killed (timeouts included) ÷ (killed + survived + no coverage), over files that still exist. ` +
      `"results committed" is the commit that added a run's results; the commit the run measured is named in its message.`,
  );
  const gone = tally.goneFiles.length > 0 ? `: ${tally.goneFiles.join(", ")}` : "";
  console.log(
    `Not in the score: ${tally.goneFiles.length} mutated files that have moved or gone since their run ` +
      `(${tally.goneMutants} mutants)${gone}.`,
  );
  if (tally.remeasured.length > 0)
    console.log(`Counted once, in the latest run that mutated them: ${tally.remeasured.join(", ")}.`);
  console.log(
    `Product sources with code that no run mutated: ${unmutated.length}${unmutated.length > 0 ? `: ${unmutated.join(", ")}` : ""}.`,
  );
}

function main(): void {
  // Piped into head: a closed pipe ends the listing, not with a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  const { values } = parseArgs({ options: { markdown: { type: "boolean", default: false } } });
  const tally: Tally = {
    rows: [],
    mutated: new Set(),
    killedAll: 0,
    aliveAll: 0,
    goneMutants: 0,
    goneFiles: [],
    remeasured: [],
  };
  const latestRunOf = latestRunOfFiles();
  for (const run of RUNS) tallyRun(run, latestRunOf, tally);
  const unmutated = productSources().filter(
    (file) => !tally.mutated.has(file) && !typesOnly(readFileSync(file, "utf8")),
  );
  const { killedAll, aliveAll } = tally;
  const whole = [String(tally.mutated.size), String(killedAll), String(aliveAll), percent(killedAll, aliveAll)];
  tally.rows.push(["**whole product**", "", "", ...whole]);
  const header = ["run", "command", "results committed", "files", "killed", "alive", "score"];
  printTable(header, tally.rows, values.markdown);
  printNotes(tally, unmutated);
}

main();
