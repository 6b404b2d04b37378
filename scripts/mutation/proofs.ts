/**
 * The proofs of equivalence claims (issue 45.1): a claim names its proof in its reason, "(proof:
 * NAME.equivalence.test.ts)", a property test under tests/self/mutation/ that loads StrykerJS's very mutant
 * beside the original (sideBySide.ts) and finds no difference. Each proof file is run unmutated on its own,
 * recording the mutants it loaded; a claim is proven when its proof passed and loaded its mutant.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTests } from "./runVitest.js";

const PROOF_FOLDER = "tests/self/mutation/";

/** The proof file a reason names, or undefined. */
export function proofNamed(why: string): string | undefined {
  const name = /\(proof: ([\w.-]+\.equivalence\.test\.ts)\)/.exec(why)?.[1];
  return name === undefined ? undefined : `${PROOF_FOLDER}${name}`;
}

/** What running a proof file gave. */
export interface ProofRun {
  /** The failing tests, empty when it passed. */
  readonly failing: readonly string[];
  /** The keys (`file:line:column Mutator`) of the mutants it loaded. */
  readonly loaded: ReadonlySet<string>;
  readonly retried: boolean;
}

/** Runs each proof file once, in the scratch copy, and reads what it loaded. */
export function runProofs(scratch: string, files: readonly string[]): Map<string, ProofRun> {
  const runs = new Map<string, ProofRun>();
  for (const file of files) {
    if (!existsSync(join(scratch, file))) continue;
    const record = join(mkdtempSync(join(tmpdir(), "cms-proof-")), "loaded.jsonl");
    const { failing, retried } = runTests(scratch, [file], { CMS_EQUIVALENCE_RECORD: record });
    const lines = existsSync(record) ? readFileSync(record, "utf8").split("\n").filter(Boolean) : [];
    const loaded = new Set(lines.map((line) => (JSON.parse(line) as { key: string }).key));
    runs.set(file, { failing, loaded, retried });
  }
  return runs;
}

/** The verdict on one equivalence claim's proof; `wrong` when it does not prove the claim. */
export function proofVerdict(
  key: string,
  why: string,
  runs: ReadonlyMap<string, ProofRun>,
): { readonly text: string; readonly wrong: boolean } {
  const proof = proofNamed(why);
  if (proof === undefined)
    return { text: "NO PROOF: the reason names no (proof: NAME.equivalence.test.ts)", wrong: true };
  const run = runs.get(proof);
  if (run === undefined) return { text: `NO PROOF: ${proof} does not exist`, wrong: true };
  if (run.failing.length > 0) return { text: `DISPROVEN: ${run.failing.join("; ")}`, wrong: true };
  if (!run.loaded.has(key)) return { text: `NOT PROVEN: ${proof} passes but never loads this mutant`, wrong: true };
  return { text: `proven by ${proof}${run.retried ? " (after a retry with twice the time)" : ""}`, wrong: false };
}
