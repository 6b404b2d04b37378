/**
 * The verdict on two answers that describe one item differently, after ONE confirming re-read
 * (docs/design.md §3): a field that differs at the first look and again at the second is a
 * contradiction the target keeps serving, a failure; a first-look difference the second look does
 * not show is data that changed while the suite ran, not blamed (a note says so).
 */
import type { EvidenceItem } from "../../../runner/model/RunReport.js";
import type { Judgement } from "../../../runner/engine/Judgement.js";
import { differingFields, fieldNames, sideOf, type FieldDifference } from "./differingFields.js";

/** One look at the two answers: the item as each gave it, and the exchanges that show it. */
export interface Look {
  readonly first: unknown;
  readonly second: unknown;
  readonly evidence: readonly EvidenceItem[];
}

/** What was compared, in the words of the messages. */
export interface Comparison {
  /** "getWidget widget://a/b", "widget://a/b on pages of 7 and 100". */
  readonly label: string;
  /** "the listing" / "page 0 of size 100": what the first answer is. */
  readonly firstName: string;
  /** "the read" / "page 3 of size 7". */
  readonly secondName: string;
  /** The schema file whose tabled fields are compared (§2). */
  readonly schemaFile: string;
}

/** How the second look ended. */
export type Confirmation = "confirmed" | "changed";

/**
 * Judges `differences` (seen at the first look) against `again` (the same two answers asked once
 * more): fails on the fields that differ in both looks; otherwise notes that the data changed.
 */
export function judgeConfirmedDifference(
  judge: Judgement,
  comparison: Comparison,
  first: { readonly differences: readonly FieldDifference[]; readonly evidence: readonly EvidenceItem[] },
  again: Look,
): Confirmation {
  const seenBefore = new Set(first.differences.map((difference) => difference.field));
  const confirmed = differingFields(again.first, again.second, comparison.schemaFile).filter((difference) =>
    seenBefore.has(difference.field),
  );
  if (confirmed.length === 0) {
    judge.note(
      `${comparison.label}: ${fieldNames(first.differences)} differed between ${comparison.firstName} and ` +
        `${comparison.secondName} once and agreed when both were asked again (data changed during the run; not blamed).`,
    );
    return "changed";
  }
  judge.fail(
    `${comparison.label}: ${fieldNames(confirmed)} ${confirmed.length === 1 ? "differs" : "differ"} ` +
      `between ${comparison.firstName} and ${comparison.secondName}, at the first look and again when both ` +
      `were asked once more.`,
    {
      expected: `the values of ${comparison.firstName}: ${sideOf(confirmed, "first")}`,
      actual: `${comparison.secondName}: ${sideOf(confirmed, "second")}`,
      evidence: [...first.evidence, ...again.evidence],
    },
  );
  return "confirmed";
}
