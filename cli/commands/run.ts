/**
 * `cms-conformance run`: parses the options, checks them once, and picks the reporters: the
 * console while the engine runs, then the report files (STYLE: the CLI only parses options and
 * chooses reporters; runner/runConformance.ts is the engine and writes nothing).
 */
import { parseArgs } from "node:util";
import type { TypedOption } from "../../runner/report/reproduceTypedCommand.js";
import { chosenFormats, reportFilesOf, reporterEntry } from "../../reports/reporters/reporterRegistry.js";
import { createRunReporters } from "../../reports/reporters/runReporters.js";
import type { RunningReferenceServer } from "../../reference/startReferenceServer.js";
import { UnknownCheckError } from "../../runner/engine/CheckCatalogue.js";
import { runSecrets } from "../../runner/engine/createTargetSession.js";
import { EXCHANGE_LOG_DEFAULTS } from "../../runner/engine/ExchangeLog.js";
import { openExchangeMirror, type ExchangeMirror } from "../../runner/engine/exchangeMirror.js";
import type { ExchangeLogSnapshot } from "../../runner/model/ExchangeLogSnapshot.js";
import type { CheckExecutor } from "../../runner/execute/CheckExecutor.js";
import { runConformance } from "../../runner/runConformance.js";
import { listenForLearnedSecrets } from "../../runner/http/learnedSecrets.js";
import { obtainCommandTokens } from "../../runner/settings/obtainCommandTokens.js";
import { waitForTarget } from "../../runner/waitForTarget.js";
import { parseDurationOption } from "../../runner/settings/parseDurationOption.js";
import { ConfigurationError } from "../../runner/model/ConfigurationError.js";
import {
  configFromEnvironment,
  readConfigFile,
  resolveRunConfig,
  resolveRunSettings,
  type ConfigLayer,
  type RunConfigFile,
} from "../../runner/settings/resolveRunSettings.js";
import { parseShardOption } from "../../runner/settings/parseShardOption.js";
import { readRerunReport } from "../../runner/settings/readRerunReport.js";
import { CHECK_DESCRIPTIONS } from "../../checks/checkDescriptions.js";
import { WaiversFileError } from "../../runner/waivers/WaiversFileError.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { parseCommandLine } from "../parseCommandLine.js";
import { prepareOutFolder } from "../prepareOutFolder.js";
import { removeStaleReports } from "../removeStaleReports.js";
import { EVERY_REPORT_FILE, outOfArgv, StaleReportGuard } from "../staleReportGuard.js";
import { renderRunHelp } from "../renderRunHelp.js";
import { DEFAULT_OUT_DIR, RUN_OPTIONS } from "../runOptions.js";
import { CONFIG_FILE_KEYS } from "../configFileKeys.js";
import { flagsLayer } from "../flagsLayer.js";

/**
 * What the run knows of the bundled reference beyond its facts: it answers on loopback in milliseconds, so a
 * generous bound lets performance.response-time judge instead of skipping (issue 44: npm start with no skip).
 * A slower answer is only a warning; a --max-response-time the user gives wins (a later layer).
 */
const BUNDLED_REFERENCE_BOUNDS = { maxResponseTimeMs: 10_000 };

export { DEFAULT_OUT_DIR };

/** Help text of the command. */
export const RUN_HELP = renderRunHelp();

/** Exit codes of a run stopped by a signal (128 + the signal's number, as shells report it). */
const EXIT_ON_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;

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

/** What tests may replace: how checks run (in process instead of through vitest) and today's date. */
export interface RunCommandDependencies {
  readonly executor?: CheckExecutor;
  readonly today?: string;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
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

/** Runs the command; returns its exit code. */
export async function runCommand(
  argv: readonly string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
  deps: RunCommandDependencies = {},
): Promise<number> {
  const outFolder = new StaleReportGuard(outOfArgv(argv) ?? DEFAULT_OUT_DIR);
  let values: ReturnType<typeof parseCommandLine<typeof PARSE_OPTIONS>>["values"];
  try {
    ({ values } = parseCommandLine("run", argv, PARSE_OPTIONS));
  } catch (error) {
    if (!argv.includes("--help") && !argv.includes("-h")) outFolder.removeStale();
    throw error;
  }
  if (values.help === true) {
    io.stdout.write(RUN_HELP);
    return EXIT.ok;
  }
  let server: RunningReferenceServer | undefined;
  let learnedSecrets: ReturnType<typeof listenForLearnedSecrets> | undefined;
  let mirror: ExchangeMirror | undefined;
  // SIGINT and SIGTERM stop the run, not the process: the reports of what finished are written (a
  // second signal ends the process at once).
  const interruption = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (interruption.signal.aborted) process.exit(EXIT_ON_SIGNAL[signal as keyof typeof EXIT_ON_SIGNAL]);
    io.stderr.write(
      `\n${signal}: stopping the run and writing the reports of what finished (${signal} again stops at once)\n`,
    );
    interruption.abort(signal);
  };
  for (const signal of Object.keys(EXIT_ON_SIGNAL)) process.on(signal, onSignal);
  try {
    const config = typeof values.config === "string" ? [readConfigFile(values.config, CONFIG_FILE_KEYS)] : [];
    if (typeof values.out !== "string") outFolder.learn(config[0]?.values.out as string | undefined);
    // A re-run takes seed, profile and examples from the earlier report, below the flags.
    const rerunFile = typeof values["rerun-failed"] === "string" ? values["rerun-failed"] : undefined;
    const rerun = rerunFile !== undefined ? readRerunReport(rerunFile, CHECK_DESCRIPTIONS.ids()) : undefined;
    if (rerun && rerun.verdicts.length === 0) {
      outFolder.removeStale();
      io.stdout.write(`Nothing to re-run: no verdict of ${rerun.file} failed or errored.\n`);
      return EXIT.ok;
    }
    const rerunLayer: ConfigLayer[] = rerun
      ? [{ values: rerun.layer as Record<string, unknown>, nameOf: (key) => `${key} of the report ${rerunFile}` }]
      : [];
    const shard = parseShardOption(typeof values.shard === "string" ? values.shard : undefined);
    const waitText = typeof values["wait-for-target"] === "string" ? values["wait-for-target"] : undefined;
    const waitMs = waitText === undefined ? undefined : parseDurationOption([waitText]);
    if (waitText !== undefined && (typeof waitMs !== "number" || waitMs <= 0)) {
      throw new UsageError(
        `--wait-for-target takes a duration such as 30s, 2m or 1500ms, not ${JSON.stringify(waitText)}`,
      );
    }
    const layers: (ConfigLayer | RunConfigFile)[] = [
      ...config,
      configFromEnvironment(env),
      ...rerunLayer,
      flagsLayer(values),
    ];
    // Validated once, before anything starts: the bundled server, the folder, the first request.
    const merged = resolveRunConfig(layers);
    outFolder.learn(merged.out);
    // Tokens printed by --token-command and --restricted-token-command sit above every other source.
    if (merged.baseUrl !== undefined) layers.push(await obtainCommandTokens(merged));
    let settings = merged.baseUrl === undefined ? undefined : resolveRunSettings(layers);
    const formats = chosenFormats(merged.formats);
    const wantsHar = formats.some((format) => reporterEntry(format).needsExchanges === true);
    const outDir = prepareOutFolder(merged.out ?? DEFAULT_OUT_DIR, reportFilesOf(formats));
    removeStaleReports(outDir, EVERY_REPORT_FILE);
    if (!settings) {
      // The bundled server answers where the run will ask (--operation-path without --base-url).
      // Loaded only for the bundled target: a run against another target never loads the reference.
      const { startReferenceServer } = await import("../../reference/startReferenceServer.js");
      const { referenceRunConfig } = await import("../../reference/referenceRunConfig.js");
      server = await startReferenceServer({
        port: 0,
        ...(merged.operationPaths ? { operationPaths: merged.operationPaths } : {}),
      });
      // The bundled server's own credentials win: any other client id or token can only be refused by it.
      const { clientId, token, restrictedToken } = referenceRunConfig(server);
      settings = resolveRunSettings(
        [referenceRunConfig(server), BUNDLED_REFERENCE_BOUNDS, ...layers, { clientId, token, restrictedToken }],
        true,
      );
    }
    // The checks' thread mirrors each exchange here: a run stopped by a signal still writes its HAR.
    mirror = wantsHar ? openExchangeMirror(EXCHANGE_LOG_DEFAULTS.limit) : undefined;
    settings = {
      ...settings,
      ...(wantsHar ? { exchangeLogLimit: EXCHANGE_LOG_DEFAULTS.limit } : {}),
      ...(mirror ? { exchangeChannel: mirror.name } : {}),
      typedOptions: typedOptions(argv),
      ...(rerun && rerunFile !== undefined ? { rerunFailed: { report: rerunFile, verdicts: rerun.verdicts } } : {}),
      ...(shard ? { shard } : {}),
    };
    let exchanges: ExchangeLogSnapshot | undefined;
    // Tokens obtained anew mid-run (--token-command) are announced by the thread that runs the checks.
    learnedSecrets = listenForLearnedSecrets();
    const secrets = runSecrets(settings);
    const knownSecrets = () => [...secrets, ...(learnedSecrets?.secrets() ?? [])];
    const reporters = createRunReporters(formats, { stream: io.stdout, outDir, secrets: knownSecrets });
    if (settings.insecure)
      io.stderr.write("warning: --insecure: TLS certificates are not verified; every report records it.\n");
    if (typeof waitMs === "number" && waitText !== undefined) {
      io.stderr.write(`waiting up to ${waitText} for ${settings.baseUrl} to answer (--wait-for-target) …\n`);
      await waitForTarget(settings, waitMs, waitText);
    }
    const report = await runConformance({
      signal: interruption.signal,
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
    if (wantsHar && exchanges === undefined) exchanges = await mirror?.snapshot();
    reporters.end({ report, ...(exchanges ? { exchanges } : {}) });
    try {
      await reporters.write();
    } catch (error) {
      throw new UsageError(
        `cannot write the reports into ${outDir} (${errorCode(error)}); give a folder you can write to with --out`,
      );
    }
    const stoppedBy = interruption.signal.aborted ? (interruption.signal.reason as NodeJS.Signals) : undefined;
    if (stoppedBy) return EXIT_ON_SIGNAL[stoppedBy as keyof typeof EXIT_ON_SIGNAL] ?? EXIT.failed;
    // The suite's own trouble (a token command, a proxy, the client's limits) is no verdict on the target: exit 2, one sentence.
    if (report.meta.suiteTrouble !== undefined) {
      io.stderr.write(`cms-conformance run: ${report.meta.suiteTrouble}\n`);
      return EXIT.usage;
    }
    return report.verdict === "pass" ? EXIT.ok : EXIT.failed;
  } catch (error) {
    // No new report: an earlier run's must not stay looking current (a crash of ours included).
    outFolder.removeStale();
    if (
      error instanceof ConfigurationError ||
      error instanceof UnknownCheckError ||
      error instanceof WaiversFileError
    ) {
      throw new UsageError(error.message);
    }
    throw error;
  } finally {
    learnedSecrets?.close();
    mirror?.close();
    for (const signal of Object.keys(EXIT_ON_SIGNAL)) process.off(signal, onSignal);
    await server?.close();
  }
}
