/**
 * Resolves in the check phase of the event loop's next turn: after every request that took a freed
 * connection during this turn has been written.
 *
 * Why the client waits for it before handing an answer to its check: undici writes a request on a
 * kept-alive connection only from a setImmediate (it first lets the connection show whether the
 * target closed it), so a request queued behind the answer that freed its connection is written in
 * the check phase of the turn that answer arrived in. Handed over at once, the answers of that turn
 * ran their checks' work (validation, judging, the next examples) in the poll phase, and every
 * waiting request was written only after all of it (against `serve --latency 10`: 0.45 ms from a
 * request's start to its write, median, against 0.17–0.32 ms with this wait; BENCHMARKS.md, issue 28.4).
 * One setImmediate is not enough (0.39 ms): the first turn's immediates interleave with undici's.
 */
export function afterPendingWrites(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
