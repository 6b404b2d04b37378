/**
 * Selects the verdicts of a run, once: the CLI process plans, and the vitest worker runs exactly
 * the pairs it is given (execute/vitest/selectedVerdicts.ts) instead of selecting again.
 */
import type { CheckCatalogue, PlannedCheck } from "./engine/CheckCatalogue.js";
import { shardOf } from "./engine/shardOf.js";
import type { RunSettings } from "./model/RunSettings.js";
import { ConfigurationError } from "./model/ConfigurationError.js";

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
export function planRun(settings: RunSettings, catalogue: CheckCatalogue): PlannedCheck[] {
  const rerun = settings.rerunFailed
    ? new Set(settings.rerunFailed.verdicts.map(({ checkId, operation }) => `${checkId} ${operation}`))
    : undefined;
  const selected = catalogue
    .select(settings.checks, settings.excludeChecks, settings.operations)
    .filter(({ check, operation }) => !rerun || rerun.has(`${check.id} ${operation}`));
  if (selected.length === 0) {
    throw new ConfigurationError(
      `the selection ${describeSelection(settings)} matches no verdict, so the run would prove nothing; ` +
        "run cms-conformance list-checks to see which checks cover which operations",
    );
  }
  const { shard } = settings;
  return selected.filter(({ check, operation }) => !shard || shardOf(check.id, operation, shard.count) === shard.index);
}
