/** Settings from CMS_* environment variables, a configuration layer between the config file and the flags. */
import type { ConfigLayer } from "./ConfigLayer.js";
import { refuseMistypedVariables } from "./refuseHalfGivenSettings.js";
import { parseSettingText } from "./runConfigSchema.js";
import { ENVIRONMENT_VARIABLES } from "./settingKinds.js";

/**
 * Settings from CMS_* environment variables, read as flags are. Empty variables count as unset, but for
 * CMS_BASE_URL: set and empty is what a CI job gets from a missing secret, and is refused with the rest.
 * A CMS_ variable two edits or fewer from one the suite reads is refused as a typo (issue 41.1).
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv): ConfigLayer {
  refuseMistypedVariables(env, Object.values(ENVIRONMENT_VARIABLES));
  const values: Record<string, unknown> = {};
  const typed: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const [key, variable] of Object.entries(ENVIRONMENT_VARIABLES)) {
    names[key] = variable;
    const text = env[variable];
    if (text === undefined || (text === "" && key !== "baseUrl")) continue;
    values[key] = parseSettingText(key, text);
    typed[key] = text;
  }
  return { values, typed, nameOf: (key) => names[key] ?? key };
}
