/** Correct-but-different shapes of the reference's answers, so the suite can be proved not to depend on one. */

/** The modes the reference server can run in. */
export const REFERENCE_MODES = ["default", "extra-fields", "sdk-minimal", "empty"] as const;

/**
 * - default: every field of §2 filled;
 * - extra-fields: unknown fields added at every object level, ColumnRef latitude/longitude (docs/sdk-evidence.md);
 * - sdk-minimal: every field the vendor SDK marks optional left out (docs/sdk-evidence.md);
 * - empty: no widgets, landing pages or analytics at all.
 */
export type ReferenceMode = (typeof REFERENCE_MODES)[number];

/** Narrows a string to a mode. */
export function isReferenceMode(value: string): value is ReferenceMode {
  return (REFERENCE_MODES as readonly string[]).includes(value);
}
