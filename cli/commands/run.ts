/** `cms-conformance run`: runs every check against a target (the bundled reference server by default). */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { ConsoleReporter } from "../../reports/console/ConsoleReporter.js";
import { writeReports, type ReportFormat } from "../../reports/writeReports.js";
import type { CheckExecutor } from "../../runner/execute/CheckExecutor.js";
import { startReferenceServer, type RunningReferenceServer } from "../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../reference/referenceRunConfig.js";
import { RUN_DEFAULTS } from "../../runner/settings/RunSettings.js";
import { ConfigurationError, configFromEnvironment, readConfigFile, resolveRunSettings, type RunConfigFile } from "../../runner/settings/resolveRunSettings.js";
import { runSecrets } from "../../runner/engine/createTargetSession.js";
import { EXCHANGE_LOG_DEFAULTS, type ExchangeLogSnapshot } from "../../runner/engine/ExchangeLog.js";
import { writeHarFile } from "../../reports/har/writeHarFile.js";
import { parseHeaderOption } from "../../runner/settings/parseHeaderOption.js";
import { parseOperationPathOption } from "../../runner/settings/parseOperationPathOption.js";
import { resolveOperationPaths } from "../../runner/settings/resolveOperationPaths.js";
import { parseShardOption } from "../../runner/settings/parseShardOption.js";
import { readRerunReport } from "../../runner/settings/readRerunReport.js";
import type { Shard } from "../../runner/settings/RunSettings.js";
import { CHECK_CATALOGUE } from "../../tests/conformance/checkCatalogue.js";
import { UnknownCheckError } from "../../runner/engine/CheckCatalogue.js";
import { WaiversFileError } from "../../runner/waivers/WaiversFileError.js";
import { runConformance } from "../../runner/runConformance.js";
import { EXIT, UsageError, type CliIo } from "../io.js";

/** Where reports go unless --out says otherwise. */
export const DEFAULT_OUT_DIR = "reports/out";

/** Help text of the command. */
export const RUN_HELP = `Usage: cms-conformance run [options]

Runs every check of the suite against a target and writes report.json, junit.xml and index.html.
Without a base URL (flag, CMS_BASE_URL or config file) it starts the bundled reference server
on an ephemeral loopback port and runs against it.

Target:
  --base-url URL             base URL of the implementation (env CMS_BASE_URL)
  --client-id ID             value of the client_id header, §5 (env CMS_CLIENT_ID)
  --token TOKEN              bearer token of a user with Visualizar (env CMS_TOKEN)
  --restricted-token TOKEN   bearer token of a user without Visualizar (env CMS_RESTRICTED_TOKEN);
                             permission checks are skipped without it
  --analytic-id ID           an analytic to read; repeatable (env CMS_ANALYTIC_IDS, comma-separated);
                             there is no operation that lists analytics (§4.3)
  --role NAME                a role for getRoleFilters; repeatable (env CMS_ROLES)
  --domain-name NAME         domainName sent with getRoleFilters (env CMS_DOMAIN_NAME)
  --service-name NAME        serviceName sent with getRoleFilters (env CMS_SERVICE_NAME)
  --header 'NAME: VALUE'     a header sent on every request (a gateway's tenant or API key); repeatable;
                             values of names with auth, cookie, token, key, secret … are redacted
  --operation-path OP=/PATH  where the deployment serves an operation below the base URL, e.g.
                             getWidget=/platform/cms/queries/getWidget; repeatable (default: §4's paths)
  --config FILE              JSON config file (schema: schemas/meta/run-config.schema.json);
                             flags override the environment, which overrides the file

Verdicts:
  --profile default|strict   strict turns warnings (departures from the ambiguity register's
                             defaults) into failures (default: ${RUN_DEFAULTS.profile})
  --checks IDS               run only these check ids or globs, comma-separated or repeated
                             (e.g. 'pagination.*'); see cms-conformance list-checks
  --exclude-checks IDS       leave these check ids or globs out
  --operation NAME           run only checks of this operation; repeatable
  --waivers FILE             vendor-acceptance waivers (check id, operation, reason, expiry)

Limits:
  --max-examples N           runs of each property check (default ${RUN_DEFAULTS.maxExamples}; invalid-input
                             checks run twice as many)
  --seed N                   seed of every generated request; a failure prints it (default: random)
  --timeout MS               timeout of each request, headers and body (default ${RUN_DEFAULTS.timeoutMs})
  --concurrency N            requests in flight at once (default ${RUN_DEFAULTS.concurrency})
  --rate-limit N/s           requests started per second at most (default: unlimited)
  --max-page-size N          largest pageSize asked for (default ${RUN_DEFAULTS.maxPageSize})
  --max-pages N              pages walked per listing before sampling (default ${RUN_DEFAULTS.maxPagesWalked})
  --max-failures N           start no check once N verdicts failed or errored; the reports are written
                             and say how many pairs were not run (checks already running finish)
  -x, --exitfirst            the same as --max-failures 1

Re-runs and CI fleets:
  --rerun-failed FILE        run only the check × operation pairs that failed or errored in an earlier
                             report.json, with its seed, profile and --max-examples (flags still win)
  --shard I/N                run shard I of N: a stable share of the selected pairs (by a hash of
                             check id and operation); combine the shards with cms-conformance merge

Output:
  --out DIR                  report folder (default ${DEFAULT_OUT_DIR})
  --format LIST              json,junit,html,har (default: json,junit,html); har writes exchanges.har,
                             every request and response of the run (the last ${EXCHANGE_LOG_DEFAULTS.limit.toLocaleString("en")}), secrets redacted
  -h, --help                 show this help

Exit codes: 0 nothing failed (warnings allowed), 1 a check failed or errored (or a waiver
expired), 2 usage or configuration error, or the target cannot be reached.
`;

function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

function listOption(values: readonly string[] | undefined): string[] | undefined {
  if (!values || values.length === 0) return undefined;
  return values.flatMap((value) => value.split(",")).map((value) => value.trim()).filter(Boolean);
}

function rateOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(value);
  if (!match || Number(match[1]) <= 0) throw new UsageError(`--rate-limit takes requests per second, e.g. 20 or 20/s, not ${JSON.stringify(value)}`);
  return Number(match[1]);
}

/** A format of --format: a report, or the HAR of every exchange. */
type OutputFormat = ReportFormat | "har";

function formatsOption(value: string | undefined): OutputFormat[] | undefined {
  if (value === undefined) return undefined;
  const formats = value.split(",").map((format) => format.trim());
  for (const format of formats) if (!["json", "junit", "html", "har"].includes(format)) throw new UsageError(`--format takes json, junit, html and har, not ${JSON.stringify(format)}`);
  return formats as OutputFormat[];
}

function maxFailuresOption(value: string | undefined, exitFirst: boolean): number | undefined {
  if (value !== undefined && exitFirst) throw new UsageError("give -x (stop at the first failure) or --max-failures N, not both");
  const count = integerOption("max-failures", value);
  if (count === 0) throw new UsageError("--max-failures takes a whole number of at least 1");
  return exitFirst ? 1 : count;
}

/** Runs a flag parser of runner/settings, its ConfigurationError becoming a usage error. */
function asUsageError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw error instanceof ConfigurationError ? new UsageError(error.message) : error;
  }
}

/** Flags as a config layer. */
function flagsLayer(argv: readonly string[]): { layer: RunConfigFile; config?: string; help: boolean; formats?: OutputFormat[]; rerunFailed?: string; shard?: Shard } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      "base-url": { type: "string" },
      "client-id": { type: "string" },
      token: { type: "string" },
      "restricted-token": { type: "string" },
      "analytic-id": { type: "string", multiple: true },
      role: { type: "string", multiple: true },
      "domain-name": { type: "string" },
      "service-name": { type: "string" },
      header: { type: "string", multiple: true },
      "operation-path": { type: "string", multiple: true },
      config: { type: "string" },
      profile: { type: "string" },
      checks: { type: "string", multiple: true },
      "exclude-checks": { type: "string", multiple: true },
      operation: { type: "string", multiple: true },
      waivers: { type: "string" },
      "max-examples": { type: "string" },
      seed: { type: "string" },
      timeout: { type: "string" },
      concurrency: { type: "string" },
      "rate-limit": { type: "string" },
      "max-page-size": { type: "string" },
      "max-pages": { type: "string" },
      "max-failures": { type: "string" },
      exitfirst: { type: "boolean", short: "x", default: false },
      "rerun-failed": { type: "string" },
      shard: { type: "string" },
      out: { type: "string" },
      format: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.profile !== undefined && values.profile !== "default" && values.profile !== "strict") {
    throw new UsageError(`--profile must be default or strict, not ${JSON.stringify(values.profile)}`);
  }
  const layer: RunConfigFile = {
    baseUrl: values["base-url"],
    clientId: values["client-id"],
    token: values.token,
    restrictedToken: values["restricted-token"],
    analyticIds: listOption(values["analytic-id"]),
    roles: listOption(values.role),
    domainName: values["domain-name"],
    serviceName: values["service-name"],
    profile: values.profile as RunConfigFile["profile"],
    checks: listOption(values.checks),
    excludeChecks: listOption(values["exclude-checks"]),
    operations: listOption(values.operation) as RunConfigFile["operations"],
    waivers: values.waivers,
    maxExamples: integerOption("max-examples", values["max-examples"]),
    seed: integerOption("seed", values.seed),
    timeoutMs: integerOption("timeout", values.timeout),
    concurrency: integerOption("concurrency", values.concurrency),
    rateLimit: rateOption(values["rate-limit"]),
    maxPageSize: integerOption("max-page-size", values["max-page-size"]),
    maxPages: integerOption("max-pages", values["max-pages"]),
    maxFailures: maxFailuresOption(values["max-failures"], values.exitfirst),
    out: values.out,
    headers: asUsageError(() => parseHeaderOption(values.header)),
    operationPaths: asUsageError(() => parseOperationPathOption(values["operation-path"])),
  };
  const formats = formatsOption(values.format);
  const shard = asUsageError(() => parseShardOption(values.shard));
  return {
    layer,
    help: values.help,
    ...(values.config ? { config: values.config } : {}),
    ...(formats ? { formats } : {}),
    ...(values["rerun-failed"] !== undefined ? { rerunFailed: values["rerun-failed"] } : {}),
    ...(shard ? { shard } : {}),
  };
}

/** What tests may replace: how checks run (in process instead of through vitest) and today's date. */
export interface RunCommandDependencies {
  readonly executor?: CheckExecutor;
  readonly today?: string;
}

/** Runs the command; returns its exit code. */
export async function runCommand(argv: readonly string[], io: CliIo, env: NodeJS.ProcessEnv = process.env, deps: RunCommandDependencies = {}): Promise<number> {
  const flags = flagsLayer(argv);
  if (flags.help) {
    io.stdout.write(RUN_HELP);
    return EXIT.ok;
  }
  let server: RunningReferenceServer | undefined;
  try {
    const fileLayer = flags.config ? readConfigFile(flags.config) : {};
    // A re-run takes seed, profile and examples from the earlier report, below the flags.
    const rerun = flags.rerunFailed !== undefined ? readRerunReport(flags.rerunFailed, CHECK_CATALOGUE.ids()) : undefined;
    const layers = [fileLayer, configFromEnvironment(env), ...(rerun ? [rerun.layer] : []), flags.layer];
    const wantsEmbedded = !layers.some((layer) => layer.baseUrl);
    // The bundled server answers where the run will ask (--operation-path without --base-url).
    if (wantsEmbedded) server = await startReferenceServer({ port: 0, operationPaths: resolveOperationPaths(layers.map((layer) => layer.operationPaths)) });
    const resolved = resolveRunSettings(server ? [referenceRunConfig(server), ...layers] : layers, wantsEmbedded);
    const wantsHar = flags.formats?.includes("har") === true;
    const settings = {
      ...resolved,
      ...(wantsHar ? { exchangeLogLimit: EXCHANGE_LOG_DEFAULTS.limit } : {}),
      ...(rerun && flags.rerunFailed !== undefined ? { rerunFailed: { report: flags.rerunFailed, verdicts: rerun.verdicts } } : {}),
      ...(flags.shard ? { shard: flags.shard } : {}),
    };
    let exchanges: ExchangeLogSnapshot | undefined;
    const secrets = runSecrets(settings).map((secret) => secret.value);
    const console = new ConsoleReporter({ stream: io.stdout as { write(text: string): unknown }, secrets });
    const outDir = resolve(settings.out ?? DEFAULT_OUT_DIR);
    const report = await runConformance({
      settings,
      observer: { onRunStart: (start) => console.onRunStart(start), onResult: (result) => console.onResult(result), onExchanges: (log) => (exchanges = log) },
      ...(settings.waivers ? { waiversFile: settings.waivers } : {}),
      ...(deps.executor ? { executor: deps.executor } : {}),
      ...(deps.today ? { today: deps.today } : {}),
    });
    const reportFormats = flags.formats?.filter((format): format is ReportFormat => format !== "har");
    const paths = {
      ...(await writeReports(report, { outDir, secrets, ...(reportFormats ? { formats: reportFormats } : {}) })),
      ...(wantsHar && exchanges ? { har: await writeHarFile(exchanges, { creatorVersion: report.meta.suiteVersion, seed: report.meta.seed, baseUrl: report.meta.target.baseUrl }, { outDir, secrets }) } : {}),
    };
    console.onRunEnd(report, paths);
    return report.verdict === "pass" ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (error instanceof ConfigurationError || error instanceof UnknownCheckError || error instanceof WaiversFileError) {
      throw new UsageError(error.message);
    }
    throw error;
  } finally {
    await server?.close();
  }
}
