/**
 * The result model of a run: what report.json holds and what every reporter reads.
 * Reporters receive a RunReport and never reach into the runner (STYLE: vitest's reporters).
 * schemas/meta/report.schema.json describes the same structure for report.json.
 */
import type { Exchange } from "./Exchange.js";
import type { SchemaIssue } from "../../contract/schemaIssue.js";
import type { OperationName } from "../../contract/operations.js";
import type { AmbiguityEntry } from "../../contract/ambiguityRegister.js";

/**
 * docs/design.md §3: failed (target wrong), warning (departs from a register default), skipped,
 * error (we could not judge); waived: a failure excused by an unexpired waiver (--waivers).
 */
export type Outcome = "passed" | "failed" | "warning" | "skipped" | "error" | "waived";

/** A waiver from the vendor-acceptance waivers file. */
export interface Waiver {
  /** A check id, or a glob of check ids (schema.*). */
  readonly checkId: string;
  /** The operation; absent: every operation of the checks it names. */
  readonly operation?: OperationName;
  /** A regular expression every finding of a failed verdict must match for the waiver to excuse it (one defect, not the check). */
  readonly finding?: string;
  readonly reason: string;
  /** ISO date (YYYY-MM-DD) after which the waiver no longer applies. */
  readonly expires: string;
}

/** MUST → failure, SHOULD → warning. */
export type CheckLevel = "MUST" | "SHOULD";

/** Families of docs/design.md §4. */
export type CheckFamily =
  | "http"
  | "auth"
  | "schema"
  | "pagination"
  | "search"
  | "permissions"
  | "analytics"
  | "role-filters"
  | "errors"
  | "consistency"
  | "performance";

/** One piece of evidence: an exchange plus what the check made of it. */
export interface EvidenceItem {
  /** What this request was for, e.g. "page 2 of size 10". */
  readonly label: string;
  readonly exchange: Exchange;
  /** Schema violations found in the response body, if validated. */
  readonly schemaIssues?: readonly SchemaIssue[];
}

/** A fast-check failure, enough to replay it. */
export interface PropertyFailure {
  readonly seed: number;
  readonly path: string;
  readonly numRuns: number;
  /** The shrunk counterexample, as JSON. */
  readonly counterexample: unknown;
}

/** The verdict of one check on one operation. */
export interface CheckResult {
  readonly checkId: string;
  readonly title: string;
  readonly family: CheckFamily;
  readonly operation: OperationName;
  readonly outcome: Outcome;
  readonly level: CheckLevel;
  /** Spec sections, e.g. ["4.1", "8"]. */
  readonly specRefs: readonly string[];
  /** Register entries this verdict relied on. */
  readonly registerRefs: readonly string[];
  /** One or two sentences: what was checked and what was found. */
  readonly message: string;
  /** What the spec (or the register default) expects, and what came back. */
  readonly expected?: string;
  readonly actual?: string;
  /** For skipped: what to add to the configuration to run it. */
  readonly skipReason?: string;
  readonly evidence: readonly EvidenceItem[];
  readonly property?: PropertyFailure;
  /** Present when outcome is "waived": the waiver that excused the failure. */
  readonly waiver?: Waiver;
  readonly durationMs: number;
}

/** Counts by outcome. */
export interface RunSummary {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly warnings: number;
  readonly skipped: number;
  readonly errors: number;
  readonly waived: number;
}

/** Which verdicts the run was asked for: a partial run is one where selectedVerdicts < totalVerdicts. */
export interface RunSelection {
  /** Check × operation pairs the run judged. */
  readonly selectedVerdicts: number;
  /** Check × operation pairs of the whole suite. */
  readonly totalVerdicts: number;
  /** --checks: ids or globs run (empty = all). */
  readonly checks: readonly string[];
  /** --exclude-checks: ids or globs left out. */
  readonly excludeChecks: readonly string[];
  /** --operation: operations run (empty = all). */
  readonly operations: readonly OperationName[];
  /** --shard: this run judged one shard's share of the selected pairs. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** --rerun-failed: the report whose failed and errored verdicts this run judged again. */
  readonly rerunFailed?: string;
  /** --max-failures: no check started once this many verdicts failed or errored. */
  readonly maxFailures?: number;
}

/** Facts about the run. */
export interface RunMeta {
  readonly suiteVersion: string;
  /** sha256 of the contract's schema files. */
  readonly schemaHash: string;
  readonly target: { readonly baseUrl: string; readonly embedded: boolean };
  readonly profile: "default" | "strict";
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requestCount: number;
  readonly retries429: number;
  readonly nodeVersion: string;
  readonly maxExamples: number;
  /** Which verdicts were selected, out of how many. */
  readonly selection: RunSelection;
  /** The `cms-conformance run` command line that reproduces the run; secrets appear as $CMS_TOKEN, $CMS_RESTRICTED_TOKEN, $CMS_CLIENT_ID. */
  readonly commandLine: string;
  /** True when TLS certificate verification was skipped (--insecure); absent otherwise. */
  readonly insecure?: boolean;
  /** Listing walks cut at their page bound (--max-pages), one sentence per operation and kind of walk; empty when every walk reached the end. */
  readonly sampling: readonly string[];
  /** Reasons the run fails besides check verdicts (today: expired waivers); any entry makes the verdict "fail". */
  readonly gateFailures: readonly string[];
  /** Things a reader should know that change no verdict (today: unused waivers). */
  readonly notes: readonly string[];
  /** The suite's own trouble that ended the run (a token command that failed, a proxy's 407 …): exit 2, and no verdict of the target fails for it. */
  readonly suiteTrouble?: string;
}

/** The whole result of a run. */
export interface RunReport {
  readonly reportVersion: 1;
  /** "pass" when nothing failed or errored (warnings count as failures under the strict profile). */
  readonly verdict: "pass" | "fail";
  readonly meta: RunMeta;
  readonly summary: RunSummary;
  readonly results: readonly CheckResult[];
  /** The register, as the run used it. */
  readonly register: readonly AmbiguityEntry[];
  /** Response times in milliseconds, by operation. */
  readonly timings: Readonly<Partial<Record<OperationName, readonly number[]>>>;
}
