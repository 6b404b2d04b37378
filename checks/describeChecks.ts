/** The checks' descriptions file (checks/checkDescriptions.ts reads it; `npm run generate` writes it). */
import type { CheckDefinition, CheckDescription } from "../runner/engine/CheckDefinition.js";
import { CHECK_STACKS } from "./checkStacks.js";

/** Where the descriptions are kept, from the project root. */
export const CHECK_DESCRIPTIONS_FILE = "checks/checkDescriptions.generated.json";

/** What the descriptions file holds for `checks`: each check but its code, with its stacks (CHECK_STACKS) when it has some, in catalogue order. */
export function describeChecks(checks: readonly CheckDefinition[]): CheckDescription[] {
  return checks.map(({ run: _run, ...description }) => {
    const stacks = description.stacks ?? CHECK_STACKS[description.id];
    return stacks === undefined ? description : { ...description, stacks };
  });
}
