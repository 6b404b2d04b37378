/**
 * Request bodies written in the forms JSON allows besides JSON.stringify's (RFC 8259 §7): characters as
 * \u escapes in lower- or upper-case hex, characters beyond the BMP as a surrogate pair of escapes
 * (\ud83d\ude9a), the solidus as \/, member names escaped as well, and any mix of these with characters
 * written as themselves (beyond the BMP too). Each plan stands for the same value: a target must read it so.
 */
import fc from "fast-check";
import { writeJsonText, type EscapeForm } from "../contract/writeJsonText.js";

/** How each character of a body's strings is written: the forms in turn, character after character. */
export type EscapePlan = readonly EscapeForm[];

/** A plan of one to six forms, drawn from the seed. */
export function escapePlanArbitrary(): fc.Arbitrary<EscapePlan> {
  return fc.array(fc.constantFrom<EscapeForm>("raw", "unicode", "unicode-upper", "short"), {
    minLength: 1,
    maxLength: 6,
  });
}

/** The plans every run sends, with what they write, in words. */
export const ESCAPE_PLANS: readonly { readonly label: string; readonly plan: EscapePlan }[] = [
  { label: "every character of its strings as a \\u escape (a surrogate pair beyond the BMP)", plan: ["unicode"] },
  {
    label: "its strings' characters alternately as themselves and as \\u escapes in upper-case hex",
    plan: ["raw", "unicode-upper"],
  },
  { label: "the solidus as \\/ and its other characters as themselves", plan: ["short"] },
];

/** True when the plan writes some character otherwise than JSON.stringify would. */
export function escapesAnything(plan: EscapePlan): boolean {
  return plan.some((form) => form !== "raw");
}

/** `body` as JSON text, each character of its strings (member names included) written as `plan` says in turn. */
export function writeRequestText(body: unknown, plan: EscapePlan): string {
  return writeJsonText(body, { escape: (_codePoint, rank) => plan[rank % plan.length] as EscapeForm });
}
