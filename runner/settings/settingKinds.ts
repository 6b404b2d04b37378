/** What the run-option table says of kinds of settings, by key: secrets, paths, settings merged per entry, variables. */
import { SETTING_ROWS, type SettingKey } from "../model/runOptions/runOptionTable.js";

/** The secrets sent as header values (§5): trimmed, never shown in a sentence. */
export const SECRET_KEYS: readonly SettingKey[] = SETTING_ROWS.filter((row) => row.sentAsHeader).map(
  (row) => row.setting,
);

/** Settings of a config file that name files or folders: a relative one is relative to the file, not to where the run starts. */
export const PATH_KEYS: readonly SettingKey[] = SETTING_ROWS.filter((row) => row.relativeToConfigFile).map(
  (row) => row.setting,
);

/** Settings merged per entry rather than replaced: a --header adds to the file's headers. */
export const MERGED_PER_ENTRY: readonly SettingKey[] = SETTING_ROWS.filter((row) => row.mergedPerEntry).map(
  (row) => row.setting,
);

/** Environment variables, by setting. */
export const ENVIRONMENT_VARIABLES: Readonly<Partial<Record<SettingKey, string>>> = Object.fromEntries(
  SETTING_ROWS.flatMap((row) => (row.env === undefined ? [] : [[row.setting, row.env]])),
);
