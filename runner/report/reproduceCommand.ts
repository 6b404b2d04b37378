/** The `cms-conformance run` command line that reproduces a run, with secrets as environment variables. */
import { ALL_OPERATIONS } from "../../contract/operations.js";
import { SECRET_PLACEHOLDERS } from "../engine/createTargetSession.js";
import { extraHeaderSecrets } from "../http/extraHeaderSecrets.js";
import { RUN_DEFAULTS, type RunSettings } from "../model/RunSettings.js";
import { quoteShellWord, shellWord, variableName, type ShellSegment } from "../http/quoteShellWord.js";
import { reproduceTypedCommand } from "./reproduceTypedCommand.js";

/** Settings of a run plus the options that live outside RunSettings but change verdicts. */
export type ReproducibleSettings = RunSettings & {
  /** TLS certificate verification was skipped (--insecure). */
  readonly insecure?: boolean;
  /** The waivers file of the run (--waivers). */
  readonly waivers?: string;
};

/** `"$CMS_TOKEN"`: expanded by the shell from the environment, never the secret itself. */
function variable(placeholder: string): ShellSegment[] {
  const name = variableName(placeholder);
  return name === undefined ? [{ literal: placeholder }] : [{ variable: name }];
}

/**
 * The command line that reproduces the run: always --seed, every option that differs from its
 * default, secrets as $CMS_TOKEN, $CMS_RESTRICTED_TOKEN and $CMS_CLIENT_ID. Against the embedded
 * reference server the target options are left out, since `run` without a base URL starts it again.
 * --out and --format are left out: they change where reports go, not what the run finds.
 * Every value is quoted (runner/http/quoteShellWord.ts: the line is inert and faithful in bash,
 * issue 24.1); a value that starts with "-", and every secret (whose value at replay time is not
 * known), is written --name=value, which the option parser never mistakes for an option.
 * --token-command and --restricted-token-command are left out: a command line may hold a secret of its
 * own (a client secret, a password) that no redaction knows; the tokens they printed stand as
 * $CMS_TOKEN and $CMS_RESTRICTED_TOKEN, which a replay sets (CMS_TOKEN="$(the command)").
 * A run the CLI started repeats what the user typed instead (reproduceTypedCommand.ts).
 */
export function reproduceCommand(settings: ReproducibleSettings): string {
  if (settings.typedOptions !== undefined) return reproduceTypedCommand(settings.typedOptions, settings.seed);
  const parts: string[] = ["cms-conformance", "run"];
  const option = (name: string, value?: string | readonly ShellSegment[]) => {
    if (value === undefined) parts.push(`--${name}`);
    else if (typeof value === "string")
      parts.push(`--${name}${value.startsWith("-") ? "=" : " "}${quoteShellWord(value)}`);
    else {
      const first = value[0];
      const glue = first === undefined || ("literal" in first && !first.literal.startsWith("-")) ? " " : "=";
      parts.push(`--${name}${glue}${shellWord(value, "double")}`);
    }
  };
  const list = (name: string, values: readonly string[] | undefined) => {
    // An empty list is a fact of its own ("none"): --name '' gives it.
    if (values?.length === 0) option(name, "");
    for (const value of values ?? []) option(name, value);
  };
  if (!settings.embedded) {
    option("base-url", settings.baseUrl);
    option("client-id", variable(SECRET_PLACEHOLDERS.clientId));
    option("token", variable(SECRET_PLACEHOLDERS.token));
    if (settings.credentials.restrictedToken) option("restricted-token", variable(SECRET_PLACEHOLDERS.restrictedToken));
    for (const id of settings.fixtures.analyticIds) option("analytic-id", id);
    for (const role of settings.fixtures.roles) option("role", role);
    if (settings.fixtures.domainName !== undefined) option("domain-name", settings.fixtures.domainName);
    if (settings.fixtures.serviceName !== undefined) option("service-name", settings.fixtures.serviceName);
    const facts = settings.fixtures.permissions;
    list("forbidden-widget", facts?.forbiddenWidgetIds);
    list("forbidden-analytic", facts?.forbiddenAnalyticIds);
    list("own-landing-page", facts?.ownLandingPageIds);
    list("others-landing-page", facts?.othersLandingPageIds);
    if (facts?.restrictedSeesAll === true) option("restricted-sees-all");
  }
  for (const [name, value] of Object.entries(settings.headers ?? {})) {
    const secret = extraHeaderSecrets({ [name]: value }, settings.secretHeaders)[0];
    option("header", secret ? [{ literal: `${name}: ` }, ...variable(secret.placeholder)] : `${name}: ${value}`);
  }
  for (const name of settings.secretHeaders ?? []) option("secret-header", name);
  for (const operation of ALL_OPERATIONS) {
    const path = settings.operationPaths?.[operation];
    if (path !== undefined) option("operation-path", `${operation}=${path}`);
  }
  if (settings.insecure) option("insecure");
  for (const file of settings.caFiles ?? []) option("ca-file", file);
  if (settings.clientCertificate) {
    option("cert", settings.clientCertificate.certFile);
    option("key", settings.clientCertificate.keyFile);
  }
  if (settings.profile !== RUN_DEFAULTS.profile) option("profile", settings.profile);
  if (settings.failOnSkipped === true) option("fail-on-skipped");
  if (settings.failOnUnverified === true) option("fail-on-unverified");
  if (settings.checks.length > 0) option("checks", settings.checks.join(","));
  if (settings.excludeChecks.length > 0) option("exclude-checks", settings.excludeChecks.join(","));
  for (const operation of settings.operations) option("operation", operation);
  if (settings.waivers !== undefined) option("waivers", settings.waivers);
  if (settings.rerunFailed) option("rerun-failed", settings.rerunFailed.report);
  if (settings.shard) option("shard", `${settings.shard.index}/${settings.shard.count}`);
  if (settings.maxFailures !== undefined) option("max-failures", String(settings.maxFailures));
  option("seed", String(settings.seed));
  if (settings.maxExamples !== RUN_DEFAULTS.maxExamples) option("max-examples", String(settings.maxExamples));
  if (settings.timeoutMs !== RUN_DEFAULTS.timeoutMs) option("timeout", String(settings.timeoutMs));
  if (settings.concurrency !== undefined) option("concurrency", String(settings.concurrency));
  if (settings.maxConcurrency !== RUN_DEFAULTS.maxConcurrency)
    option("max-concurrency", String(settings.maxConcurrency));
  if (settings.rateLimitPerSecond !== undefined) option("rate-limit", `${settings.rateLimitPerSecond}/s`);
  if (settings.maxRetryWaitMs !== RUN_DEFAULTS.maxRetryWaitMs) option("max-retry-wait", `${settings.maxRetryWaitMs}ms`);
  if (settings.maxRunTimeMs !== RUN_DEFAULTS.maxRunTimeMs) option("max-run-time", `${settings.maxRunTimeMs}ms`);
  if (settings.maxResponseTimeMs !== undefined) option("max-response-time", `${settings.maxResponseTimeMs}ms`);
  if (settings.maxPageSize !== RUN_DEFAULTS.maxPageSize) option("max-page-size", String(settings.maxPageSize));
  if (settings.maxPagesWalked !== RUN_DEFAULTS.maxPagesWalked) option("max-pages", String(settings.maxPagesWalked));
  return parts.join(" ");
}
