/**
 * `npm run mutation:verify`: checks, by running tests, every claim the repository makes about a
 * mutant that no test kills (issues 25.1 and 45):
 *   - each `// Stryker disable next-line <Mutator>: <why> (proof: NAME.equivalence.test.ts)` comment claims its
 *     mutants are equivalent, and each entry of mutation/survivor-reasons.json with claim "equivalent" too;
 *   - a claim is PROVEN when its proof (tests/self/mutation/NAME.equivalence.test.ts, a property test that runs
 *     StrykerJS's very mutant beside the original) passes and loaded that mutant; a claim without a proof, or
 *     whose proof fails or proves another mutant, does not hold;
 *   - the mutant is also applied by itself, in a scratch copy of the repository at HEAD (the working tree is
 *     never touched), and the unit tests that reach the file run against it: any that fails kills it;
 *   - a disable comment that silences no mutant StrykerJS makes on its next line is DEAD, and fails the command.
 * Before any mutant, the same tests run unmutated (the baseline): when they fail, the command stops with exit 2,
 * since nothing it would say could be trusted. A run that times out is tried once more with twice the time.
 * Survivors with claim "survivor" are listed, not run: they claim nothing. Writes mutation/verify.txt.
 *
 *   npm run mutation:verify [-- --file runner/engine/ExchangeLog.ts] [--no-write]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { applyMutant } from "./mutation/applyMutant.js";
import {
  claimsOf,
  deadComments,
  disableComments,
  mutatedFiles,
  REASONS_FILE,
  type Claim,
  type Reason,
} from "./mutation/findClaims.js";
import { proofNamed, proofVerdict, runProofs } from "./mutation/proofs.js";
import { runTests } from "./mutation/runVitest.js";
import { namedTests, UNIT_TEST_FOLDERS, unitTestReach } from "./mutation/unitTestReach.js";

const OUTPUT_FILE = "mutation/verify.txt";

/** The unit tests run against one claim's mutant. */
function testsFor(claim: Claim, reach: ReadonlyMap<string, ReadonlySet<string>>, tracked: readonly string[]): string[] {
  const reaching = [...reach.keys()].filter((test) => reach.get(test)?.has(claim.file));
  return [...new Set([...reaching, ...namedTests(claim.why, tracked)])].sort();
}

/** Applies the claim's mutant in the scratch copy, runs its unit tests, and puts the file back. */
function unitVerdict(scratch: string, claim: Claim, tests: readonly string[]): { text: string; wrong: boolean } {
  if (tests.length === 0)
    return { text: "NOT CHECKED: no unit test reaches the file and the reason names none", wrong: true };
  const path = join(scratch, claim.file);
  const original = readFileSync(path, "utf8");
  writeFileSync(path, applyMutant(original, claim));
  try {
    const { failing, retried, firstTry } = runTests(scratch, tests);
    const again = !retried
      ? ""
      : failing.length === 0
        ? ` (after a retry with twice the time; the first try failed ${firstTry.join("; ")})`
        : " (failed again on a retry with twice the time)";
    return failing.length === 0
      ? { text: `holds against ${tests.length} unit test file(s)${again}`, wrong: false }
      : { text: `DOES NOT HOLD: killed by ${failing.join("; ")}${again}`, wrong: true };
  } finally {
    writeFileSync(path, original);
  }
}

interface Findings {
  readonly lines: string[];
  readonly wrong: number;
  readonly claims: readonly Claim[];
  readonly files: readonly string[];
  readonly baselineFailure?: string;
}

/** Everything the command finds, in the scratch copy (the process's working directory). */
async function verify(scratch: string, only: readonly string[] | undefined): Promise<Findings> {
  const reasons = JSON.parse(readFileSync(REASONS_FILE, "utf8")) as Record<string, Reason>;
  const mutated = mutatedFiles();
  const files = mutated.filter((file) => only === undefined || only.includes(file));
  const claims = await claimsOf(files, reasons);
  const equivalent = claims.filter((claim) => claim.claim === "equivalent");
  const tracked = execFileSync("git", ["ls-files", "tests/self"], { encoding: "utf8" }).split("\n");
  const reach = unitTestReach();
  const testsByClaim = new Map(equivalent.map((claim) => [claim.key, testsFor(claim, reach, tracked)]));

  const baselineTests = [...new Set([...testsByClaim.values()].flat())].sort();
  process.stderr.write(`baseline: ${baselineTests.length} unit test file(s), unmutated\n`);
  const baseline = baselineTests.length === 0 ? { failing: [] } : runTests(scratch, baselineTests);
  if (baseline.failing.length > 0)
    return { lines: [], wrong: 0, claims, files, baselineFailure: baseline.failing.join("; ") };

  const proofFiles = [
    ...new Set(equivalent.map((claim) => proofNamed(claim.why)).filter((file) => file !== undefined)),
  ];
  process.stderr.write(`proofs: ${proofFiles.length} file(s)\n`);
  const proofs = runProofs(scratch, proofFiles);

  const lines: string[] = [];
  let wrong = 0;
  for (const [index, claim] of equivalent.entries()) {
    const proof = proofVerdict(claim.key, claim.why, proofs);
    const unit = unitVerdict(scratch, claim, testsByClaim.get(claim.key) ?? []);
    if (proof.wrong || unit.wrong) wrong += 1;
    const line = `${claim.key} ⇒ ${JSON.stringify(claim.replacement.replace(/\s+/g, " ").slice(0, 80))} (${claim.source}): ${proof.text}; ${unit.text}`;
    process.stderr.write(`[${index + 1}/${equivalent.length}] ${line}\n`);
    lines.push(line);
  }
  for (const claim of claims.filter((candidate) => candidate.claim === "survivor"))
    lines.push(`${claim.key} (${claim.source}): survivor, no claim to check: ${claim.why}`);
  // A reason whose mutant is no longer made (the code moved or changed) claims something no command can check.
  const made = new Set(claims.map((claim) => claim.key));
  for (const key of Object.keys(reasons).filter((candidate) => !made.has(candidate))) {
    if (only !== undefined && !only.some((file) => key.startsWith(`${file}:`))) continue;
    lines.push(`${key} (${REASONS_FILE}): STALE: no such mutant in the code now; remove the reason or move it`);
    wrong += 1;
  }
  const comments = disableComments().filter((comment) => only === undefined || only.includes(comment.file));
  const dead = deadComments(comments, claims, new Set(mutated));
  lines.push(...dead);
  return { lines, wrong: wrong + dead.length, claims, files };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { file: { type: "string", multiple: true }, "no-write": { type: "boolean" } },
  });
  const home = process.cwd();
  // The commit verified: HEAD when the scratch copy is made (HEAD may move while the command runs).
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const scratch = mkdtempSync(join(tmpdir(), "cms-mutation-verify-"));
  execFileSync("git", ["worktree", "add", "--detach", scratch, "HEAD"], { stdio: "ignore" });
  symlinkSync(join(home, "node_modules"), join(scratch, "node_modules"));
  // Everything below reads the scratch copy (HEAD), so positions match what is mutated.
  process.chdir(scratch);
  let findings: Findings;
  try {
    findings = await verify(scratch, values.file);
  } finally {
    process.chdir(home);
    execFileSync("git", ["worktree", "remove", "--force", scratch], { stdio: "ignore" });
  }
  if (findings.baselineFailure !== undefined) {
    process.stderr.write(
      `The unit tests fail before any mutant is applied (${findings.baselineFailure}): nothing can be verified; run them with npm test and mend them first.\n`,
    );
    return 2;
  }
  const { claims, files, lines, wrong } = findings;
  const equivalent = claims.filter((claim) => claim.claim === "equivalent").length;
  const dead = lines.filter((line) => line.includes(": DEAD: ")).length;
  const summary =
    `${claims.length} claims in ${files.length} mutated files: ${equivalent} equivalent (${equivalent - (wrong - dead)} proven and hold, ` +
    `${wrong - dead} do not or could not be checked), ${claims.length - equivalent} listed survivors, ${dead} dead disable comment(s). ` +
    `A claim is proven by its property test (tests/self/mutation/*.equivalence.test.ts) and checked against the unit tests that reach its file ` +
    `(${UNIT_TEST_FOLDERS.join(", ")}) and the tests a reason names; suite-level tests are not run per mutant.`;
  const text = `# npm run mutation:verify, ${new Date().toISOString().slice(0, 10)}, at ${commit}\n${summary}\n\n${lines.join("\n")}\n`;
  process.stdout.write(text);
  if (values["no-write"] !== true && values.file === undefined) writeFileSync(OUTPUT_FILE, text);
  return wrong === 0 ? 0 : 1;
}

process.exitCode = await main();
