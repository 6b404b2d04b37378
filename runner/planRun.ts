/**
 * Selects the verdicts of a run, once: the CLI process plans, and the vitest worker runs exactly
 * the pairs it is given (by check id) instead of selecting again.
 */
import { CHECK_CATALOGUE } from "../tests/conformance/checkCatalogue.js";
import type { PlannedCheck } from "./engine/CheckCatalogue.js";
import { shardOf } from "./engine/shardOf.js";
import type { RunSettings } from "./settings/RunSettings.js";
import { ConfigurationError } from "./settings/resolveRunSettings.js";
import type { SelectedVerdict } from "./vitest/vitestBridge.js";

/** The selection as the user wrote it, for a sentence. */
function describeSelection(settings: RunSettings): string {
  const parts = [
    ...(settings.checks.length > 0 ? [`--checks ${settings.checks.join(",")}`] : []),
    ...(settings.excludeChecks.length > 0 ? [`--exclude-checks ${settings.excludeChecks.join(",")}`] : []),
    ...settings.operations.map((operation) => `--operation ${operation}`),
    ...(settings.rerunFailed ? [`--rerun-failed ${settings.rerunFailed.report}`] : []),
  ];
  return parts.join(" ");
}

/**
 * The check × operation pairs the settings select, in report order: the catalogue's selection,
 * narrowed to the verdicts to re-run (--rerun-failed), then to this shard's share (--shard). A
 * selection that matches no pair is refused (ConfigurationError): a run of nothing would pass and
 * prove nothing. An empty shard is not: a fleet of shards can outnumber a small selection.
 */
export function planRun(settings: RunSettings): PlannedCheck[] {
  const rerun = settings.rerunFailed
    ? new Set(settings.rerunFailed.verdicts.map(({ checkId, operation }) => `${checkId} ${operation}`))
    : undefined;
  const selected = CHECK_CATALOGUE.select(settings.checks, settings.excludeChecks, settings.operations).filter(
    ({ check, operation }) => !rerun || rerun.has(`${check.id} ${operation}`),
  );
  if (selected.length === 0) {
    throw new ConfigurationError(
      `the selection ${describeSelection(settings)} matches no verdict, so the run would prove nothing; run cms-conformance list-checks to see which checks cover which operations`,
    );
  }
  const { shard } = settings;
  return selected.filter(({ check, operation }) => !shard || shardOf(check.id, operation, shard.count) === shard.index);
}

/** The plan as it crosses to the worker: ids and operations only. */
export function toSelectedVerdicts(planned: readonly PlannedCheck[]): SelectedVerdict[] {
  return planned.map(({ check, operation }) => ({ checkId: check.id, operation }));
}

/** The plan again in the worker; an id the catalogue lacks is a bug of ours, not the user's. */
export function fromSelectedVerdicts(verdicts: readonly SelectedVerdict[]): PlannedCheck[] {
  const byId = new Map(CHECK_CATALOGUE.checks.map((check) => [check.id, check]));
  return verdicts.map(({ checkId, operation }) => {
    const check = byId.get(checkId);
    if (!check) throw new Error(`fromSelectedVerdicts: the catalogue has no check ${JSON.stringify(checkId)}`);
    return { check, operation };
  });
}
