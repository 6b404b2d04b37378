/** One request as the hostile target saw it. */
export interface HostileRequestRecord {
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** performance.now() when the request headers arrived. */
  readonly arrivedAt: number;
  /** performance.now() when the answer ended or the connection closed; undefined while open. */
  readonly endedAt: number | undefined;
}
