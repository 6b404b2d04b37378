/**
 * `npm run mutation:verify`: checks, by running tests, every claim the repository makes about a
 * mutant that no test kills (issue 25.1):
 *   - each `// Stryker disable next-line <Mutator>: <why>` comment claims its mutants are equivalent;
 *   - each entry of mutation/survivor-reasons.json with claim "equivalent" claims the same.
 * Each such mutant is applied by itself, in a scratch copy of the repository at HEAD (the working
 * tree is never touched), and the unit tests that reach the mutated file (by their imports), plus any
 * test file the reason names ("tests: a.test.ts, b.test.ts"), are run against it. A claim holds when
 * they all pass; when one fails, the claim is wrong (some test kills the mutant) and the command
 * exits 1, naming the test. Survivors with claim "survivor" are listed, not run: they claim nothing.
 * The suite-level tests (tests/self/suite, cli, deploy, reference, http) are not run per mutant (the
 * verdict matrix alone takes a minute): a claim that holds here holds against the unit tests only,
 * which the output says. Writes its findings to mutation/verify.txt.
 *
 *   npm run mutation:verify [-- --file runner/engine/ExchangeLog.ts] [--no-write]
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize, relative } from "node:path";
import { parseArgs } from "node:util";
import { Instrumenter } from "@stryker-mutator/instrumenter";

const REASONS_FILE = "mutation/survivor-reasons.json";
const OUTPUT_FILE = "mutation/verify.txt";
/** Test folders run per mutant; the others are suite-level (see the header). */
const UNIT_TEST_FOLDERS = [
  "tests/self/engine/",
  "tests/self/redaction/",
  "tests/self/checks/",
  "tests/self/waivers/",
  "tests/self/conformance/",
  "tests/self/execute/",
  "tests/self/reports/",
  "tests/self/generators/",
  "tests/self/contract/",
];

interface Claim {
  readonly key: string;
  readonly file: string;
  /** 0-based, as the instrumenter gives them. */
  readonly line: number;
  readonly column: number;
  readonly mutatorName: string;
  readonly replacement: string;
  readonly end: { readonly line: number; readonly column: number };
  readonly claim: "equivalent" | "survivor";
  readonly why: string;
  readonly source: "disable comment" | typeof REASONS_FILE;
}

interface Reason {
  readonly claim: "equivalent" | "survivor";
  readonly why: string;
}

const silentLogger = {
  isDebugEnabled: () => false,
  isTraceEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  debug: () => undefined,
  trace: () => undefined,
  info: () => undefined,
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
  fatal: (...args: unknown[]) => console.error(...args),
};

/** A glob of stryker.config.json's mutate list as a regular expression over repository paths. */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*\*\//g, "\u0000")
    .replace(/\*/g, "[^/]*")
    .replace(/\u0000/g, "(?:.*/)?");
  return new RegExp(`^${pattern}$`);
}

function mutatedFiles(): string[] {
  const config = JSON.parse(readFileSync("stryker.config.json", "utf8")) as { mutate: string[] };
  const include = config.mutate.filter((glob) => !glob.startsWith("!")).map(globToRegExp);
  const exclude = config.mutate.filter((glob) => glob.startsWith("!")).map((glob) => globToRegExp(glob.slice(1)));
  return execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .filter((file) => include.some((re) => re.test(file)) && !exclude.some((re) => re.test(file)));
}

/** Relative imports of a TypeScript file, as repository paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)]
    .map((match) => normalize(join(dirname(file), (match[1] as string).replace(/\.js$/, ".ts"))))
    .filter((path) => existsSync(path));
}

/** For each unit test file, every repository file it reaches through its imports. */
function unitTestReach(): Map<string, Set<string>> {
  const tests = execFileSync("git", ["ls-files", "tests/self"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file.endsWith(".test.ts") && UNIT_TEST_FOLDERS.some((folder) => file.startsWith(folder)));
  const memo = new Map<string, string[]>();
  const reach = new Map<string, Set<string>>();
  for (const test of tests) {
    const seen = new Set<string>();
    const queue = [test];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      let next = memo.get(file);
      if (next === undefined) {
        next = importsOf(file);
        memo.set(file, next);
      }
      queue.push(...next);
    }
    reach.set(test, seen);
  }
  return reach;
}

/** Test files a reason names ("tests: a.test.ts, tests/self/x/b.test.ts"), as repository paths. */
function namedTests(why: string, known: readonly string[]): string[] {
  const list = /tests?:\s*([^;]+)/i.exec(why)?.[1] ?? "";
  return list
    .split(/[,\s]+/)
    .filter((name) => name.endsWith(".test.ts"))
    .flatMap((name) => known.filter((file) => file === name || file.endsWith(`/${name}`)));
}

async function claimsOf(files: readonly string[], reasons: Readonly<Record<string, Reason>>): Promise<Claim[]> {
  const instrumenter = new Instrumenter(silentLogger as never);
  const claims: Claim[] = [];
  for (const file of files) {
    const { mutants } = await instrumenter.instrument(
      [{ name: file, content: readFileSync(file, "utf8"), mutate: true }],
      {
        plugins: null,
        excludedMutations: [],
        ignorers: [],
      } as never,
    );
    for (const mutant of mutants) {
      const { start, end } = mutant.location;
      const key = `${file}:${start.line + 1}:${start.column + 1} ${mutant.mutatorName}`;
      const reason = reasons[key];
      const disabled = mutant.status === "Ignored" && !/^Static mutant/.test(mutant.statusReason ?? "");
      if (!disabled && reason === undefined) continue;
      claims.push({
        key,
        file,
        line: start.line,
        column: start.column,
        end: { line: end.line, column: end.column },
        mutatorName: mutant.mutatorName,
        replacement: mutant.replacement,
        claim: disabled ? "equivalent" : (reason as Reason).claim,
        why: disabled ? (mutant.statusReason ?? "") : (reason as Reason).why,
        source: disabled ? "disable comment" : REASONS_FILE,
      });
    }
  }
  return claims;
}

/** `source` with the text between two 0-based positions replaced. */
function applyMutant(source: string, claim: Claim): string {
  const lines = source.split("\n");
  const offset = (line: number, column: number) =>
    lines.slice(0, line).reduce((sum, text) => sum + text.length + 1, 0) + column;
  return (
    source.slice(0, offset(claim.line, claim.column)) +
    claim.replacement +
    source.slice(offset(claim.end.line, claim.end.column))
  );
}

/** Runs `tests` in the scratch copy; the failing test files, or [] when all pass. */
function failingTests(scratch: string, tests: readonly string[]): string[] {
  const report = join(scratch, ".verify-report.json");
  rmSync(report, { force: true });
  spawnSync(
    process.execPath,
    [
      join(scratch, "node_modules/vitest/vitest.mjs"),
      "run",
      "--project",
      "self",
      "--bail",
      "1",
      "--reporter",
      "json",
      "--outputFile",
      report,
      ...tests,
    ],
    { cwd: scratch, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 600_000 },
  );
  if (!existsSync(report)) return ["(vitest wrote no report: it crashed or timed out)"];
  const result = JSON.parse(readFileSync(report, "utf8")) as {
    testResults: { name: string; status: string; assertionResults: { status: string; fullName: string }[] }[];
  };
  return result.testResults
    .filter((file) => file.status === "failed")
    .map((file) => {
      const test = file.assertionResults.find((assertion) => assertion.status === "failed");
      return `${relative(scratch, file.name)}${test ? ` > ${test.fullName}` : ""}`;
    });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { file: { type: "string", multiple: true }, "no-write": { type: "boolean" } },
  });
  const home = process.cwd();
  const scratch = mkdtempSync(join(tmpdir(), "cms-mutation-verify-"));
  execFileSync("git", ["worktree", "add", "--detach", scratch, "HEAD"], { stdio: "ignore" });
  symlinkSync(join(home, "node_modules"), join(scratch, "node_modules"));
  // Everything below reads the scratch copy (HEAD), so positions match what is mutated.
  process.chdir(scratch);
  const lines: string[] = [];
  let wrong = 0;
  let claims: Claim[] = [];
  let files: string[] = [];
  try {
    const reasons = JSON.parse(readFileSync(REASONS_FILE, "utf8")) as Record<string, Reason>;
    files = mutatedFiles().filter((file) => values.file === undefined || values.file.includes(file));
    claims = await claimsOf(files, reasons);
    const reach = unitTestReach();
    const allTests = [...reach.keys()];
    const toRun = claims.filter((claim) => claim.claim === "equivalent");
    for (const [index, claim] of toRun.entries()) {
      const tests = [
        ...new Set([
          ...allTests.filter((test) => reach.get(test)?.has(claim.file)),
          ...namedTests(claim.why, execFileSync("git", ["ls-files", "tests/self"], { encoding: "utf8" }).split("\n")),
        ]),
      ].sort();
      const original = readFileSync(join(scratch, claim.file), "utf8");
      let verdict: string;
      if (tests.length === 0) {
        verdict = "NOT CHECKED: no unit test reaches the file and the reason names none";
        wrong += 1;
      } else {
        writeFileSync(join(scratch, claim.file), applyMutant(original, claim));
        try {
          const failing = failingTests(scratch, tests);
          verdict =
            failing.length === 0
              ? `holds against ${tests.length} unit test file(s)`
              : `DOES NOT HOLD: killed by ${failing.join("; ")}`;
          if (failing.length > 0) wrong += 1;
        } finally {
          writeFileSync(join(scratch, claim.file), original);
        }
      }
      const line = `${claim.key} ⇒ ${JSON.stringify(claim.replacement.replace(/\s+/g, " ").slice(0, 80))} (${claim.source}): ${verdict}`;
      process.stderr.write(`[${index + 1}/${toRun.length}] ${line}\n`);
      lines.push(line);
    }
    for (const claim of claims.filter((candidate) => candidate.claim === "survivor"))
      lines.push(`${claim.key} (${claim.source}): survivor, no claim to check: ${claim.why}`);
    // A reason whose mutant is no longer made (the code moved or changed) claims something no command can check.
    const made = new Set(claims.map((claim) => claim.key));
    for (const key of Object.keys(reasons).filter((candidate) => !made.has(candidate))) {
      if (values.file !== undefined && !values.file.some((file) => key.startsWith(`${file}:`))) continue;
      lines.push(`${key} (${REASONS_FILE}): STALE: no such mutant in the code now; remove the reason or move it`);
      wrong += 1;
    }
  } finally {
    process.chdir(home);
    execFileSync("git", ["worktree", "remove", "--force", scratch], { stdio: "ignore" });
  }
  const equivalent = claims.filter((claim) => claim.claim === "equivalent").length;
  const summary = `${claims.length} claims in ${files.length} mutated files: ${equivalent} equivalent (${equivalent - wrong} hold, ${wrong} do not or could not be checked), ${claims.length - equivalent} listed survivors. Equivalence is checked against the unit tests that reach each file (${UNIT_TEST_FOLDERS.join(", ")}) and the tests a reason names; suite-level tests are not run per mutant.`;
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const text = `# npm run mutation:verify, ${new Date().toISOString().slice(0, 10)}, at ${commit}\n${summary}\n\n${lines.join("\n")}\n`;
  process.stdout.write(text);
  if (values["no-write"] !== true && values.file === undefined) writeFileSync(OUTPUT_FILE, text);
  return wrong === 0 ? 0 : 1;
}

process.exitCode = await main();
