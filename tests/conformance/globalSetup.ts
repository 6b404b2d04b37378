/**
 * Lets `vitest --project conformance` run on its own (the CLI's conformance project has no globalSetup:
 * runner/execute/vitest/conformanceProject.ts): when the run was not provided,
 * the settings are read from the environment (CMS_BASE_URL, CMS_CLIENT_ID, CMS_TOKEN, …) and the
 * verdicts selected here, once. What that needs (the catalogue, every check) is loaded only then: this
 * file runs in the CLI's main thread, which has no other use for the checks' modules (issue 28.3).
 */
import type { TestProject } from "vitest/node";
import "../../runner/execute/vitest/vitestBridge.js";

/** Provides the run from the environment unless the CLI already did. */
export default async function setup(project: TestProject): Promise<void> {
  if (project.getProvidedContext().cmsConformanceRun) return;
  const [{ planRun }, { toSelectedVerdicts }, { settingsFromEnvironment }, { CHECK_CATALOGUE }] = await Promise.all([
    import("../../runner/planRun.js"),
    import("../../runner/execute/vitest/selectedVerdicts.js"),
    import("../../runner/settings/resolveRunSettings.js"),
    import("../../checks/checkCatalogue.js"),
  ]);
  const settings = settingsFromEnvironment(process.env);
  project.provide("cmsConformanceRun", { settings, verdicts: toSelectedVerdicts(planRun(settings, CHECK_CATALOGUE)) });
}
