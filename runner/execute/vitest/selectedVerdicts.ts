/** The plan as it crosses between the CLI process and the vitest worker: check ids and operations only. */
import type { CheckCatalogue, PlannedCheck } from "../../engine/CheckCatalogue.js";
import type { CheckDescription } from "../../engine/CheckDefinition.js";
import type { SelectedVerdict } from "./vitestBridge.js";

/** The plan as it crosses to the worker: ids and operations only. */
export function toSelectedVerdicts(planned: readonly PlannedCheck[]): SelectedVerdict[] {
  return planned.map(({ check, operation }) => ({ checkId: check.id, operation }));
}

/** The plan again in the worker; an id the catalogue lacks is a bug of ours, not the user's. */
export function fromSelectedVerdicts<C extends CheckDescription>(
  verdicts: readonly SelectedVerdict[],
  catalogue: CheckCatalogue<C>,
): PlannedCheck<C>[] {
  const byId = new Map(catalogue.checks.map((check) => [check.id, check]));
  return verdicts.map(({ checkId, operation }) => {
    const check = byId.get(checkId);
    if (!check) throw new Error(`fromSelectedVerdicts: the catalogue has no check ${JSON.stringify(checkId)}`);
    return { check, operation };
  });
}
