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

function main(): void {
  // Piped into head: a closed pipe ends the listing, not with a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  const { values } = parseArgs({ options: { markdown: { type: "boolean", default: false } } });
  const mutated = new Set<string>();
  const rows: string[][] = [];
  let killedAll = 0;
  let aliveAll = 0;
  let goneMutants = 0;
  const goneFiles: string[] = [];
  // A file two runs mutated (a file that moved into another run's scope) counts once, as its latest run found it.
  const latestRunOf = new Map<string, string>();
  const measured = RUNS.filter((run) => existsSync(run.file)).map((run) => ({ run, time: lastCommitTime(run.file) }));
  for (const { run } of measured.sort((a, b) => a.time - b.time)) {
    const incremental = JSON.parse(readFileSync(run.file, "utf8")) as IncrementalFile;
    for (const file of Object.keys(incremental.files)) latestRunOf.set(file, run.name);
  }
  const remeasured: string[] = [];
  for (const run of RUNS) {
    if (!existsSync(run.file)) {
      rows.push([run.name, run.command, "never run", "–", "–", "–", "–"]);
      continue;
    }
    const incremental = JSON.parse(readFileSync(run.file, "utf8")) as IncrementalFile;
    let killed = 0;
    let alive = 0;
    let files = 0;
    for (const [file, { mutants }] of Object.entries(incremental.files)) {
      if (!existsSync(file)) {
        goneFiles.push(`${file} (${run.name})`);
        goneMutants += mutants.length;
        continue;
      }
      if (latestRunOf.get(file) !== run.name) {
        remeasured.push(`${file} (${run.name}; counted in ${latestRunOf.get(file)})`);
        continue;
      }
      files += 1;
      mutated.add(file);
      killed += mutants.filter((mutant) => KILLED.has(mutant.status)).length;
      alive += mutants.filter((mutant) => ALIVE.has(mutant.status)).length;
    }
    killedAll += killed;
    aliveAll += alive;
    rows.push([
      run.name,
      run.command,
      lastCommitDate(run.file),
      String(files),
      String(killed),
      String(alive),
      percent(killed, alive),
    ]);
  }
  const unmutated = productSources().filter((file) => !mutated.has(file) && !typesOnly(readFileSync(file, "utf8")));
  rows.push([
    "**whole product**",
    "",
    "",
    String(mutated.size),
    String(killedAll),
    String(aliveAll),
    percent(killedAll, aliveAll),
  ]);

  const header = ["run", "command", "results committed", "files", "killed", "alive", "score"];
  if (values.markdown) {
    console.log(`| ${header.join(" | ")} |`);
    console.log(`|${header.map(() => "---").join("|")}|`);
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  } else {
    const widths = header.map((name, index) => Math.max(name.length, ...rows.map((row) => (row[index] ?? "").length)));
    for (const row of [header, ...rows])
      console.log(row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join("  "));
  }
  console.log("");
  console.log(
    `Score = killed (timeouts included) ÷ (killed + survived + no coverage), over files that still exist. "results committed" is the commit that added a run's results; the commit the run measured is named in its message.`,
  );
  console.log(
    `Not in the score: ${goneFiles.length} mutated files that have moved or gone since their run (${goneMutants} mutants)${goneFiles.length > 0 ? `: ${goneFiles.join(", ")}` : ""}.`,
  );
  if (remeasured.length > 0)
    console.log(`Counted once, in the latest run that mutated them: ${remeasured.join(", ")}.`);
  console.log(
    `Product sources with code that no run mutated: ${unmutated.length}${unmutated.length > 0 ? `: ${unmutated.join(", ")}` : ""}.`,
  );
}

main();
