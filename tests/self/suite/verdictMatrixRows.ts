/**
 * The strict verdict matrix's rows (docs/design.md §6): every check against the reference server (each
 * mode, a few sizes), every legitimate variant and every fault. A fault fails each check it declares
 * (caughtBy) and nothing outside its mayAlsoFail list; the reference and its variants fail nothing;
 * every failure says what was expected, what came back and shows the exchange; and what each check
 * says on the reference and on the faults that declare it is kept as a snapshot (its golden verdicts).
 * One test per check, so that a mutant of a check is judged by its own row (StrykerJS per-test
 * coverage, npm run mutation). The rows are shared out between the verdictMatrix*.test.ts files by a
 * hash of the check id (stable as checks are added), so that vitest runs the parts in parallel: a row
 * mostly waits on loopback servers and Retry-After, not on the CPU. Each part starts its own servers.
 */
import { afterAll, describe, it } from "vitest";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { createTargetSession } from "../../../runner/engine/createTargetSession.js";
import { runCheck } from "../../../runner/engine/runCheck.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { isGoldenColumn, matrixTargets, rowOrder, type MatrixServers, type MatrixTarget } from "./matrixTargets.js";

/**
 * How many verdictMatrix*.test.ts files share the rows. Each part starts its own servers and discovers every
 * column again, so parts cost CPU: all rows alone took 36 s wall and 58 s CPU in 4 parts, 23 s and 43 s in 2
 * (/usr/bin/time npx vitest run --project self tests/self/suite/verdictMatrix, 2 cores).
 */
export const MATRIX_PARTS = 2;

/** The part (0 to MATRIX_PARTS - 1) a check's row belongs to: a hash of its id, so adding a check moves no other row. */
export function matrixPartOf(checkId: string): number {
  let hash = 2166136261;
  for (const char of checkId) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash % MATRIX_PARTS;
}

/**
 * Fixed seed and a generous timeout: the verdicts must not depend on the machine's load. One request
 * in flight per column, and one row at a time on an exclusive column: a retry after a 429 (variant
 * rate-limited: every 7th request) must not be pushed onto the next 429 by another row's requests.
 */
const MATRIX_SETTINGS = { seed: 1, maxExamples: 10, timeoutMs: 60_000, concurrency: 1 };
/** Columns of one row judged at once: most wait on the loopback (or on a Retry-After), not on the CPU. */
const ROW_CONCURRENCY = 4;

/** Sizes of the main server: totals that are not multiples of 10 or 7, and every chart type among the analytics. */
const MAIN_SIZES = { widgets: 32, landingPages: 26, analytics: 16 };

/** Servers start on first use, so a row that fails on its first column starts one. */
const started = new Map<string, Promise<RunningReferenceServer>>();
function serverFor(key: string, start: () => Promise<RunningReferenceServer>): Promise<RunningReferenceServer> {
  let server = started.get(key);
  if (!server) {
    server = start();
    started.set(key, server);
  }
  return server;
}
const SERVERS: MatrixServers = {
  // Smaller than the default data (137 widgets), still several pages of every listing at every page size asked.
  // Its rate-limited variant asks for Retry-After: 0: each row still meets 429s and retries them (the waits
  // themselves are judged in tests/self/runner/http and tests/self/checks/rateLimitIsError.test.ts), without the
  // second per seventh request that made the exclusive column most of the matrix's wall time (65 s → 25 s a part).
  main: () => serverFor("main", () => startReferenceServer({ seed: 5, sizes: MAIN_SIZES, retryAfterSeconds: 0 })),
  mode: (mode) => serverFor(`mode ${mode}`, () => startReferenceServer({ mode, seed: 3 })),
  size: (widgets) =>
    serverFor(`size ${widgets}`, () =>
      startReferenceServer({
        seed: widgets,
        sizes: { widgets, landingPages: widgets, analytics: Math.min(widgets, 5) },
      }),
    ),
};
/**
 * The mutation run (vitest.mutation.config.ts sets CMS_MATRIX_MODE=mutation) judges the rows one at a
 * time: StrykerJS learns which test covers a mutant from the test running when the mutant's code
 * runs, and rows running at once would claim each other's code. It also leaves out the exclusive
 * columns: the rate-limited variant's Retry-After waits are most of the matrix's wall time, one row
 * at a time, and what they exercise, the client's 429 handling, lives in runner/http, outside the
 * mutated folders (judgeExchange's verdict on a 429 has its own unit tests). And of the faults it
 * keeps, for each row, those that declare or allow the check: a fault that must pass a check is one
 * more target where the check must pass, as the reference in each mode and size and every variant
 * are; npm test keeps them all. Each cut can only spare a mutant, never kill one: the score is a
 * lower bound of what the whole matrix would give, in a third of the time (10 s against 27 s).
 */
const MUTATION_MODE = process.env.CMS_MATRIX_MODE === "mutation";
const TARGETS = matrixTargets(SERVERS).filter((target) => !(MUTATION_MODE && target.exclusive));

/** One session per column, shared by the rows as one run shares it between checks. */
const sessions = new Map<string, Promise<TargetSession>>();
function sessionFor(target: MatrixTarget): Promise<TargetSession> {
  let session = sessions.get(target.name);
  if (!session) {
    session = target.config().then((config) => createTargetSession(resolveRunSettings([config, MATRIX_SETTINGS])));
    sessions.set(target.name, session);
  }
  return session;
}

/** Closes this part's sessions and servers once its rows ran. */
function setUpServers(): void {
  afterAll(async () => {
    await Promise.all([...sessions.values()].map(async (session) => (await session).close()));
    await Promise.all([...started.values()].map(async (server) => (await server).close()));
    // Without isolation (vitest.config.ts) the next part loaded in this worker shares this module: it starts its own.
    sessions.clear();
    started.clear();
    queues.clear();
  });
}

/** The tail of each exclusive column's queue: a row waits for the rows before it. */
const queues = new Map<string, Promise<unknown>>();

async function verdictsOf(check: CheckDefinition, target: MatrixTarget): Promise<CheckResult[]> {
  const judge = async () => {
    const session = await sessionFor(target);
    const results: CheckResult[] = [];
    for (const operation of check.operations) results.push(await runCheck(check, operation, session));
    return results;
  };
  if (!target.exclusive) return judge();
  const turn = (queues.get(target.name) ?? Promise.resolve()).then(judge);
  queues.set(
    target.name,
    turn.catch(() => undefined),
  );
  return turn;
}

/** What a row found: its first problem, and the verdicts of its golden columns. */
interface RowOutcome {
  readonly problem?: string;
  readonly golden: ReadonlyMap<string, readonly CheckResult[]>;
}

/** Judges a row a few columns at once, stopping at the first problem found. */
async function judgeRow(check: CheckDefinition): Promise<RowOutcome> {
  const targets = rowOrder(TARGETS, check).filter(
    (target) => !MUTATION_MODE || !target.fault || target.expect(check).allowed.includes("failed"),
  );
  const golden = new Map<string, readonly CheckResult[]>();
  let problem: string | undefined;
  let next = 0;
  const worker = async () => {
    while (problem === undefined && next < targets.length) {
      const target = targets[next++] as MatrixTarget;
      const results = await verdictsOf(check, target);
      if (isGoldenColumn(target, check)) golden.set(target.name, results);
      problem ??= cellProblem(check, target, results);
    }
  };
  await Promise.all(Array.from({ length: ROW_CONCURRENCY }, worker));
  return problem === undefined ? { golden } : { problem, golden };
}

/**
 * The words a user reads, per golden column and operation: outcome, message, expected, actual,
 * evidence labels and registers. Kept as a snapshot, so a change to what a check says is reviewed
 * (npx vitest run -u tests/self/suite/verdictMatrix after checking the diff).
 */
function goldenVerdicts(check: CheckDefinition, golden: ReadonlyMap<string, readonly CheckResult[]>): string {
  const cut = (text: string) => (text.length > 1500 ? `${text.slice(0, 1500)}…` : text);
  return rowOrder(TARGETS, check)
    .filter((target) => golden.has(target.name))
    .flatMap((target) =>
      (golden.get(target.name) ?? []).map((result) =>
        [
          `${target.name} / ${result.operation}: ${result.outcome}`,
          `  message: ${cut(result.message)}`,
          ...(result.expected !== undefined ? [`  expected: ${cut(result.expected)}`] : []),
          ...(result.actual !== undefined ? [`  actual: ${cut(result.actual)}`] : []),
          ...(result.skipReason !== undefined ? [`  skipped: ${result.skipReason}`] : []),
          `  evidence: ${result.evidence.map((item) => item.label).join(" | ")}`,
          `  registers: ${result.registerRefs.join(", ")}`,
        ].join("\n"),
      ),
    )
    .join("\n");
}

const show = (result: CheckResult) => `${result.operation}=${result.outcome}: ${result.message.slice(0, 400)}`;
/** Signs of a template that printed a missing value: in the suite's own words (expected), or anywhere for an object. */
const SLOPPY_EXPECTED = /\bundefined\b|\[object Object\]|\bNaN\b/;
const SLOPPY_ANYWHERE = /\[object Object\]/;

/** What a verdict that is not a pass lacks to explain itself (the bar: expected vs actual, and the exchange). */
function explanationGap(result: CheckResult): string | undefined {
  if (result.message.trim() === "") return "an empty message";
  if (!result.expected?.trim()) return "no expected value";
  if (!result.actual?.trim()) return "no actual value";
  if (result.evidence.length === 0) return "no evidence";
  if (SLOPPY_EXPECTED.test(result.expected))
    return `an expected value with ${SLOPPY_EXPECTED.exec(result.expected)?.[0]} in it: ${result.expected.slice(0, 200)}`;
  const sloppy = [result.message, result.actual].find((text) => SLOPPY_ANYWHERE.test(text));
  return sloppy === undefined ? undefined : `a text with [object Object] in it: ${sloppy.slice(0, 200)}`;
}

/** Registers named by the departures in a warning's message. */
const departedRegisters = (result: CheckResult) =>
  [...result.message.matchAll(/\[register: ([a-z0-9-]+)\]/g)].map((match) => match[1] as string);

/** Why the verdicts of `check` on `target` break the matrix, or undefined when they keep it. */
function cellProblem(
  check: CheckDefinition,
  target: MatrixTarget,
  results: readonly CheckResult[],
): string | undefined {
  const expectation = target.expect(check);
  const where = `${check.id} on ${target.name}`;
  const outside = results.filter((result) => !expectation.allowed.includes(result.outcome));
  if (outside.length > 0) {
    return `${where}: expected only ${expectation.allowed.join(", ")}; got\n  ${outside.map(show).join("\n  ")}${target.fault ? `\n(if this is a side effect of the fault, add it to mayAlsoFail of ${target.fault.name} with the reason)` : ""}`;
  }
  if (expectation.required && !results.some((result) => expectation.required?.includes(result.outcome))) {
    return `${where}: the fault declares this check, which must give ${expectation.required.join(" or ")} on one operation; got\n  ${results.map(show).join("\n  ")}`;
  }
  for (const result of results.filter((candidate) => candidate.outcome === "warning")) {
    const strangers = departedRegisters(result).filter(
      (register) => expectation.departs !== undefined && !expectation.departs.includes(register),
    );
    if (strangers.length > 0)
      return `${where}: a warning from register(s) ${[...new Set(strangers)].join(", ")}, which it does not depart from:\n  ${show(result)}`;
  }
  for (const result of results.filter(
    (candidate) => candidate.outcome === "failed" || candidate.outcome === "warning",
  )) {
    const gap = explanationGap(result);
    if (gap) return `${where}: the ${result.outcome} verdict on ${result.operation} has ${gap}:\n  ${show(result)}`;
  }
  return undefined;
}

const rowTest = MUTATION_MODE ? it : it.concurrent;

/** Declares the rows of part `part` (0-based), each check's row as one test. */
export function describeVerdictMatrixRows(part: number): void {
  setUpServers();
  describe("the strict verdict matrix: each check against the reference, its variants and every fault", () => {
    for (const check of CHECK_CATALOGUE.checks.filter((candidate) => matrixPartOf(candidate.id) === part)) {
      rowTest(
        `${check.id} fails exactly where a fault declares it, and nowhere else`,
        { timeout: 600_000 },
        async ({ expect: expectHere }) => {
          const { problem, golden } = await judgeRow(check);
          if (problem) expectHere.fail(problem);
          expectHere(goldenVerdicts(check, golden)).toMatchSnapshot();
        },
      );
    }
  });
}
