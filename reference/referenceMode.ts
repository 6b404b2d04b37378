/** Correct-but-different shapes of the reference's answers, so the suite can be proved not to depend on one. */

/** The modes the reference server can run in. */
export const REFERENCE_MODES = ["default", "extra-fields", "spec-minimal", "empty"] as const;

/**
 * - default: every field of §2 filled;
 * - extra-fields: unknown fields added at every object level, ColumnRef latitude/longitude (docs/sdk-evidence.md);
 * - spec-minimal: the least the spec allows: no category on GAUGE charts (§2.6), empty filter objects, empty arrays
 *   (tags, properties, order); every field the §2 tables list stays present, whatever the SDK marks optional;
 * - empty: no widgets, landing pages or analytics at all.
 */
export type ReferenceMode = (typeof REFERENCE_MODES)[number];

/** Narrows a string to a mode. */
export function isReferenceMode(value: string): value is ReferenceMode {
  return (REFERENCE_MODES as readonly string[]).includes(value);
}
