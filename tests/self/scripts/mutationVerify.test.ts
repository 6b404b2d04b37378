/** mutation:verify's judgement of claims (scripts/mutation/): proofs named, run and matched; dead disable comments. */
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyMutant } from "../../../scripts/mutation/applyMutant.js";
import { deadComments, type Claim } from "../../../scripts/mutation/findClaims.js";
import { proofNamed, proofVerdict, type ProofRun } from "../../../scripts/mutation/proofs.js";
import { runTests } from "../../../scripts/mutation/runVitest.js";

const KEY = "runner/engine/ExchangeLog.ts:44:17 ArrayDeclaration";
const WHY = "sized up front only to avoid growing (proof: exchangeLogRing.equivalence.test.ts)";
const PROOF = "tests/self/mutation/exchangeLogRing.equivalence.test.ts";
const run = (failing: string[], loaded: string[]): Map<string, ProofRun> =>
  new Map([[PROOF, { failing, loaded: new Set(loaded), retried: false }]]);

describe("proofs of equivalence claims", () => {
  it("reads the proof a reason names, and none from a reason without one", () => {
    expect(proofNamed(WHY)).toBe(PROOF);
    expect(proofNamed("sized up front only to avoid growing")).toBeUndefined();
    expect(proofNamed("(proof: a.test.ts)")).toBeUndefined();
  });

  it("holds a claim proven only when its proof passed and loaded its very mutant", () => {
    expect(proofVerdict(KEY, WHY, run([], [KEY]))).toEqual({ text: `proven by ${PROOF}`, wrong: false });
    expect(proofVerdict(KEY, WHY, run([], ["runner/engine/ExchangeLog.ts:44:18 ArrayDeclaration"]))).toEqual({
      text: `NOT PROVEN: ${PROOF} passes but never loads this mutant`,
      wrong: true,
    });
    expect(proofVerdict(KEY, WHY, run(["x.test.ts > differs"], [KEY]))).toEqual({
      text: "DISPROVEN: x.test.ts > differs",
      wrong: true,
    });
    expect(proofVerdict(KEY, "no proof named", run([], [KEY])).text).toMatch(/^NO PROOF: /);
    expect(proofVerdict(KEY, WHY, new Map()).text).toBe(`NO PROOF: ${PROOF} does not exist`);
  });
});

describe("dead disable comments", () => {
  const claim = (file: string, line: number, mutatorName: string): Claim => ({
    key: `${file}:${line + 1}:1 ${mutatorName}`,
    file,
    line,
    column: 0,
    end: { line, column: 1 },
    mutatorName,
    replacement: "x",
    claim: "equivalent",
    why: "",
    source: "disable comment",
  });
  const mutated = new Set(["a.ts"]);

  it("finds none where each mutator named has a mutant on the next line", () => {
    // A comment on line 3 (1-based) covers mutants starting on line 4, which the instrumenter numbers 3.
    const comments = [{ file: "a.ts", line: 3, mutators: ["StringLiteral", "LogicalOperator"] }];
    expect(
      deadComments(comments, [claim("a.ts", 3, "StringLiteral"), claim("a.ts", 3, "LogicalOperator")], mutated),
    ).toEqual([]);
  });

  it("names a mutator with no mutant on the next line, and a comment in a file StrykerJS does not mutate", () => {
    const comments = [
      { file: "a.ts", line: 3, mutators: ["StringLiteral", "LogicalOperator"] },
      { file: "b.ts", line: 9, mutators: ["BooleanLiteral"] },
    ];
    expect(
      deadComments(comments, [claim("a.ts", 4, "LogicalOperator"), claim("a.ts", 3, "StringLiteral")], mutated),
    ).toEqual([
      "a.ts:3: DEAD: StrykerJS makes no LogicalOperator mutant on the next line; remove the comment or move it",
      "b.ts:9: DEAD: StrykerJS does not mutate this file, so the comment silences nothing",
    ]);
  });
});

describe("applyMutant", () => {
  it("replaces the text between two positions, across lines", () => {
    const source = "const a = 1;\nif (x && y) {\n  go();\n}\n";
    expect(applyMutant(source, { line: 1, column: 4, end: { line: 1, column: 10 }, replacement: "x || y" })).toBe(
      "const a = 1;\nif (x || y) {\n  go();\n}\n",
    );
    expect(applyMutant(source, { line: 1, column: 12, end: { line: 3, column: 1 }, replacement: "{}" })).toBe(
      "const a = 1;\nif (x && y) {}\n",
    );
  });
});

describe("runTests (issue 45.3: a loaded machine neither passes nor fails a claim by accident)", () => {
  /** A scratch folder with a `self` project holding one test file, and the repository's node_modules. */
  function scratchWith(testSource: string): string {
    const scratch = mkdtempSync(join(tmpdir(), "cms-run-tests-"));
    symlinkSync(join(process.cwd(), "node_modules"), join(scratch, "node_modules"));
    writeFileSync(
      join(scratch, "vitest.config.mjs"),
      'export default { test: { projects: [{ test: { name: "self", include: ["*.test.mjs"] } }] } };\n',
    );
    writeFileSync(join(scratch, "one.test.mjs"), testSource);
    return scratch;
  }
  const FAILS_FIRST_TIME = `import { existsSync, writeFileSync } from "node:fs";
import { expect, test } from "vitest";
test("flaky", () => {
  const first = !existsSync("tried");
  writeFileSync("tried", "");
  expect(first, "first try").toBe(false);
});
`;

  it("runs a failing run once more and lets the second stand, keeping the first failure for the output", () => {
    const run = runTests(scratchWith(FAILS_FIRST_TIME), ["one.test.mjs"]);
    expect(run.failing).toEqual([]);
    expect(run.retried).toBe(true);
    expect(run.firstTry.join()).toMatch(/one\.test\.mjs > flaky \(.*first try/);
  });

  it("reports a test that fails both times, and does not retry a passing run", () => {
    const always = runTests(
      scratchWith(`import { expect, test } from "vitest";\ntest("never", () => expect(1).toBe(2));\n`),
      ["one.test.mjs"],
    );
    expect(always.failing.join()).toMatch(/one\.test\.mjs > never/);
    expect(always.retried).toBe(true);
    const passing = runTests(
      scratchWith(`import { expect, test } from "vitest";\ntest("fine", () => expect(1).toBe(1));\n`),
      ["one.test.mjs"],
    );
    expect(passing).toEqual({ failing: [], retried: false, firstTry: [] });
  });
});
