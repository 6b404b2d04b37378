/** A vitest run error in the words of a cms-conformance user (what stopped, and what to do about it). */
import type { SerializedError } from "vitest";

/** What vitest says when the worker thread running the checks died, with the cause attached. */
const POOL_ERROR = /^\[vitest-pool\]: Worker \w+ emitted error\.?$/;
/** V8's words for a heap that ran out, in a worker ("reaching memory limit") or in the process. */
const OUT_OF_MEMORY = /memory limit|heap out of memory|ERR_WORKER_OUT_OF_MEMORY/i;

/** True when vitest says the worker thread running the checks died. */
export function isWorkerStop(error: SerializedError): boolean {
  return POOL_ERROR.test(error.message ?? "");
}

/**
 * The message of a run error. A worker that died is named as such, with its cause; when the cause
 * is an exhausted heap, the sentence says how to give the run more memory or make it keep less.
 */
export function describeRunError(error: SerializedError): string {
  const message = error.message ?? String(error);
  if (!isWorkerStop(error)) return message;
  const cause = error.cause?.message;
  const stopped = `the worker thread running the checks stopped${cause === undefined ? "" : `: ${cause}`}`;
  if (!OUT_OF_MEMORY.test(`${cause ?? ""} ${error.code ?? ""}`)) return stopped;
  return (
    `${stopped}. The target's answers did not fit in Node's heap: ` +
    "give the run more (NODE_OPTIONS=--max-old-space-size=4096) or walk fewer pages (--max-pages)"
  );
}
