/** The `cms-conformance run` command line that reproduces a run, with secrets as environment variables. */
import { ALL_OPERATIONS } from "../../contract/operations.js";
import { SECRET_PLACEHOLDERS } from "../engine/createTargetSession.js";
import { extraHeaderSecrets } from "../http/extraHeaderSecrets.js";
import { RUN_DEFAULTS, type RunSettings } from "../model/RunSettings.js";

/** Settings of a run plus the options that live outside RunSettings but change verdicts. */
export type ReproducibleSettings = RunSettings & {
  /** TLS certificate verification was skipped (--insecure). */
  readonly insecure?: boolean;
  /** The waivers file of the run (--waivers). */
  readonly waivers?: string;
};

/** Quotes a value for a POSIX shell: bare when it is safe, single-quoted otherwise. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `"$CMS_TOKEN"`: expanded by the shell, never the secret itself. */
function variable(placeholder: string): string {
  return `"${placeholder}"`;
}

/**
 * The command line that reproduces the run: always --seed, every option that differs from its
 * default, secrets as $CMS_TOKEN, $CMS_RESTRICTED_TOKEN and $CMS_CLIENT_ID. Against the embedded
 * reference server the target options are left out, since `run` without a base URL starts it again.
 * --out and --format are left out: they change where reports go, not what the run finds.
 */
export function reproduceCommand(settings: ReproducibleSettings): string {
  const parts: string[] = ["cms-conformance", "run"];
  const option = (name: string, value?: string) => parts.push(value === undefined ? `--${name}` : `--${name} ${value}`);
  if (!settings.embedded) {
    option("base-url", shellQuote(settings.baseUrl));
    option("client-id", variable(SECRET_PLACEHOLDERS.clientId));
    option("token", variable(SECRET_PLACEHOLDERS.token));
    if (settings.credentials.restrictedToken) option("restricted-token", variable(SECRET_PLACEHOLDERS.restrictedToken));
    for (const id of settings.fixtures.analyticIds) option("analytic-id", shellQuote(id));
    for (const role of settings.fixtures.roles) option("role", shellQuote(role));
    if (settings.fixtures.domainName !== undefined) option("domain-name", shellQuote(settings.fixtures.domainName));
    if (settings.fixtures.serviceName !== undefined) option("service-name", shellQuote(settings.fixtures.serviceName));
    const facts = settings.fixtures.permissions;
    for (const id of facts?.forbiddenWidgetIds ?? []) option("forbidden-widget", shellQuote(id));
    for (const id of facts?.forbiddenAnalyticIds ?? []) option("forbidden-analytic", shellQuote(id));
    for (const id of facts?.ownLandingPageIds ?? []) option("own-landing-page", shellQuote(id));
    for (const id of facts?.othersLandingPageIds ?? []) option("others-landing-page", shellQuote(id));
  }
  for (const [name, value] of Object.entries(settings.headers ?? {})) {
    const secret = extraHeaderSecrets({ [name]: value }, settings.secretHeaders)[0];
    option("header", secret ? `"${name}: ${secret.placeholder}"` : shellQuote(`${name}: ${value}`));
  }
  for (const name of settings.secretHeaders ?? []) option("secret-header", shellQuote(name));
  for (const operation of ALL_OPERATIONS) {
    const path = settings.operationPaths?.[operation];
    if (path !== undefined) option("operation-path", shellQuote(`${operation}=${path}`));
  }
  if (settings.insecure) option("insecure");
  for (const file of settings.caFiles ?? []) option("ca-file", shellQuote(file));
  if (settings.clientCertificate) {
    option("cert", shellQuote(settings.clientCertificate.certFile));
    option("key", shellQuote(settings.clientCertificate.keyFile));
  }
  if (settings.profile !== RUN_DEFAULTS.profile) option("profile", settings.profile);
  if (settings.failOnSkipped === true) option("fail-on-skipped");
  if (settings.failOnUnverified === true) option("fail-on-unverified");
  if (settings.checks.length > 0) option("checks", shellQuote(settings.checks.join(",")));
  if (settings.excludeChecks.length > 0) option("exclude-checks", shellQuote(settings.excludeChecks.join(",")));
  for (const operation of settings.operations) option("operation", operation);
  if (settings.waivers !== undefined) option("waivers", shellQuote(settings.waivers));
  if (settings.rerunFailed) option("rerun-failed", shellQuote(settings.rerunFailed.report));
  if (settings.shard) option("shard", `${settings.shard.index}/${settings.shard.count}`);
  if (settings.maxFailures !== undefined) option("max-failures", String(settings.maxFailures));
  option("seed", String(settings.seed));
  if (settings.maxExamples !== RUN_DEFAULTS.maxExamples) option("max-examples", String(settings.maxExamples));
  if (settings.timeoutMs !== RUN_DEFAULTS.timeoutMs) option("timeout", String(settings.timeoutMs));
  if (settings.concurrency !== RUN_DEFAULTS.concurrency) option("concurrency", String(settings.concurrency));
  if (settings.rateLimitPerSecond !== undefined) option("rate-limit", `${settings.rateLimitPerSecond}/s`);
  if (settings.maxRetryWaitMs !== RUN_DEFAULTS.maxRetryWaitMs) option("max-retry-wait", `${settings.maxRetryWaitMs}ms`);
  if (settings.maxRunTimeMs !== RUN_DEFAULTS.maxRunTimeMs) option("max-run-time", `${settings.maxRunTimeMs}ms`);
  if (settings.maxPageSize !== RUN_DEFAULTS.maxPageSize) option("max-page-size", String(settings.maxPageSize));
  if (settings.maxPagesWalked !== RUN_DEFAULTS.maxPagesWalked) option("max-pages", String(settings.maxPagesWalked));
  return parts.join(" ");
}
