/** What a run measured about the target beside its verdicts. */
import type { ExchangeLogSnapshot } from "./ExchangeLogSnapshot.js";
import type { Pacing } from "./Pacing.js";

/** How often --token-command and --restricted-token-command gave a new token mid-run, and why they did not. */
export interface TokenRenewals {
  readonly renewed: number;
  /** Sentences without the token, each once. */
  readonly failures: readonly string[];
}

/** HTTP figures of a run and how its listings were sampled, measured where the checks ran. */
export interface RunStatistics {
  readonly requests: number;
  readonly retries429: number;
  /** 502, 503 and 504 answers waited out (the target was not available for a while), by status; absent when none was. */
  readonly retriesUnavailable?: Readonly<Record<string, number>>;
  readonly transportFailures: number;
  /** The lowest request rate the run paced itself down to after 429 answers, when it did. */
  readonly slowestRatePerSecond?: number;
  /** The pace the run settled on, when the target announced a rate limit or answered 429. */
  readonly pacing?: Pacing;
  /** Tokens obtained anew after a 401 (--token-command), and why a renewal failed, when one did. */
  readonly tokenRenewals?: TokenRenewals;
  /** Why the run stopped early (the target stopped answering, or --max-run-time passed), when it did. */
  readonly stopped?: string;
  /** The suite's own trouble that stopped the run (a token command that failed, a proxy's 407), when it did: the run exits 2. */
  readonly suiteTrouble?: string;
  /** Response times in milliseconds, by operation path. */
  readonly durationsByPath: Record<string, number[]>;
  /** Listing walks cut at their page bound, one line per operation and kind (TargetSession.samplingNotes). */
  readonly sampling: string[];
  /** What was odd about the answers' text (charset, byte order mark, invalid UTF-8), one line per operation and kind. */
  readonly bodyTexts?: string[];
  /** Every exchange of the run, when it keeps them (--format har). */
  readonly exchanges?: ExchangeLogSnapshot;
}
