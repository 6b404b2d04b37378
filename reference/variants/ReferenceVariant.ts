/** A named variant of the reference server that behaves differently but legitimately: the suite must not fail it (docs/design.md §3). */
import type { ReferenceHooks } from "../ReferenceHooks.js";
import type { RunConfigOverride } from "../runConfigOverride.js";

/** A legitimate variant: its identity, why it is allowed, the hooks that make it differ, and how a run against it is configured when not as the reference. */
export interface ReferenceVariant extends ReferenceHooks, RunConfigOverride {
  /** Unique, kebab-case; used in /variants/<name>/… */
  readonly name: string;
  /** The spec section (or register entry) that leaves room for it, e.g. "§4.2". */
  readonly section: string;
  /** One sentence: what it does differently. */
  readonly description: string;
  /** One sentence: why that is allowed. */
  readonly why: string;
  /** Register entries whose defaults it departs from: warnings the run may give (never failures). */
  readonly departs: readonly string[];
}
