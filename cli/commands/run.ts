/**
 * `cms-conformance run`: parses the options, checks them once, and picks the reporters: the
 * console while the engine runs, then the report files (STYLE: the CLI only parses options and
 * chooses reporters; runner/runConformance.ts is the engine and writes nothing).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { TypedOption } from "../../runner/report/reproduceTypedCommand.js";
import {
  chosenFormats,
  reportFilesOf,
  reporterEntry,
  type ReporterName,
} from "../../reports/reporters/reporterRegistry.js";
import { createRunReporters } from "../../reports/reporters/runReporters.js";
import type { RunningReferenceServer } from "../../reference/startReferenceServer.js";
import { UnknownCheckError } from "../../runner/engine/CheckCatalogue.js";
import { runSecrets } from "../../runner/engine/createTargetSession.js";
import { EXCHANGE_LOG_DEFAULTS } from "../../runner/engine/ExchangeLog.js";
import { openExchangeMirror, type ExchangeMirror } from "../../runner/engine/exchangeMirror.js";
import type { ExchangeLogSnapshot } from "../../runner/model/ExchangeLogSnapshot.js";
import type { RunReport } from "../../runner/model/RunReport.js";
import type { RunSettings } from "../../runner/model/RunSettings.js";
import type { CheckExecutor } from "../../runner/execute/CheckExecutor.js";
import { runConformance } from "../../runner/runConformance.js";
import { listenForLearnedSecrets } from "../../runner/http/learnedSecrets.js";
import { obtainCommandTokens } from "../../runner/settings/obtainCommandTokens.js";
import { waitForTarget } from "../../runner/waitForTarget.js";
import { ConfigurationError } from "../../runner/model/ConfigurationError.js";
import type { ConfigLayer, LayerOrValues } from "../../runner/settings/ConfigLayer.js";
import { configFromEnvironment } from "../../runner/settings/configFromEnvironment.js";
import { resolveRunConfig } from "../../runner/settings/resolveRunConfig.js";
import { refuseTargetInputsWithoutBaseUrl } from "../../runner/settings/refuseTargetInputsWithoutBaseUrl.js";
import type { RunConfigFile } from "../../runner/model/runOptions/runOptionTable.js";
import { CHECK_DESCRIPTIONS } from "../../checks/checkDescriptions.js";
import { WaiversFileError } from "../../runner/waivers/WaiversFileError.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { exitOfGate } from "../exitOfGate.js";
import { parseCommandLine } from "../parseCommandLine.js";
import { prepareOutFolder } from "../prepareOutFolder.js";
import { outOfArgv, StaleReportGuard } from "../staleReportGuard.js";
import { lockOutFolder } from "../outFolderLock.js";
import { refuseForeignFiles } from "../refuseForeignFiles.js";
import { renderRunHelp } from "../renderRunHelp.js";
import { DEFAULT_OUT_DIR, RUN_OPTIONS } from "../runOptions.js";
import { flagsLayer } from "../flagsLayer.js";
import { bundledOrGivenTarget } from "../bundledOrGivenTarget.js";
import { readRunInputs, type RunFlagValues, type RunInputs } from "../runInputs.js";
import { catchStopSignals, type StopSignals } from "../runStopSignals.js";

export { DEFAULT_OUT_DIR };

/** Help text of the command. */
export const RUN_HELP = renderRunHelp();

/** parseArgs options, from the option list. */
export const PARSE_OPTIONS = Object.fromEntries(
  RUN_OPTIONS.map((option) => [
    option.name,
    {
      type: option.value ? ("string" as const) : ("boolean" as const),
      ...(option.short ? { short: option.short } : {}),
      ...(option.repeatable ? { multiple: true } : {}),
    },
  ]),
);

/** Options whose values are secrets: a sentence says they were given twice, never what they were. */
const SECRET_OPTIONS: readonly string[] = RUN_OPTIONS.filter((option) => option.secretVariable !== undefined).map(
  (option) => option.name,
);

/** What tests may replace: how checks run (in process instead of through vitest) and today's date. */
export interface RunCommandDependencies {
  readonly executor?: CheckExecutor;
  readonly today?: string;
}

/** A short option's name as typed (-x), a long one's by its name. */
function optionName(token: { readonly name: string; readonly rawName: string }): string {
  return token.rawName.startsWith("--") ? token.name : token.rawName;
}

/** The options of `argv` as typed, by long name, for the Reproduce line (argv has been parsed without error). */
function typedOptions(argv: readonly string[]): TypedOption[] {
  const { tokens } = parseArgs({ args: [...argv], options: PARSE_OPTIONS, strict: true, tokens: true });
  return tokens.flatMap((token) =>
    token.kind === "option"
      ? [token.value === undefined ? { name: optionName(token) } : { name: optionName(token), value: token.value }]
      : [],
  );
}

/**
 * The base URL as the Reproduce line must give it when CMS_BASE_URL gave it (and no flag overrode it): as
 * "$CMS_BASE_URL", so that a pasted line judges that target, never the bundled server (issue 50.2).
 */
function baseUrlFromEnvironment(environment: ConfigLayer, flags: ConfigLayer): TypedOption[] {
  if (environment.values.baseUrl === undefined || flags.values.baseUrl !== undefined) return [];
  return [{ name: "base-url", variable: environment.nameOf("baseUrl") }];
}

/** The formats asked for (the console added when none is a terminal one), and whether one needs the exchanges (har). */
function formatsOf(merged: RunConfigFile): { readonly formats: ReporterName[]; readonly wantsHar: boolean } {
  const formats = chosenFormats(merged.formats);
  return { formats, wantsHar: formats.some((format) => reporterEntry(format).needsExchanges === true) };
}

/** What a run holds open until it ends: the bundled server, the listener of learned secrets, the HAR mirror. */
interface OpenResources {
  server?: RunningReferenceServer;
  /** Releases the lock of the report folder (outFolderLock.ts). */
  releaseLock?: () => void;
  learnedSecrets?: ReturnType<typeof listenForLearnedSecrets>;
  mirror?: ExchangeMirror;
}

/** Everything the run needs once its options are checked. */
interface PreparedRun {
  readonly settings: RunSettings;
  readonly merged: RunConfigFile;
  readonly outDir: string;
  readonly formats: readonly ReporterName[];
  readonly wantsHar: boolean;
  readonly wait?: RunInputs["wait"];
}

/** Checks every option once, before anything starts (the bundled server, the folder, the first request). */
async function prepareRun(
  argv: readonly string[],
  values: RunFlagValues,
  inputs: RunInputs,
  env: NodeJS.ProcessEnv,
  open: OpenResources,
  outFolder: StaleReportGuard,
): Promise<PreparedRun> {
  // A re-run takes seed, profile and examples from the earlier report, below the flags.
  const environment = configFromEnvironment(env);
  const flags = flagsLayer(values);
  const layers: LayerOrValues[] = [...inputs.config, environment, ...(inputs.rerun ? [inputs.rerun.layer] : []), flags];
  const merged = resolveRunConfig(layers);
  refuseTargetInputsWithoutBaseUrl(layers);
  outFolder.learn(merged.out);
  // Tokens printed by --token-command and --restricted-token-command sit above every other source.
  if (merged.baseUrl !== undefined) layers.push(await obtainCommandTokens(merged));
  const { formats, wantsHar } = formatsOf(merged);
  const outDir = prepareOutFolder(merged.out ?? DEFAULT_OUT_DIR, reportFilesOf(formats));
  // One run per folder; only then are the earlier run's reports removed (never another live run's).
  open.releaseLock = lockOutFolder(outDir);
  outFolder.learn(outDir);
  outFolder.removeStale();
  refuseForeignFiles(outDir, reportFilesOf(formats));
  const target = await bundledOrGivenTarget(merged, layers);
  open.server = target.server;
  // The checks' thread mirrors each exchange here: a run stopped by a signal still writes its HAR.
  open.mirror = wantsHar ? openExchangeMirror(EXCHANGE_LOG_DEFAULTS.limit) : undefined;
  const { rerun, shard } = inputs;
  const settings: RunSettings = {
    ...target.settings,
    ...(wantsHar ? { exchangeLogLimit: EXCHANGE_LOG_DEFAULTS.limit } : {}),
    ...(open.mirror ? { exchangeChannel: open.mirror.name } : {}),
    typedOptions: [...baseUrlFromEnvironment(environment, flags), ...typedOptions(argv)],
    ...(rerun ? { rerunFailed: { report: rerun.given, verdicts: rerun.verdicts } } : {}),
    ...(shard ? { shard } : {}),
  };
  return { settings, merged, outDir, formats, wantsHar, ...(inputs.wait ? { wait: inputs.wait } : {}) };
}

/** Runs the prepared run, writes its reports and says how it ended. */
async function executeRun(
  run: PreparedRun,
  io: CliIo,
  deps: RunCommandDependencies,
  open: OpenResources,
  stopSignals: StopSignals,
): Promise<number> {
  const { settings, merged, wait } = run;
  let exchanges: ExchangeLogSnapshot | undefined;
  // Tokens obtained anew mid-run (--token-command) are announced by the thread that runs the checks.
  const learnedSecrets = (open.learnedSecrets = listenForLearnedSecrets());
  const secrets = runSecrets(settings);
  const knownSecrets = () => [...secrets, ...learnedSecrets.secrets()];
  const reporters = createRunReporters(run.formats, { stream: io.stdout, outDir: run.outDir, secrets: knownSecrets });
  if (settings.insecure)
    io.stderr.write("warning: --insecure: TLS certificates are not verified; every report records it.\n");
  if (wait) {
    io.stderr.write(`waiting up to ${wait.text} for ${settings.baseUrl} to answer (--wait-for-target) …\n`);
    const tries = await waitForTarget(settings, wait.ms, wait.text, stopSignals.signal);
    // A signal ended the wait: the run it cancelled never starts, whether or not the target came up since.
    if (tries === undefined) {
      io.stderr.write(
        `cms-conformance run: stopped while waiting for the target; no check ran, no report was written\n`,
      );
      return stopSignals.exitCode() ?? EXIT.failed;
    }
  }
  const report = await runConformance({
    signal: stopSignals.signal,
    settings,
    catalogue: CHECK_DESCRIPTIONS,
    observer: {
      onRunStart: (start) => reporters.start(start),
      onResult: (result) => reporters.result(result),
      onExchanges: (log) => (exchanges = log),
    },
    ...(merged.waivers ? { waiversFile: merged.waivers } : {}),
    ...(deps.executor ? { executor: deps.executor } : {}),
    ...(deps.today ? { today: deps.today } : {}),
  });
  if (run.wantsHar && exchanges === undefined) exchanges = await open.mirror?.snapshot();
  reporters.end({ report, ...(exchanges ? { exchanges } : {}) });
  try {
    await reporters.write();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(
      `cannot write the reports into ${run.outDir} (${code}); give a folder you can write to with --out`,
    );
  }
  return exitCodeOf(report, io, stopSignals);
}

/** The exit code of a finished run. */
function exitCodeOf(report: RunReport, io: CliIo, stopSignals: StopSignals): number {
  const stopped = stopSignals.exitCode();
  if (stopped !== undefined) return stopped;
  // The suite's own trouble (a token command, a proxy, the client's limits) is no verdict on the target: exit 2, one sentence.
  if (report.meta.suiteTrouble !== undefined) {
    io.stderr.write(`cms-conformance run: ${report.meta.suiteTrouble}\n`);
    return EXIT.usage;
  }
  return exitOfGate(report, "run", io);
}

/** The report folder as the command line names it: --out, else the default unless a --config file may name another. */
function initialOutFolder(argv: readonly string[]): string | undefined {
  const out = outOfArgv(argv);
  if (out !== undefined) return out;
  const namesOut = argv.some((word) => word === "--out" || word.startsWith("--out="));
  const config = argv.some((word) => word === "--config" || word.startsWith("--config="));
  // Unknown until the config file is read (or when two --out differ): an error before then touches no folder.
  return namesOut || config ? undefined : DEFAULT_OUT_DIR;
}

/** What a config file read without error says of the folder (when --out gives none): its `out`, or the default. */
function learnConfigOut(outFolder: StaleReportGuard, folder: unknown): void {
  if (folder === undefined) outFolder.learn(DEFAULT_OUT_DIR);
  else if (typeof folder === "string" && folder.trim() !== "") outFolder.learn(folder);
  // A wrong `out` is refused with the rest of the file: no folder is touched.
  else outFolder.forget();
}

/** A mistake of the user's, as a usage error (one sentence, exit 2); anything else as it is. */
function asUsageError(error: unknown): unknown {
  const mistake =
    error instanceof ConfigurationError || error instanceof UnknownCheckError || error instanceof WaiversFileError;
  return mistake ? new UsageError(error.message) : error;
}

/** Runs the command; returns its exit code. */
export async function runCommand(
  argv: readonly string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
  deps: RunCommandDependencies = {},
): Promise<number> {
  const outFolder = new StaleReportGuard(initialOutFolder(argv));
  let values: RunFlagValues;
  try {
    ({ values } = parseCommandLine("run", argv, PARSE_OPTIONS, false, SECRET_OPTIONS));
  } catch (error) {
    if (!argv.includes("--help") && !argv.includes("-h")) outFolder.removeStale();
    throw error;
  }
  if (values.help === true) {
    io.stdout.write(RUN_HELP);
    return EXIT.ok;
  }
  const open: OpenResources = {};
  const stopSignals = catchStopSignals(io);
  try {
    // The report a re-run reads is its input, never removed as an earlier run's (--rerun-failed DIR --out DIR).
    const rerunGiven = values["rerun-failed"];
    if (typeof rerunGiven === "string")
      for (const path of [rerunGiven, join(rerunGiven, "report.json")]) outFolder.keep(path);
    const inputs = readRunInputs(values, (folder) => learnConfigOut(outFolder, folder));
    if (inputs.rerun && inputs.rerun.verdicts.length === 0) {
      outFolder.removeStale();
      io.stdout.write(`Nothing to re-run: no verdict of ${inputs.rerun.file} failed or errored.\n`);
      return EXIT.ok;
    }
    const run = await prepareRun(argv, values, inputs, env, open, outFolder);
    return await executeRun(run, io, deps, open, stopSignals);
  } catch (error) {
    // No new report: an earlier run's must not stay looking current (a crash of ours included).
    outFolder.removeStale();
    throw asUsageError(error);
  } finally {
    open.learnedSecrets?.close();
    open.mirror?.close();
    stopSignals.release();
    open.releaseLock?.();
    await open.server?.close();
  }
}
