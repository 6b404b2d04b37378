/**
 * The suite's own wording: check ids and titles, operation names and paths, the ambiguity
 * register. A secret this wording contains (a client id "wrong", "platform") is printed by the
 * suite whatever happens, so it is not scrubbed from sentences the suite wrote.
 */
import { AMBIGUITY_REGISTER } from "../contract/ambiguityRegister.js";
import { OPERATIONS } from "../contract/operations.js";
import type { RunReport } from "../runner/model/RunReport.js";

/** Lower-cased text of the contract's names and of the register. */
export function contractWording(): string {
  const parts: string[] = [];
  for (const operation of OPERATIONS) parts.push(operation.name, operation.path);
  for (const entry of AMBIGUITY_REGISTER) parts.push(JSON.stringify(entry));
  return parts.join("\n").toLowerCase();
}

/** Lower-cased wording of a report: the contract's, and the ids and titles of its checks. */
export function reportWording(report: RunReport): string {
  return [contractWording(), ...report.results.flatMap((result) => [result.checkId, result.title, result.family])]
    .join("\n")
    .toLowerCase();
}
