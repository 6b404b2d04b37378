/** Runs one check on one operation and turns what it found into a CheckResult (docs/design.md §3). */
import type { OperationName } from "../../contract/operations.js";
import type { CheckResult } from "../model/RunReport.js";
import type { CheckDefinition, CheckNeed } from "./CheckDefinition.js";
import { checkSeed } from "./checkSeed.js";
import { Judgement } from "./Judgement.js";
import type { TargetSession } from "./TargetSession.js";

const NEED_HINTS: Record<CheckNeed, string> = {
  restrictedToken: "the token of a user without the Visualizar permission: --restricted-token or CMS_RESTRICTED_TOKEN",
  analyticIds: "analytic ids (there is no operation that lists them, §4.3): --analytic-id ID (repeatable)",
  roles: "role names: --role NAME (repeatable), with --domain-name and --service-name",
};

/** What the configuration lacks for a check, as a sentence saying what to add; undefined when nothing. */
export function missingNeeds(check: CheckDefinition, session: TargetSession): string | undefined {
  const { credentials, fixtures } = session.settings;
  const missing = (check.needs ?? []).filter((need) => {
    if (need === "restrictedToken") return !credentials.restrictedToken;
    if (need === "analyticIds") return fixtures.analyticIds.length === 0;
    return fixtures.roles.length === 0;
  });
  return missing.length === 0
    ? undefined
    : `this check needs ${missing.map((need) => NEED_HINTS[need]).join("; and ")}.`;
}

/**
 * Runs the check; an exception is the suite's own failure to judge, reported as an error. Once
 * the session has stopped (the target stopped answering, or the run passed --max-run-time), a
 * check not yet started is not run, and one that was running ends as an error: what it found
 * may rest on answers that never came (docs/design.md §3: infrastructure is not a rule breach).
 */
export async function runCheck(
  check: CheckDefinition,
  operation: OperationName,
  session: TargetSession,
): Promise<CheckResult> {
  const started = performance.now();
  const judge = new Judgement(session.settings.profile);
  const missing = missingNeeds(check, session);
  const stoppedBefore = session.stopped();
  if (missing) {
    judge.skip(missing);
  } else if (stoppedBefore) {
    judge.error(`Not run: the run stopped early, ${stoppedBefore.message}.`);
  } else {
    try {
      await check.run({
        operation,
        target: session,
        judge,
        seed: checkSeed(session.settings.seed, check.id, operation),
      });
    } catch (error) {
      judge.overrule(`The suite could not judge this check: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let verdict = judge.verdict();
  // With either set the check never ran: its verdict (a skip, or "Not run") rests on no answer, whenever the run stopped.
  const stoppedDuring = stoppedBefore || missing ? undefined : session.stopped();
  // Whatever a check made of a run that stopped under it (a failure, a warning, a skip) rests on answers that never came.
  if (stoppedDuring && verdict.outcome !== "passed" && verdict.outcome !== "error") {
    judge.overrule(
      `The run stopped early while this check ran, ${stoppedDuring.message}; what it found could not be judged.`,
    );
    verdict = judge.verdict();
  }
  return {
    checkId: check.id,
    title: check.title,
    family: check.family,
    operation,
    outcome: verdict.outcome,
    level: check.level,
    specRefs: check.specRefs,
    registerRefs: verdict.registerRefs,
    message: verdict.message,
    ...(verdict.expected !== undefined ? { expected: verdict.expected } : {}),
    ...(verdict.actual !== undefined ? { actual: verdict.actual } : {}),
    ...(verdict.skipReason !== undefined ? { skipReason: verdict.skipReason } : {}),
    evidence: verdict.evidence,
    ...(verdict.property ? { property: verdict.property } : {}),
    durationMs: Math.round(performance.now() - started),
  };
}
