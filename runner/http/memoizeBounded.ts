/**
 * A one-argument function whose results are kept for the last `limit` distinct arguments at most
 * (the whole memory is dropped when it is full). The client resolves the same few paths thousands of
 * times a run; parsing each URL anew cost more than the rest of building the request.
 */
export function memoizeBounded<A, R>(compute: (argument: A) => R, limit: number): (argument: A) => R {
  const kept = new Map<A, R>();
  return (argument) => {
    if (kept.has(argument)) return kept.get(argument) as R;
    const result = compute(argument);
    if (kept.size >= limit) kept.clear();
    kept.set(argument, result);
    return result;
  };
}
