/**
 * Lets `vitest --project conformance` run on its own: when the CLI did not provide settings,
 * they are read from the environment (CMS_BASE_URL, CMS_CLIENT_ID, CMS_TOKEN, …).
 */
import type { TestProject } from "vitest/node";
import "../../runner/vitest/vitestBridge.js";
import { settingsFromEnvironment } from "../../runner/settings/resolveRunSettings.js";

/** Provides settings from the environment unless the CLI already did. */
export default function setup(project: TestProject): void {
  if (project.getProvidedContext().cmsConformanceSettings) return;
  project.provide("cmsConformanceSettings", settingsFromEnvironment(process.env));
}
