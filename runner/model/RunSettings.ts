/** Everything a run needs to know about its target and its limits (docs/design.md §5). */
import type { OperationName, OperationPaths } from "../../contract/operations.js";

/** The verdict profile: strict turns register departures into failures (docs/design.md §3). */
export type Profile = "default" | "strict";

/** Secrets of a target; never printed, redacted from every exchange. */
export interface TargetCredentials {
  readonly clientId: string;
  readonly token: string;
  /** A user without the Visualizar permission (§4.2, §5); checks that need it are skipped without it. */
  readonly restrictedToken?: string;
  /** The command that obtained token, run again after a 401 mid-run (--token-command). */
  readonly tokenCommand?: string;
  /** The command that obtained restrictedToken (--restricted-token-command). */
  readonly restrictedTokenCommand?: string;
}

/** Data about the target that cannot be discovered through the interface itself. */
export interface TargetFixtures {
  /** There is no operation that lists analytics (§4.3), so their ids come from the user. */
  readonly analyticIds: readonly string[];
  readonly roles: readonly string[];
  readonly domainName?: string;
  readonly serviceName?: string;
  /** The filters each role is known to have in domainName/serviceName (§4.5): role → (name, value) pairs. */
  readonly roleFilters?: Readonly<Record<string, readonly RoleFilterFact[]>>;
  /** A text that occurs only in one widget's translated name or description, and that widget's id (§4.1). */
  readonly translatedWidgetText?: TranslatedWidgetText;
  /** What the restricted user may and may not see, as the platform owner knows it (§4.1, §4.2, §5). */
  readonly permissions?: PermissionFacts;
}

/**
 * Known permission facts of the restricted user; each turns a guess from the listings into a judged
 * verdict. A list given empty is a fact ("none is forbidden"), a list not given is no fact.
 */
export interface PermissionFacts {
  /** Widgets it may not view: missing from its listing, 403 to getWidget. */
  readonly forbiddenWidgetIds?: readonly string[];
  /** Analytics it may not read: 403 to getAnalytic. */
  readonly forbiddenAnalyticIds?: readonly string[];
  /** Landing pages it created: in its listing. */
  readonly ownLandingPageIds?: readonly string[];
  /** Landing pages it did not create: not in its listing (it lacks Visualizar). */
  readonly othersLandingPageIds?: readonly string[];
  /** It legitimately sees every widget (and landing page) the main user sees (--restricted-sees-all): equal listings are no failure. */
  readonly restrictedSeesAll?: boolean;
}

/** A text of a widget's translated name or description that no key, tag, id or URL holds, and the widget it must find. */
export interface TranslatedWidgetText {
  readonly text: string;
  readonly widgetId: string;
}

/** One filter a role is known to have (§2.12): its name and value. */
export interface RoleFilterFact {
  readonly name: string;
  readonly value: string;
}

/** One verdict of a run by name: a check id and one of its operations. */
export interface VerdictKey {
  readonly checkId: string;
  readonly operation: OperationName;
}

/** A deterministic share of the verdicts (--shard i/n): index from 1 to count. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The resolved settings of one run, shared by the CLI and the conformance project. */
export interface RunSettings {
  readonly baseUrl: string;
  /** True when the target is the bundled reference server started by the run. */
  readonly embedded: boolean;
  readonly credentials: TargetCredentials;
  readonly fixtures: TargetFixtures;
  readonly profile: Profile;
  readonly seed: number;
  /** Runs of each property check (fast-check numRuns). */
  readonly maxExamples: number;
  readonly timeoutMs: number;
  /** Requests in flight, fixed (--concurrency); when absent the client finds the target's level (issue 42.1). */
  readonly concurrency?: number;
  /** The most requests in flight the adaptive concurrency reaches (--max-concurrency). */
  readonly maxConcurrency: number;
  readonly rateLimitPerSecond?: number;
  /** Longest one request waits out 429 answers in all (--max-retry-wait); beyond it the 429 is an error. */
  readonly maxRetryWaitMs: number;
  /** Slowest answer performance.response-time lets pass (--max-response-time); none judged without it. */
  readonly maxResponseTimeMs?: number;
  /** Wall-clock bound of the run (--max-run-time); checks still open when it passes become errors. */
  readonly maxRunTimeMs: number;
  /** When the run began (epoch milliseconds), so that --max-run-time counts the preflight and the start of vitest too. */
  readonly runStartedAt?: number;
  /** PEM files of certificate authorities to trust besides the system's (--ca-file). */
  readonly caFiles?: readonly string[];
  /** A verdict that could not judge the permissions for want of a fact fails the gate (--fail-on-unverified). */
  readonly failOnUnverified?: boolean;
  /** A skipped verdict fails the gate (--fail-on-skipped). */
  readonly failOnSkipped?: boolean;
  /** A client certificate and its key, PEM files, for gateways that ask for one (--cert, --key; mTLS). */
  readonly clientCertificate?: { readonly certFile: string; readonly keyFile: string };
  /** Skip TLS certificate verification (--insecure); every report records it. */
  readonly insecure?: boolean;
  /** Largest pageSize the suite asks for (register: max-page-size). */
  readonly maxPageSize: number;
  /** Most pages walked per listing before sampling (large targets). */
  readonly maxPagesWalked: number;
  /** Check ids or globs to run (empty = all) and to leave out. */
  readonly checks: readonly string[];
  readonly excludeChecks: readonly string[];
  /** Operations to run (empty = all). */
  readonly operations: readonly OperationName[];
  /** Headers sent on every request besides those of §5 (--header), name → value. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Names of extra headers whose values are secrets whatever their names (--secret-header). */
  readonly secretHeaders?: readonly string[];
  /** Where the deployment mounts operations that are not at their §4 path (--operation-path). */
  readonly operationPaths?: OperationPaths;
  /** Keep the last this many exchanges for the HAR file (--format har); none are kept without it. */
  readonly exchangeLogLimit?: number;
  /** The channel each kept exchange is also posted on, so an interrupted run still writes its HAR (exchangeMirror.ts). */
  readonly exchangeChannel?: string;
  /** The options as typed on the command line, when the CLI started the run: the Reproduce line repeats them (issue 41.4). */
  readonly typedOptions?: readonly { readonly name: string; readonly value?: string; readonly variable?: string }[];
  /** Start no check once this many verdicts failed or errored (--max-failures, -x); the rest are not run. */
  readonly maxFailures?: number;
  /** Run only this share of the selected verdicts (--shard i/n, for CI fleets). */
  readonly shard?: Shard;
  /** Run only these verdicts: the failed and errored ones of an earlier report.json (--rerun-failed). */
  readonly rerunFailed?: { readonly report: string; readonly verdicts: readonly VerdictKey[] };
}

/** Defaults stated in --help. */
export const RUN_DEFAULTS = {
  profile: "default" as Profile,
  maxExamples: 100,
  timeoutMs: 10_000,
  /** Where the adaptive concurrency starts (a fixed one is --concurrency). */
  concurrency: 4,
  maxConcurrency: 32,
  maxPageSize: 100,
  maxPagesWalked: 50,
  maxRetryWaitMs: 30_000,
  maxRunTimeMs: 15 * 60_000,
} as const;
