/** How a run against a fault or a variant is configured beyond the reference's own fixtures (docs/design.md §6). */
import type { RunConfigFile } from "../runner/settings/resolveRunSettings.js";

/** A configuration rewrite a fault or a variant declares for the runs against it. */
export interface RunConfigOverride {
  /**
   * Rewrites the configuration layer of a run against it: facts withheld, to prove a check catches
   * the fault without them, or a fact declared, that a legitimate variant needs.
   */
  readonly runConfig?: (config: RunConfigFile) => RunConfigFile;
}

/** The layer without any permission fact of the restricted user (--forbidden-widget … --restricted-sees-all). */
export function withoutPermissionFacts(config: RunConfigFile): RunConfigFile {
  const {
    forbiddenWidgetIds: _widgets,
    forbiddenAnalyticIds: _analytics,
    ownLandingPageIds: _own,
    othersLandingPageIds: _others,
    restrictedSeesAll: _all,
    ...rest
  } = config;
  return rest;
}

/** The layer without the role-filters fact (each role's known filters). */
export function withoutRoleFilterFacts(config: RunConfigFile): RunConfigFile {
  const { roleFilters: _facts, ...rest } = config;
  return rest;
}
