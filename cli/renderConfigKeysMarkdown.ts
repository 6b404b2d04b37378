/** The config-key tables of docs/config-file.md, made from the options table (npm run generate). */
import { markdownCell } from "../contract/readmeTables.js";
import { CONFIG_FILE_KEYS, CONFIG_ONLY_KEYS } from "./configFileKeys.js";
import { describeConfigValue } from "./describeConfigValue.js";
import { defaultTextOf, RUN_OPTIONS } from "./runOptions.js";

/** Every key of a config file: the flag that sets it, what it takes, its default and what it does. */
export function renderConfigKeysMarkdown(): string {
  const fromFlags = RUN_OPTIONS.flatMap((option) => {
    if (option.setting === undefined) return [];
    const flag = `\`--${option.name}\`${option.repeatable ? " (repeatable)" : ""}`;
    const value = markdownCell(describeConfigValue(option.setting, option));
    return [
      `| \`${option.name}\` | ${flag} | ${value} | ${markdownCell(defaultTextOf(option) ?? "")} | ${markdownCell(option.help)} |`,
    ];
  });
  const fileOnly = CONFIG_ONLY_KEYS.map(
    (key) =>
      `| \`${key.fileKey}\` | none: only a config file holds it | ${markdownCell(describeConfigValue(key.setting))} |  | ${markdownCell(key.help)} |`,
  );
  return ["| config key | flag | value | default | meaning |", "|---|---|---|---|---|", ...fromFlags, ...fileOnly].join(
    "\n",
  );
}

/** The keys of the earlier vocabulary (the settings' own names), each with the key that replaced it. */
export function renderRenamedConfigKeysMarkdown(): string {
  const renamed = CONFIG_FILE_KEYS.filter((key) => key.setting !== key.fileKey);
  return [
    "| earlier key | key now |",
    "|---|---|",
    ...renamed.map((key) => `| \`${key.setting}\` | \`${key.fileKey}\` |`),
  ].join("\n");
}
