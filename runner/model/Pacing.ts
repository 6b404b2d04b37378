/** What the pacing settled on, for the report. */
export interface Pacing {
  /**
   * "announced": the RateLimit fields set the pace; "learned": 429 answers did; "waited": the target
   * refused a share of requests at any pace, so each 429 was waited out and no pace kept.
   */
  readonly source: "announced" | "learned" | "waited";
  /** The pace the run settled on (requests per second); absent for "waited". */
  readonly settledPerSecond?: number;
  /** The lowest pace of the run (requests per second), when it was paced. */
  readonly slowestPerSecond?: number;
  /** The limit the target announced, when it did. */
  readonly announced?: { readonly limit: number; readonly windowSeconds: number };
  /** How many times 429 answers slowed the run down. */
  readonly slowDowns: number;
  /** "waited": the share of answers that were 429 at any pace. */
  readonly refusedShare?: number;
}
