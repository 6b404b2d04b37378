/**
 * Lets `vitest --project conformance` run on its own: when the CLI did not provide the run,
 * the settings are read from the environment (CMS_BASE_URL, CMS_CLIENT_ID, CMS_TOKEN, …) and the
 * verdicts selected here, once.
 */
import type { TestProject } from "vitest/node";
import "../../runner/vitest/vitestBridge.js";
import { planRun, toSelectedVerdicts } from "../../runner/planRun.js";
import { settingsFromEnvironment } from "../../runner/settings/resolveRunSettings.js";

/** Provides the run from the environment unless the CLI already did. */
export default function setup(project: TestProject): void {
  if (project.getProvidedContext().cmsConformanceRun) return;
  const settings = settingsFromEnvironment(process.env);
  project.provide("cmsConformanceRun", { settings, verdicts: toSelectedVerdicts(planRun(settings)) });
}
