/** Runs CLI commands in this process with captured streams, as the bin would, for the CLI's tests. */
import { main } from "../../../cli/main.js";
import { runCommand, type RunCommandDependencies } from "../../../cli/commands/run.js";
import { EXIT, UsageError, type CliIo } from "../../../cli/io.js";

/** What a command printed and its exit code. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function capture(): { io: CliIo; out: () => { stdout: string; stderr: string } } {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readStdin: async () => "",
  };
  return { io, out: () => ({ stdout, stderr }) };
}

/** `cms-conformance ARGV` with only `env` as the environment. */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const { io, out } = capture();
  const code = await main(argv, io, env);
  return { code, ...out() };
}

/** `cms-conformance run ARGV` with replaced dependencies (the in-process executor), usage errors as main reports them. */
export async function runWith(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  deps: RunCommandDependencies,
): Promise<CliResult> {
  const { io, out } = capture();
  try {
    const code = await runCommand(argv, io, env, deps);
    return { code, ...out() };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`cms-conformance run: ${error.message}\n`);
    return { code: EXIT.usage, ...out() };
  }
}
