/** The `export …` line a reader runs before a command that names the run's secrets as shell variables. */

/** The credential variables, in the order the line names them; `--header` secrets ($CMS_HEADER_<NAME>) follow in the order they occur. */
const SECRET_VARIABLES: readonly string[] = [
  "CMS_TOKEN",
  "CMS_RESTRICTED_TOKEN",
  "CMS_CLIENT_ID",
  "CMS_TOKEN_COMMAND",
  "CMS_RESTRICTED_TOKEN_COMMAND",
];

/** `export CMS_TOKEN=… CMS_CLIENT_ID=…` naming exactly the secret variables `command` uses; undefined when it uses none. */
export function exportLine(command: string): string | undefined {
  const used = [...new Set([...command.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? ""))];
  const names = [
    ...SECRET_VARIABLES.filter((name) => used.includes(name)),
    ...used.filter((name) => name.startsWith("CMS_HEADER_")),
  ];
  return names.length > 0 ? `export ${names.map((name) => `${name}=…`).join(" ")}` : undefined;
}
