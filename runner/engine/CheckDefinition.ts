/** What a check is: a rule of the spec, the operations it covers, and how it judges one of them. */
import type { OperationName } from "../../contract/operations.js";
import type { CheckFamily, CheckLevel } from "../model/RunReport.js";
import type { Judgement } from "./Judgement.js";
import type { TargetSession } from "./TargetSession.js";

/** Configuration a check may need beyond base URL and credentials; missing ⇒ skipped with this hint. */
export type CheckNeed = "restrictedToken" | "analyticIds" | "roles";

/** Everything a check's run receives. */
export interface CheckContext {
  readonly operation: OperationName;
  readonly target: TargetSession;
  readonly judge: Judgement;
  /** Seed of this check on this operation (derived from the run seed and the check id). */
  readonly seed: number;
}

/**
 * What a check is without its code: all that planning, selecting and reporting need. The CLI's main
 * thread knows the checks this way only (checks/checkDescriptions.ts), so that loading the
 * checks' code (the generators, fast-check, the contract's validators) is paid once, in the worker that
 * runs them (issue 28.3).
 */
export interface CheckDescription {
  /** Stable id that reads as the rule, e.g. "pagination.default-first-10". */
  readonly id: string;
  readonly title: string;
  /** The rule in one or two sentences, as the spec states it. */
  readonly rule: string;
  readonly family: CheckFamily;
  /** Spec sections, e.g. ["4.1", "8"]. */
  readonly specRefs: readonly string[];
  /** MUST: a finding is a failure. SHOULD: it only judges register defaults (warning, or failure under strict). */
  readonly level: CheckLevel;
  readonly operations: readonly OperationName[];
  /** Register entries whose defaults this check applies. */
  readonly registerRefs: readonly string[];
  readonly needs?: readonly CheckNeed[];
  /**
   * For a check that sends something outside the forms §4–§5 define: the readings and the defaults of
   * common stacks considered, and why none makes its failures false (issue 48.1; checks/checkStacks.ts).
   */
  readonly stacks?: string;
}

/** One check of the catalogue (STYLE: named after the invariant it protects). */
export interface CheckDefinition extends CheckDescription {
  /** Judges one operation; records findings on context.judge. Throwing means the suite could not judge (error). */
  run(context: CheckContext): Promise<void>;
}
