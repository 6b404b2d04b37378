/**
 * Whether a waiver excuses a failed verdict (issue 27.6): its check id or glob names the check, its
 * operation (if any) is the verdict's, and its finding pattern (if any) matches every finding of the
 * verdict, so that one defect is waived wherever it shows and no other failure of the same check is.
 */
import type { CheckResult, Waiver } from "../model/RunReport.js";

/** A glob of check ids (* any characters, ? one) as a regular expression. */
export function checkGlob(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${escaped}$`);
}

/** The findings of a verdict's message, one per line, or undefined when the message does not show them all. */
function findingsOf(message: string): string[] | undefined {
  const [first = "", ...rest] = message.split("\n");
  const more = / \(\+(\d+) more findings?\)$/.exec(first);
  const head = more ? first.slice(0, more.index) : first;
  const others = rest.filter((line) => line.startsWith("- ")).map((line) => line.slice(2));
  if (more && Number(more[1]) !== others.length) return undefined;
  return [head, ...others];
}

/** True when `waiver` excuses the failed `result`. */
export function waiverMatches(waiver: Waiver, result: CheckResult): boolean {
  if (!checkGlob(waiver.checkId).test(result.checkId)) return false;
  if (waiver.operation !== undefined && waiver.operation !== result.operation) return false;
  if (waiver.finding === undefined) return true;
  const findings = findingsOf(result.message);
  if (findings === undefined) return false;
  const pattern = new RegExp(waiver.finding);
  return findings.every((finding) => pattern.test(finding));
}
