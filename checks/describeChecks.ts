/** The checks' descriptions file (checks/checkDescriptions.ts reads it; `npm run generate` writes it). */
import type { CheckDefinition, CheckDescription } from "../runner/engine/CheckDefinition.js";

/** Where the descriptions are kept, from the project root. */
export const CHECK_DESCRIPTIONS_FILE = "checks/checkDescriptions.generated.json";

/** What the descriptions file holds for `checks`: each check but its code, in catalogue order. */
export function describeChecks(checks: readonly CheckDefinition[]): CheckDescription[] {
  return checks.map(({ run: _run, ...description }) => description);
}
