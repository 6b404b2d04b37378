/** The command line: picks a command, turns usage mistakes into one sentence and exit 2. */
import { readFileSync } from "node:fs";
import { closestName } from "../runner/settings/closestName.js";
import { EXIT, UsageError, processIo, type CliIo } from "./io.js";
import { fromProjectRoot } from "../contract/projectRoot.js";
import type { RunCommandDependencies } from "./commands/run.js";

type Command = (
  argv: readonly string[],
  io: CliIo,
  env: NodeJS.ProcessEnv,
  runDependencies: RunCommandDependencies,
) => Promise<number>;

const COMMANDS: Record<string, { readonly run: Command; readonly summary: string }> = {
  run: {
    run: async (argv, io, env, runDependencies) =>
      (await import("./commands/run.js")).runCommand(argv, io, env, runDependencies),
    summary: "run the suite against a target (the bundled reference server by default)",
  },
  "list-checks": {
    run: async (argv, io) => (await import("./commands/listChecks.js")).listChecksCommand(argv, io),
    summary: "list every check with its sections, level and operations",
  },
  validate: {
    // Loaded when asked for, like the others: it brings Ajv and the contract's validators (about 30 ms at every start).
    run: async (argv, io) => (await import("./commands/validate.js")).validateCommand(argv, io),
    summary: "validate a captured payload against a body schema",
  },
  serve: {
    run: async (argv, io) => (await import("./commands/serve.js")).serveCommand(argv, io),
    summary: "run the reference server and its faults (--fault, --mode; --help)",
  },
  merge: {
    run: async (argv, io) => (await import("./commands/merge.js")).mergeCommand(argv, io),
    summary: "combine the reports of the shards of one run (run --shard I/N) into one report folder",
  },
  openapi: {
    run: async (argv, io) => (await import("./commands/openapi.js")).openapiCommand(argv, io),
    summary: "print the OpenAPI 3.1 document of the contract (--out FILE)",
  },
  completion: {
    run: async (argv, io) => (await import("./commands/completion.js")).completionCommand(argv, io),
    summary: "print a shell completion script: completion bash, completion zsh",
  },
};

/** The version of this suite, from package.json. */
const VERSION: string = (JSON.parse(readFileSync(fromProjectRoot("package.json"), "utf8")) as { version: string })
  .version;

/** Top-level help. */
function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: cms-conformance <command> [options]
       cms-conformance --version

Conformance suite for the Content Management and Role Filter Query Interface.

Commands:
${lines.join("\n")}

Run cms-conformance <command> --help for a command's options.
`;
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}

/**
 * Runs the CLI with `argv` (without node and the script) and `env` (CMS_* settings); returns the exit code.
 * `runDependencies` reach `run` (the bin's vitest, started early).
 */
export async function main(
  argv: readonly string[],
  io: CliIo = processIo(),
  env: NodeJS.ProcessEnv = process.env,
  runDependencies: RunCommandDependencies = {},
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === "--version" || name === "-V") {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    const guess = closestName(name.replace(/^-+/, ""), Object.keys(COMMANDS));
    io.stderr.write(
      `cms-conformance: unknown command ${JSON.stringify(name)}; ${guess ? `did you mean ${guess}? ` : ""}run cms-conformance --help for the commands\n`,
    );
    return EXIT.usage;
  }
  try {
    return await command.run(rest, io, env, runDependencies);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr.write(`cms-conformance ${name}: ${(error as Error).message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
