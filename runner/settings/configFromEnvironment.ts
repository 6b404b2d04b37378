/** Settings from CMS_* environment variables, a configuration layer between the config file and the flags. */
import type { ConfigLayer } from "./ConfigLayer.js";
import { refuseMistypedVariables } from "./refuseHalfGivenSettings.js";
import { parseSettingText } from "./runConfigSchema.js";
import { ENVIRONMENT_VARIABLES, SECRET_KEYS } from "./settingKinds.js";

/**
 * Settings from CMS_* environment variables, read as flags are. Empty variables count as unset, but for
 * CMS_BASE_URL and the secrets (CMS_CLIENT_ID, CMS_TOKEN, CMS_RESTRICTED_TOKEN): set and empty is what a CI job
 * gets from a missing secret, and is refused with the rest (issue 50.5: an empty CMS_RESTRICTED_TOKEN taken as
 * absent skipped the permission checks and passed).
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
    const keptEmpty = key === "baseUrl" || SECRET_KEYS.includes(key as never);
    if (text === undefined || (text === "" && !keptEmpty)) continue;
    values[key] = parseSettingText(key, text);
    typed[key] = text;
  }
  return { values, typed, nameOf: (key) => names[key] ?? key };
}
