/**
 * Lets `vitest --project conformance` run on its own: when the CLI did not provide the run,
 * the settings are read from the environment (CMS_BASE_URL, CMS_CLIENT_ID, CMS_TOKEN, …) and the
 * verdicts selected here, once.
 */
import type { TestProject } from "vitest/node";
import "../../runner/execute/vitest/vitestBridge.js";
import { planRun } from "../../runner/planRun.js";
import { toSelectedVerdicts } from "../../runner/execute/vitest/selectedVerdicts.js";
import { settingsFromEnvironment } from "../../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "./checkCatalogue.js";

/** Provides the run from the environment unless the CLI already did. */
export default function setup(project: TestProject): void {
  if (project.getProvidedContext().cmsConformanceRun) return;
  const settings = settingsFromEnvironment(process.env);
  project.provide("cmsConformanceRun", { settings, verdicts: toSelectedVerdicts(planRun(settings, CHECK_CATALOGUE)) });
}
