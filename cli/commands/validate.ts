/** `cms-conformance validate`: checks a captured payload against one body schema. */
import { readFile } from "node:fs/promises";
import { BODY_NAMES, isBodyName } from "../../contract/schemaCatalogue.js";
import { formatSchemaIssue } from "../../contract/schemaIssue.js";
import { validateBody } from "../../contract/validators.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { parseCommandLine } from "../parseCommandLine.js";

/** Help text of the command. */
const VALIDATE_HELP = `Usage: cms-conformance validate --body <name> <file|->
       cms-conformance validate --list

Validates a captured JSON payload against the schema of one body of the interface.

Options:
  --body <name>              body to validate against, e.g. getAnalytic.response (see --list)
  --profile default|strict   strict also fails on departures from the ambiguity register's
                             defaults (e.g. a missing SDK-required field); default: default
  --list                     print the body names and exit
  -h, --help                 show this help

Exit codes: 0 valid, 1 invalid, 2 usage error (unknown body, unreadable file, not JSON).
`;

async function readPayload(source: string, io: CliIo): Promise<string> {
  if (source === "-") return io.readStdin();
  try {
    return await readFile(source, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new UsageError(`cannot read ${source} (${code}); give a readable file, or - for standard input`);
  }
}

function parsePayload(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${source === "-" ? "standard input" : source} is not JSON: ${(error as Error).message}`);
  }
}

/** Runs the command; returns its exit code. */
export async function validateCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    "validate",
    argv,
    {
      body: { type: "string" },
      profile: { type: "string", default: "default" },
      list: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    true,
  );
  if (values.help) {
    io.stdout.write(VALIDATE_HELP);
    return EXIT.ok;
  }
  if (values.list) {
    io.stdout.write(`${BODY_NAMES.join("\n")}\n`);
    return EXIT.ok;
  }
  if (values.profile !== "default" && values.profile !== "strict") {
    throw new UsageError(`--profile must be default or strict, not ${JSON.stringify(values.profile)}`);
  }
  if (!values.body) throw new UsageError("--body <name> is required; run validate --list for the names");
  if (!isBodyName(values.body)) {
    throw new UsageError(`unknown body ${JSON.stringify(values.body)}; run validate --list for the names`);
  }
  if (positionals.length !== 1) throw new UsageError("give exactly one file to validate, or - for standard input");
  const source = positionals[0] as string;
  const payload = parsePayload(await readPayload(source, io), source);

  const result = validateBody(values.body, payload);
  const strict = values.profile === "strict";
  const failures = strict ? [...result.stated, ...result.registerDefaults] : result.stated;
  const warnings = strict ? [] : result.registerDefaults;
  for (const issue of failures) io.stdout.write(`error   ${formatSchemaIssue(issue)}\n`);
  for (const issue of warnings) io.stdout.write(`warning ${formatSchemaIssue(issue)}\n`);
  const label = source === "-" ? "standard input" : source;
  if (failures.length > 0) {
    io.stdout.write(`invalid: ${label} is not a valid ${values.body} (${failures.length} error(s))\n`);
    return EXIT.failed;
  }
  const note = warnings.length > 0 ? ` (${warnings.length} warning(s) on register defaults)` : "";
  io.stdout.write(`valid: ${label} is a valid ${values.body}${note}\n`);
  return EXIT.ok;
}
