/**
 * The options of `cms-conformance run`, once: the parser, `run --help` and the README's option table
 * (npm run generate) are all made from this list, and ranges come from the run-config schema.
 */
import { EXCHANGE_LOG_DEFAULTS } from "../runner/engine/ExchangeLog.js";
import { RUN_DEFAULTS } from "../runner/model/RunSettings.js";
import { ENVIRONMENT_VARIABLES, type SettingKey } from "../runner/settings/resolveRunSettings.js";
import { parseHeaderOption } from "../runner/settings/parseHeaderOption.js";
import { parseOperationPathOption } from "../runner/settings/parseOperationPathOption.js";
import { parseDurationOption } from "../runner/settings/parseDurationOption.js";
import { settingRange } from "../runner/settings/runConfigSchema.js";

/** Where reports go unless --out says otherwise. */
export const DEFAULT_OUT_DIR = "reports/out";

/** The sections of `run --help`. */
export type RunOptionGroup = "Target" | "Verdicts" | "Limits" | "Re-runs and CI fleets" | "Output";

/** One option of `run`. */
export interface RunOptionDefinition {
  /** The long name, without dashes. */
  readonly name: string;
  /** A one-letter alias, without the dash. */
  readonly short?: string;
  /** How the value is shown ("MS"); absent for a switch. */
  readonly value?: string;
  readonly repeatable?: boolean;
  /** The setting it sets (a key of the run-config schema); absent for options of the command itself. */
  readonly setting?: SettingKey;
  readonly group: RunOptionGroup;
  /** What it does, in a sentence or two. */
  readonly help: string;
  /** The default, as shown; absent when there is none. */
  readonly defaultText?: string;
  /** Reads the flag's texts into the setting; by default as the run-config schema's type says (parseSettingText). */
  readonly parse?: (texts: readonly string[]) => unknown;
}

/** Every option of `run`, in the order of --help. */
export const RUN_OPTIONS: readonly RunOptionDefinition[] = [
  {
    name: "base-url",
    value: "URL",
    setting: "baseUrl",
    group: "Target",
    defaultText: "the bundled reference server",
    help: "base URL of the implementation; the operation paths of §4 are appended to it, so no query string, fragment or user:pass@",
  },
  { name: "client-id", value: "ID", setting: "clientId", group: "Target", help: "value of the client_id header (§5)" },
  {
    name: "token",
    value: "TOKEN",
    setting: "token",
    group: "Target",
    help: "bearer token of a user with the Visualizar permission (§5); a flag is visible to other users in ps and stays in shell history, so prefer CMS_TOKEN",
  },
  {
    name: "restricted-token",
    value: "TOKEN",
    setting: "restrictedToken",
    group: "Target",
    help: "bearer token of a user without Visualizar; permission checks are skipped without it",
  },
  {
    name: "token-command",
    value: "CMD",
    setting: "tokenCommand",
    group: "Target",
    help: "a command line (run by sh -c, 30 s at most) that prints the bearer token, instead of --token; run again when a request carrying the token gets 401 mid-run (an expired token), and the request sent once more with the new one; every token it prints is a secret in every report",
  },
  {
    name: "restricted-token-command",
    value: "CMD",
    setting: "restrictedTokenCommand",
    group: "Target",
    help: "the same for the restricted user's token, instead of --restricted-token",
  },
  {
    name: "analytic-id",
    value: "ID",
    repeatable: true,
    setting: "analyticIds",
    group: "Target",
    help: "an analytic to read; repeatable or comma-separated; there is no operation that lists analytics (§4.3)",
  },
  {
    name: "forbidden-widget",
    value: "ID",
    repeatable: true,
    setting: "forbiddenWidgetIds",
    group: "Target",
    help: "known fact: widgets the restricted user may not view (§4.1, §5): each must be missing from its listing and answer 403 to getWidget; repeatable or comma-separated",
  },
  {
    name: "forbidden-analytic",
    value: "ID",
    repeatable: true,
    setting: "forbiddenAnalyticIds",
    group: "Target",
    help: "known fact: analytics the restricted user may not read (§5): getAnalytic answers 403; repeatable or comma-separated",
  },
  {
    name: "own-landing-page",
    value: "ID",
    repeatable: true,
    setting: "ownLandingPageIds",
    group: "Target",
    help: "known fact: landing pages the restricted user created: its listing shows each (§4.2, §5); repeatable or comma-separated",
  },
  {
    name: "others-landing-page",
    value: "ID",
    repeatable: true,
    setting: "othersLandingPageIds",
    group: "Target",
    help: "known fact: landing pages the restricted user did not create: its listing (without Visualizar) shows none of them (§4.2, §5); repeatable or comma-separated",
  },
  {
    name: "restricted-sees-all",
    setting: "restrictedSeesAll",
    group: "Target",
    help: "known fact: the restricted user legitimately sees every widget and landing page the main user sees (§4.1, §4.2, §5); without it (or a fact naming what it may not see) equal listings fail",
  },
  {
    name: "role",
    value: "NAME",
    repeatable: true,
    setting: "roles",
    group: "Target",
    help: "a role for getRoleFilters; repeatable or comma-separated",
  },
  {
    name: "domain-name",
    value: "NAME",
    setting: "domainName",
    group: "Target",
    help: "domainName sent with getRoleFilters",
  },
  {
    name: "service-name",
    value: "NAME",
    setting: "serviceName",
    group: "Target",
    help: "serviceName sent with getRoleFilters",
  },
  {
    name: "header",
    value: "'NAME: VALUE'",
    repeatable: true,
    setting: "headers",
    group: "Target",
    parse: parseHeaderOption,
    help: "a header sent on every request (a gateway's tenant, an API key); values of names containing auth, cookie, token, key, secret, pass, session, credential, signature, jwt, assertion or pw, and values shaped like a JWT or 'Bearer <token>', are redacted like the token",
  },
  {
    name: "secret-header",
    value: "NAME",
    repeatable: true,
    setting: "secretHeaders",
    group: "Target",
    help: "the value of this --header is a secret whatever its name (X-Api-Pw): redacted from every report and the console like the token",
  },
  {
    name: "operation-path",
    value: "OP=/PATH",
    repeatable: true,
    setting: "operationPaths",
    group: "Target",
    parse: parseOperationPathOption,
    defaultText: "§4's paths",
    help: "where the deployment serves an operation below the base URL, e.g. getWidget=/platform/cms/queries/getWidget",
  },
  {
    name: "ca-file",
    value: "PEM",
    repeatable: true,
    setting: "caFiles",
    group: "Target",
    defaultText: "the system's CAs",
    help: "trust this certificate authority (a company CA) besides the system's; NODE_EXTRA_CA_CERTS works too. HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured, proxy credentials redacted",
  },
  {
    name: "insecure",
    setting: "insecure",
    group: "Target",
    help: "skip TLS certificate verification: a warning on the console, and recorded in every report",
  },
  {
    name: "cert",
    value: "PEM",
    setting: "cert",
    group: "Target",
    help: "client certificate (PEM file) for a target or gateway that asks for one (mTLS); needs --key",
  },
  {
    name: "key",
    value: "PEM",
    setting: "key",
    group: "Target",
    help: "private key (PEM file) of --cert; the key itself is never written anywhere",
  },
  {
    name: "config",
    value: "FILE",
    group: "Target",
    help: 'JSON config file (docs/config-file.md; schema: schemas/meta/run-config-file.schema.json): its keys are the flag names (the config key column), its values as the flags take them ("timeout": "5s") or as numbers, lists and objects; flags override the environment, which overrides the file; the paths it names (ca-file, cert, key, out, waivers) are relative to the file',
  },
  {
    name: "profile",
    value: "default|strict",
    setting: "profile",
    group: "Verdicts",
    defaultText: RUN_DEFAULTS.profile,
    help: "strict turns warnings (departures from the ambiguity register's defaults) into failures",
  },
  {
    name: "fail-on-unverified",
    setting: "failOnUnverified",
    group: "Verdicts",
    help: "kept for older configurations: a permission verdict that could not be judged for want of a fact (the restricted user sees exactly what the main user sees) fails by default now, unless --restricted-sees-all declares it expected",
  },
  {
    name: "fail-on-skipped",
    setting: "failOnSkipped",
    group: "Verdicts",
    help: "a skipped verdict (a check that could not judge: a missing token or fact, nothing to probe) fails the gate; the console lists every skip with its reason either way",
  },
  {
    name: "checks",
    short: "c",
    value: "IDS",
    repeatable: true,
    setting: "checks",
    group: "Verdicts",
    defaultText: "all",
    help: "run only these check ids or globs (e.g. 'pagination.*'), comma-separated or repeated; see cms-conformance list-checks",
  },
  {
    name: "exclude-checks",
    value: "IDS",
    repeatable: true,
    setting: "excludeChecks",
    group: "Verdicts",
    help: "leave these check ids or globs out",
  },
  {
    name: "operation",
    value: "NAME",
    repeatable: true,
    setting: "operations",
    group: "Verdicts",
    defaultText: "all",
    help: "run only the checks of this operation; repeatable. A selection that matches no verdict is refused",
  },
  {
    name: "waivers",
    value: "FILE",
    setting: "waivers",
    group: "Verdicts",
    help: "vendor-acceptance waivers (check id, operation, reason, expiry)",
  },
  {
    name: "max-examples",
    short: "n",
    value: "N",
    setting: "maxExamples",
    group: "Limits",
    defaultText: String(RUN_DEFAULTS.maxExamples),
    help: "runs of each property check; http.no-server-error, which mixes valid and invalid requests, runs twice as many",
  },
  {
    name: "seed",
    value: "N",
    setting: "seed",
    group: "Limits",
    defaultText: "random",
    help: "seed of every generated request; every report prints it",
  },
  {
    name: "timeout",
    value: "DURATION",
    setting: "timeoutMs",
    group: "Limits",
    parse: parseDurationOption,
    defaultText: `${RUN_DEFAULTS.timeoutMs / 1000}s`,
    help: "timeout of each request, headers and body: 10s, 1500ms …; a bare number is milliseconds",
  },
  {
    name: "concurrency",
    short: "w",
    value: "N",
    setting: "concurrency",
    group: "Limits",
    defaultText: `from ${RUN_DEFAULTS.concurrency}, adaptive`,
    help: "requests in flight at once, fixed; without it the run starts at 4 and raises the number while answers keep their latency, halving it on 429, 503, refused connections or growing latency (as TCP does), up to --max-concurrency",
  },
  {
    name: "max-concurrency",
    value: "N",
    setting: "maxConcurrency",
    group: "Limits",
    defaultText: String(RUN_DEFAULTS.maxConcurrency),
    help: "most requests in flight the adaptive concurrency reaches (--concurrency fixes the number instead; --rate-limit still paces the starts)",
  },
  {
    name: "rate-limit",
    value: "N/s|N/m",
    setting: "rateLimit",
    group: "Limits",
    defaultText: "unlimited",
    help: "requests started per second (20 or 20/s) or per minute (30/m) at most",
  },
  {
    name: "max-retry-wait",
    value: "DURATION",
    setting: "maxRetryWaitMs",
    group: "Limits",
    parse: parseDurationOption,
    defaultText: `${RUN_DEFAULTS.maxRetryWaitMs / 1000}s`,
    help: "longest one request waits out 429 answers (Retry-After honoured up to it; the run also slows down by itself while 429s come); beyond it the 429 is an error naming --rate-limit. Durations: 30s, 2m, 1h, 500ms; a bare number is milliseconds",
  },
  {
    name: "max-response-time",
    value: "DURATION",
    setting: "maxResponseTimeMs",
    group: "Verdicts",
    parse: parseDurationOption,
    help: "judge response times: performance.response-time sends a few valid requests per operation and warns (strict: fails) when an answer is slower than DURATION (500ms, 2s …); the console and the HTML report show p50, p95 and max per operation either way",
  },
  {
    name: "max-run-time",
    value: "DURATION",
    setting: "maxRunTimeMs",
    group: "Limits",
    parse: parseDurationOption,
    defaultText: `${RUN_DEFAULTS.maxRunTimeMs / 60_000}m`,
    help: "bound of the whole run; when it passes, the request in flight is cut short and the checks still open become errors saying so",
  },
  {
    name: "max-page-size",
    value: "N",
    setting: "maxPageSize",
    group: "Limits",
    defaultText: String(RUN_DEFAULTS.maxPageSize),
    help: "largest pageSize asked for (register max-page-size)",
  },
  {
    name: "max-pages",
    value: "N",
    setting: "maxPages",
    group: "Limits",
    defaultText: String(RUN_DEFAULTS.maxPagesWalked),
    help: "pages walked per listing; larger listings are sampled and the reports say so",
  },
  {
    name: "max-failures",
    value: "N",
    setting: "maxFailures",
    group: "Limits",
    help: "start no check once N verdicts failed or errored; checks already running finish; the reports are written and a note says how many pairs were not run",
  },
  { name: "exitfirst", short: "x", group: "Limits", help: "the same as --max-failures 1" },
  {
    name: "wait-for-target",
    value: "DURATION",
    group: "Limits",
    help: "before the run, ask the target every half second until it answers at all (any status), for a service started in the background; past DURATION (30s, 2m …), exit 2 in one sentence. Not counted in --max-run-time",
  },
  {
    name: "rerun-failed",
    value: "FILE",
    group: "Re-runs and CI fleets",
    help: "run only the check × operation pairs that failed or errored in an earlier report.json (or the folder holding it), with its seed, profile and --max-examples (flags still win); after a clean run it exits 0 saying there is nothing to re-run",
  },
  {
    name: "shard",
    value: "I/N",
    group: "Re-runs and CI fleets",
    help: "run shard I of N: a stable share of the selected pairs, by a hash of check id and operation; combine the shards with cms-conformance merge",
  },
  {
    name: "out",
    value: "DIR",
    setting: "out",
    group: "Output",
    defaultText: DEFAULT_OUT_DIR,
    help: "report folder, checked for writing before the first request",
  },
  {
    name: "format",
    value: "LIST",
    setting: "formats",
    group: "Output",
    defaultText: "json,junit,html",
    help: `which reports to write, comma-separated: json, junit, html, and har for exchanges.har (every request and response of the run, the last ${EXCHANGE_LOG_DEFAULTS.limit.toLocaleString("en")}, secrets redacted)`,
  },
  { name: "help", short: "h", group: "Output", help: "show this help" },
];

/** The environment variable of an option, if it has one. */
export function environmentVariableOf(option: RunOptionDefinition): string | undefined {
  return option.setting ? ENVIRONMENT_VARIABLES[option.setting] : undefined;
}

/** The range of an option's value in words, from the run-config schema. */
export function rangeOf(option: RunOptionDefinition): string | undefined {
  return option.setting ? settingRange(option.setting) : undefined;
}

/** "-c, --checks IDS": how an option is written. */
export function optionSyntax(option: RunOptionDefinition): string {
  return `${option.short ? `-${option.short}, ` : ""}--${option.name}${option.value ? ` ${option.value}` : ""}`;
}

/** What the help says after the option's own sentence: "Env: CMS_SEED. Range: 0 to 2147483647. Default: random." */
export function optionFacts(option: RunOptionDefinition): string {
  const variable = environmentVariableOf(option);
  const range = rangeOf(option);
  return [
    ...(variable ? [`Env: ${variable}.`] : []),
    ...(range ? [`Range: ${range}.`] : []),
    ...(option.defaultText ? [`Default: ${option.defaultText}.`] : []),
  ].join(" ");
}
