/**
 * Resolves the settings of a run from flags, CMS_* environment variables and a --config file
 * (flags win, then the environment, then the file, then the defaults), and refuses anything
 * wrong with one sentence that says what to do (STYLE: errors for the user).
 */
import { readFileSync } from "node:fs";
import { ALL_OPERATIONS, type OperationName, type OperationPaths } from "../../contract/operations.js";
import { compileMetaSchema } from "../../contract/compileMetaSchema.js";
import { RUN_DEFAULTS, type Profile, type RunSettings } from "./RunSettings.js";
import { resolveExtraHeaders } from "./resolveExtraHeaders.js";
import { resolveOperationPaths } from "./resolveOperationPaths.js";

/** A configuration mistake: reported as one sentence, exit 2. */
export class ConfigurationError extends Error {}

/** The --config file, as its schema describes it. */
export interface RunConfigFile {
  baseUrl?: string;
  clientId?: string;
  token?: string;
  restrictedToken?: string;
  analyticIds?: string[];
  roles?: string[];
  domainName?: string;
  serviceName?: string;
  profile?: Profile;
  checks?: string[];
  excludeChecks?: string[];
  operations?: OperationName[];
  maxExamples?: number;
  seed?: number;
  timeoutMs?: number;
  concurrency?: number;
  rateLimit?: number;
  maxPageSize?: number;
  maxPages?: number;
  maxFailures?: number;
  out?: string;
  waivers?: string;
  /** Extra headers sent on every request, name → value. */
  headers?: Record<string, string>;
  /** Paths of operations not at their §4 path. */
  operationPaths?: OperationPaths;
}

/** Reads and validates a --config file. */
export function readConfigFile(path: string): RunConfigFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigurationError(`cannot read the config file ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`the config file ${path} is not JSON: ${(error as Error).message}`);
  }
  const validate = compileMetaSchema<RunConfigFile>("run-config.schema.json");
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const where = first?.instancePath || "(root)";
    const extra = first?.keyword === "additionalProperties" ? ` (${JSON.stringify((first.params as { additionalProperty?: string }).additionalProperty)})` : "";
    throw new ConfigurationError(`the config file ${path} is invalid: ${where} ${first?.message ?? "is invalid"}${extra}`);
  }
  return data;
}

/** Settings from CMS_* environment variables, as a partial config (flags and file use the same shape). */
export function configFromEnvironment(env: NodeJS.ProcessEnv): RunConfigFile {
  const list = (value: string | undefined) => (value ? value.split(",").map((item) => item.trim()).filter(Boolean) : undefined);
  const config: RunConfigFile = {};
  if (env.CMS_BASE_URL) config.baseUrl = env.CMS_BASE_URL;
  if (env.CMS_CLIENT_ID) config.clientId = env.CMS_CLIENT_ID;
  if (env.CMS_TOKEN) config.token = env.CMS_TOKEN;
  if (env.CMS_RESTRICTED_TOKEN) config.restrictedToken = env.CMS_RESTRICTED_TOKEN;
  const analyticIds = list(env.CMS_ANALYTIC_IDS);
  if (analyticIds) config.analyticIds = analyticIds;
  const roles = list(env.CMS_ROLES);
  if (roles) config.roles = roles;
  if (env.CMS_DOMAIN_NAME) config.domainName = env.CMS_DOMAIN_NAME;
  if (env.CMS_SERVICE_NAME) config.serviceName = env.CMS_SERVICE_NAME;
  if (env.CMS_PROFILE === "default" || env.CMS_PROFILE === "strict") config.profile = env.CMS_PROFILE;
  return config;
}

function validUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`the base URL ${JSON.stringify(value)} is not a URL; give one like https://api.example.com`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigurationError(`the base URL must use http or https, not ${url.protocol}`);
  return value.replace(/\/+$/, "");
}

/** Merges layers (later wins) into settings; `embedded` marks the bundled reference target. */
export function resolveRunSettings(layers: readonly RunConfigFile[], embedded = false): RunSettings & { out?: string; waivers?: string } {
  const merged: RunConfigFile = Object.assign({}, ...layers.map((layer) => Object.fromEntries(Object.entries(layer).filter(([, value]) => value !== undefined))));
  if (!merged.baseUrl) throw new ConfigurationError("no target: give --base-url (or CMS_BASE_URL), or leave it out of every source to run the bundled reference server");
  if (!merged.clientId) throw new ConfigurationError("no client id: every operation sends client_id (§5); give --client-id or CMS_CLIENT_ID");
  if (!merged.token) throw new ConfigurationError("no bearer token: the content management operations need one (§5); give --token or CMS_TOKEN");
  for (const operation of merged.operations ?? []) {
    if (!ALL_OPERATIONS.includes(operation)) throw new ConfigurationError(`unknown operation ${JSON.stringify(operation)}; known: ${ALL_OPERATIONS.join(", ")}`);
  }
  // Merged per header and per operation, not per layer: a flag adds to the file's headers.
  const headers = resolveExtraHeaders(layers.map((layer) => layer.headers));
  const operationPaths = resolveOperationPaths(layers.map((layer) => layer.operationPaths));
  return {
    baseUrl: validUrl(merged.baseUrl),
    embedded,
    credentials: { clientId: merged.clientId, token: merged.token, ...(merged.restrictedToken ? { restrictedToken: merged.restrictedToken } : {}) },
    fixtures: {
      analyticIds: merged.analyticIds ?? [],
      roles: merged.roles ?? [],
      ...(merged.domainName !== undefined ? { domainName: merged.domainName } : {}),
      ...(merged.serviceName !== undefined ? { serviceName: merged.serviceName } : {}),
    },
    profile: merged.profile ?? RUN_DEFAULTS.profile,
    seed: merged.seed ?? Math.floor(Math.random() * 2 ** 31),
    maxExamples: merged.maxExamples ?? RUN_DEFAULTS.maxExamples,
    timeoutMs: merged.timeoutMs ?? RUN_DEFAULTS.timeoutMs,
    concurrency: merged.concurrency ?? RUN_DEFAULTS.concurrency,
    ...(merged.rateLimit !== undefined ? { rateLimitPerSecond: merged.rateLimit } : {}),
    maxPageSize: merged.maxPageSize ?? RUN_DEFAULTS.maxPageSize,
    maxPagesWalked: merged.maxPages ?? RUN_DEFAULTS.maxPagesWalked,
    ...(merged.maxFailures !== undefined ? { maxFailures: merged.maxFailures } : {}),
    checks: merged.checks ?? [],
    excludeChecks: merged.excludeChecks ?? [],
    operations: merged.operations ?? [],
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(Object.keys(operationPaths).length > 0 ? { operationPaths } : {}),
    ...(merged.out !== undefined ? { out: merged.out } : {}),
    ...(merged.waivers !== undefined ? { waivers: merged.waivers } : {}),
  };
}

/** Settings from the environment alone (for `vitest --project conformance`). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): RunSettings {
  return resolveRunSettings([configFromEnvironment(env), env.CMS_SEED ? { seed: Number(env.CMS_SEED) } : {}]);
}
