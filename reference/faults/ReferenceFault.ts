/** A named variant of the reference server that breaks exactly one rule of the spec (docs/design.md §6). */
import type { ReferenceHooks } from "../ReferenceHooks.js";
import type { RunConfigOverride } from "../runConfigOverride.js";

/** A fault: its identity, the hooks over the correct server that make it wrong, and how a run against it is configured when not as the reference. */
export interface ReferenceFault extends ReferenceHooks, RunConfigOverride {
  /** Unique, kebab-case; used in --fault and in /faults/<name>/… */
  readonly name: string;
  /** The spec section whose rule it breaks, e.g. "§4.1". */
  readonly section: string;
  /** One sentence: what it does wrong. */
  readonly description: string;
  /** Check ids of the catalogue (checks/checkCatalogue.ts) that must catch it: each fails (a SHOULD check at least warns). */
  readonly caughtBy: readonly string[];
  /**
   * Other checks that may fail (or warn) because of it, each with one line saying why: a side effect
   * of the broken rule, not a second rule broken. Any check outside caughtBy and this list must pass.
   */
  readonly mayAlsoFail?: Readonly<Record<string, string>>;
}
