/**
 * The strict verdict matrix (DESIGN §6): every check against the reference server (each mode, a few
 * sizes), every legitimate variant and every fault. A fault fails each check it declares (caughtBy)
 * and nothing outside its mayAlsoFail list; the reference and its variants fail nothing; every
 * failure says what was expected, what came back and shows the exchange. One test per check, so
 * that a mutant of a check is judged by its own row (StrykerJS per-test coverage, npm run mutation).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { createTargetSession } from "../../../runner/engine/createTargetSession.js";
import { runCheck } from "../../../runner/engine/runCheck.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import type { CheckResult } from "../../../runner/report/model.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
import { startReferenceServer, type ReferenceMode, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { CHECK_CATALOGUE } from "../../conformance/checkCatalogue.js";
import { MATRIX_SIZES, matrixTargets, MODE_DEPARTURES, rowOrder, type MatrixServers, type MatrixTarget } from "./matrixTargets.js";

/** Fixed seed and a generous timeout: the verdicts must not depend on the machine's load. */
const MATRIX_SETTINGS = { seed: 1, maxExamples: 10, timeoutMs: 60_000 };

let servers: MatrixServers | undefined;
const TARGETS = matrixTargets(() => servers as MatrixServers);
/** One session per column, shared by the rows as one run shares it between checks. */
const sessions = new Map<string, TargetSession>();

beforeAll(async () => {
  const [main, modes, sizes] = await Promise.all([
    startReferenceServer({ seed: 5 }),
    Promise.all([...MODE_DEPARTURES.keys()].map(async (mode) => [mode, await startReferenceServer({ mode, seed: 3 })] as const)),
    Promise.all(MATRIX_SIZES.map(async (widgets) => [widgets, await startReferenceServer({ seed: widgets, sizes: { widgets, landingPages: widgets, analytics: Math.min(widgets, 5) } })] as const)),
  ]);
  servers = { main, modes: new Map<ReferenceMode, RunningReferenceServer>(modes), sizes: new Map(sizes) };
});

afterAll(async () => {
  await Promise.all([...sessions.values()].map((session) => session.close()));
  if (servers) await Promise.all([servers.main, ...servers.modes.values(), ...servers.sizes.values()].map((server) => server.close()));
});

function sessionFor(target: MatrixTarget): TargetSession {
  let session = sessions.get(target.name);
  if (!session) {
    session = createTargetSession(resolveRunSettings([target.config(), MATRIX_SETTINGS]));
    sessions.set(target.name, session);
  }
  return session;
}

async function verdictsOf(check: CheckDefinition, target: MatrixTarget): Promise<CheckResult[]> {
  const session = sessionFor(target);
  const results: CheckResult[] = [];
  for (const operation of check.operations) results.push(await runCheck(check, operation, session));
  return results;
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
  if (SLOPPY_EXPECTED.test(result.expected)) return `an expected value with ${SLOPPY_EXPECTED.exec(result.expected)?.[0]} in it: ${result.expected.slice(0, 200)}`;
  const sloppy = [result.message, result.actual].find((text) => SLOPPY_ANYWHERE.test(text));
  return sloppy === undefined ? undefined : `a text with [object Object] in it: ${sloppy.slice(0, 200)}`;
}

/** Registers named by the departures in a warning's message. */
const departedRegisters = (result: CheckResult) => [...result.message.matchAll(/\[register: ([a-z0-9-]+)\]/g)].map((match) => match[1] as string);

/** Why the verdicts of `check` on `target` break the matrix, or undefined when they keep it. */
function cellProblem(check: CheckDefinition, target: MatrixTarget, results: readonly CheckResult[]): string | undefined {
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
    const strangers = departedRegisters(result).filter((register) => expectation.departs !== undefined && !expectation.departs.includes(register));
    if (strangers.length > 0) return `${where}: a warning from register(s) ${[...new Set(strangers)].join(", ")}, which it does not depart from:\n  ${show(result)}`;
  }
  for (const result of results.filter((candidate) => candidate.outcome === "failed" || candidate.outcome === "warning")) {
    const gap = explanationGap(result);
    if (gap) return `${where}: the ${result.outcome} verdict on ${result.operation} has ${gap}:\n  ${show(result)}`;
  }
  return undefined;
}

describe("the strict verdict matrix: each check against the reference, its variants and every fault", () => {
  for (const check of CHECK_CATALOGUE.checks) {
    it.concurrent(`${check.id} fails exactly where a fault declares it, and nowhere else`, { timeout: 600_000 }, async () => {
      for (const target of rowOrder(TARGETS, check)) {
        const problem = cellProblem(check, target, await verdictsOf(check, target));
        if (problem) expect.fail(problem);
      }
    });
  }
});

describe("the fault declarations", () => {
  const ids = CHECK_CATALOGUE.ids();

  it("name only checks of the catalogue, and allow only other checks, each with a one-line reason", () => {
    for (const fault of FAULT_CATALOGUE) {
      for (const id of fault.caughtBy) expect(ids, `${fault.name} declares ${id}`).toContain(id);
      for (const [id, reason] of Object.entries(fault.mayAlsoFail ?? {})) {
        expect(ids, `${fault.name} allows ${id}`).toContain(id);
        expect(fault.caughtBy, `${fault.name} both declares and allows ${id}`).not.toContain(id);
        expect(reason, `${fault.name} → ${id}`).toMatch(/^\S[^\n]{14,199}$/);
      }
    }
  });

  it("cover every MUST check: a check no fault can show failing cannot join the catalogue", () => {
    const declared = new Set(FAULT_CATALOGUE.flatMap((fault) => fault.caughtBy));
    const undeclared = CHECK_CATALOGUE.checks.filter((check) => check.level === "MUST" && !declared.has(check.id)).map((check) => check.id);
    expect(undeclared, "write a fault (reference/faults) that breaks exactly the rule of each, with its probe").toEqual([]);
  });
});
