/** Each fault's and variant's view of the reference server, computed once per server. */
import { DEFAULT_BEHAVIOUR, type ReferenceBehaviour } from "./behaviour/ReferenceBehaviour.js";
import type { ReferenceData } from "./data/referenceData.js";
import type { RebuildData, ReferenceHooks } from "./ReferenceHooks.js";

/** One fault's or variant's view of the server: its data and its rules, computed once, and how many requests it got. */
export interface Served {
  readonly hooks: ReferenceHooks | undefined;
  readonly data: ReferenceData;
  readonly behaviour: ReferenceBehaviour;
  requests: number;
  /** What the intercept hook keeps between requests. */
  readonly remembered: Set<string>;
}

/** The view of `key` (a fault's or variant's name, or none), made from its hooks on first use. */
export type ServedViews = (key: string, hooks: ReferenceHooks | undefined) => Served;

/** No view made yet; each is made over `data` (a copy when the hooks change the data). */
export function createServedViews(data: ReferenceData, rebuild: RebuildData): ServedViews {
  const served = new Map<string, Served>();
  return (key, hooks) => {
    const known = served.get(key);
    if (known) return known;
    const made: Served = {
      hooks,
      data: hooks?.data ? hooks.data(structuredClone(data), rebuild) : data,
      behaviour: { ...DEFAULT_BEHAVIOUR, ...hooks?.behaviour?.(DEFAULT_BEHAVIOUR) },
      requests: 0,
      remembered: new Set(),
    };
    served.set(key, made);
    return made;
  };
}
