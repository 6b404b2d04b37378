/**
 * Resolves the settings of a run from layers — a --config file, CMS_* environment variables, flags
 * (later layers win) — merged first and then validated once against the run-config schema, so that
 * every range holds whichever way a value was given. Anything wrong is refused with one sentence
 * that names the value as the user wrote it (--timeout, CMS_PROFILE, "timeout" in cms.json) and
 * says what it takes (STYLE: errors for the user).
 */
import type { ErrorObject } from "ajv";
import type { OperationName, OperationPaths } from "../../contract/operations.js";
import { ConfigurationError } from "../model/ConfigurationError.js";
import { closestName } from "./closestName.js";
import { emptyBaseUrlSentence, refuseMistypedVariables } from "./refuseHalfGivenSettings.js";
import { RUN_DEFAULTS, type PermissionFacts, type Profile, type RunSettings } from "../model/RunSettings.js";
import { resolveExtraHeaders } from "./resolveExtraHeaders.js";
import { resolveOperationPaths } from "./resolveOperationPaths.js";
import { settingsOfConfigFile, type ConfigFileKey } from "./configFileKeys.js";
import { readRegularFile } from "./readRegularFile.js";
import { checkClientCertificate } from "./checkClientCertificate.js";
import { dirname, resolve } from "node:path";
import {
  describeExpected,
  parseSettingText,
  RUN_CONFIG_SCHEMA,
  runConfigValidator,
  settingSchema,
} from "./runConfigSchema.js";

/** A configuration mistake: reported as one sentence, exit 2. */

/** The settings as the run-config schema describes them (a --config file holds exactly this). */
export interface RunConfigFile {
  baseUrl?: string;
  clientId?: string;
  token?: string;
  restrictedToken?: string;
  tokenCommand?: string;
  restrictedTokenCommand?: string;
  analyticIds?: string[];
  roles?: string[];
  domainName?: string;
  serviceName?: string;
  /** Expected filters of each role in domainName/serviceName: role → [{ name, value }]. */
  roleFilters?: Record<string, { name: string; value: string }[]>;
  /** A text only a widget's translated name or description holds, and the id of that widget. */
  translatedWidgetText?: { text: string; widgetId: string };
  /** Known permission facts of the restricted user (RunSettings PermissionFacts). */
  forbiddenWidgetIds?: string[];
  forbiddenAnalyticIds?: string[];
  ownLandingPageIds?: string[];
  othersLandingPageIds?: string[];
  restrictedSeesAll?: boolean;
  failOnUnverified?: boolean;
  profile?: Profile;
  checks?: string[];
  excludeChecks?: string[];
  operations?: OperationName[];
  maxExamples?: number;
  seed?: number;
  timeoutMs?: number;
  concurrency?: number;
  maxConcurrency?: number;
  rateLimit?: number;
  maxRetryWaitMs?: number;
  maxRunTimeMs?: number;
  maxResponseTimeMs?: number;
  caFiles?: string[];
  insecure?: boolean;
  cert?: string;
  key?: string;
  failOnSkipped?: boolean;
  maxPageSize?: number;
  maxPages?: number;
  maxFailures?: number;
  out?: string;
  formats?: ("json" | "junit" | "html" | "har")[];
  waivers?: string;
  /** Extra headers sent on every request, name → value. */
  headers?: Record<string, string>;
  /** Names of extra headers whose values are secrets whatever their names. */
  secretHeaders?: string[];
  /** Paths of operations not at their §4 path. */
  operationPaths?: OperationPaths;
}

/** A setting's key. */
export type SettingKey = keyof RunConfigFile;

/**
 * One source of settings. Values are unchecked: text a flag could not read as a number stays text
 * for the schema to refuse. `nameOf` says how the user wrote a key in this source; `typed` holds
 * what the user typed where the value differs from it (the "0/s" of --rate-limit).
 */
export interface ConfigLayer {
  readonly values: Readonly<Record<string, unknown>>;
  readonly nameOf: (key: string) => string;
  readonly typed?: Readonly<Record<string, string>>;
}

/** The secrets: trimmed, never shown in a sentence, and sent as header values (§5). */
const SECRET_KEYS: readonly SettingKey[] = ["clientId", "token", "restrictedToken"];

/** Environment variables, by setting. */
export const ENVIRONMENT_VARIABLES: Readonly<Partial<Record<SettingKey, string>>> = {
  baseUrl: "CMS_BASE_URL",
  clientId: "CMS_CLIENT_ID",
  token: "CMS_TOKEN",
  restrictedToken: "CMS_RESTRICTED_TOKEN",
  analyticIds: "CMS_ANALYTIC_IDS",
  roles: "CMS_ROLES",
  domainName: "CMS_DOMAIN_NAME",
  serviceName: "CMS_SERVICE_NAME",
  profile: "CMS_PROFILE",
  seed: "CMS_SEED",
};

/** A layer of values given in code (tests, the embedded reference server), named by their keys. */
function codeLayer(values: RunConfigFile): ConfigLayer {
  return { values: values as Record<string, unknown>, nameOf: (key) => JSON.stringify(key) };
}

/**
 * Reads a --config file as a layer, its keys the flag names (`keys`, from the CLI's options table); it is
 * validated with the other layers, once they are merged.
 */
export function readConfigFile(path: string, keys: readonly ConfigFileKey[]): ConfigLayer {
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    throw new ConfigurationError(
      `cannot read the config file ${path} (${(error as NodeJS.ErrnoException).code ?? "error"}); give a readable JSON file with --config`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`the config file ${path} is not JSON: ${(error as Error).message}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new ConfigurationError(
      `the config file ${path} must hold a JSON object of settings keyed by the flag names (schemas/meta/run-config-file.schema.json)`,
    );
  const where = `the config file ${path}`;
  const fileKeyOf = new Map(keys.map((key) => [key.setting, key.fileKey]));
  return {
    values: withPathsFrom(dirname(resolve(path)), settingsOfConfigFile(data as Record<string, unknown>, keys, where)),
    nameOf: (key) => `${JSON.stringify(fileKeyOf.get(key) ?? key)} in ${where}`,
  };
}

/** Settings of a config file that name files or folders: a relative one is relative to the file, not to where the run starts. */
export const PATH_KEYS: readonly SettingKey[] = ["caFiles", "cert", "key", "out", "waivers"];

function withPathsFrom(folder: string, values: Record<string, unknown>): Record<string, unknown> {
  const at = (value: unknown): unknown => (typeof value === "string" && value !== "" ? resolve(folder, value) : value);
  const out = { ...values };
  for (const key of PATH_KEYS) {
    if (!(key in out)) continue;
    out[key] = Array.isArray(out[key]) ? (out[key] as unknown[]).map(at) : at(out[key]);
  }
  return out;
}

/**
 * Settings from CMS_* environment variables, read as flags are. Empty variables count as unset, but for
 * CMS_BASE_URL: set and empty is what a CI job gets from a missing secret, and is refused with the rest.
 * A CMS_ variable two edits or fewer from one the suite reads is refused as a typo (issue 41.1).
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv): ConfigLayer {
  refuseMistypedVariables(env, Object.values(ENVIRONMENT_VARIABLES));
  const values: Record<string, unknown> = {};
  const typed: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const [key, variable] of Object.entries(ENVIRONMENT_VARIABLES)) {
    names[key] = variable;
    const text = env[variable];
    if (text === undefined || (text === "" && key !== "baseUrl")) continue;
    values[key] = parseSettingText(key, text);
    typed[key] = text;
  }
  return { values, typed, nameOf: (key) => names[key] ?? key };
}

function isLayer(layer: RunConfigFile | ConfigLayer): layer is ConfigLayer {
  return typeof (layer as ConfigLayer).nameOf === "function";
}

/** Settings merged per entry rather than replaced: a --header adds to the file's headers. */
const MERGED_PER_ENTRY: readonly SettingKey[] = ["headers", "operationPaths"];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The merged values, and the layer each came from. */
function merge(layers: readonly ConfigLayer[]): { merged: Record<string, unknown>; origin: Map<string, ConfigLayer> } {
  const merged: Record<string, unknown> = {};
  const origin = new Map<string, ConfigLayer>();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.values)) {
      if (value === undefined) continue;
      const entries =
        MERGED_PER_ENTRY.includes(key as SettingKey) && isPlainObject(value) && isPlainObject(merged[key]);
      merged[key] = entries
        ? { ...(merged[key] as object), ...value }
        : SECRET_KEYS.includes(key as SettingKey) && typeof value === "string"
          ? value.trim()
          : value;
      origin.set(key, layer);
    }
  }
  return { merged, origin };
}

/** A base URL as it may be shown: without anything between // and @. */
function showUrl(text: string): string {
  return JSON.stringify(text.replace(/\/\/[^/]*@/, "//…@"));
}

/** One sentence for the first schema error. */
function sentenceFor(error: ErrorObject, merged: Record<string, unknown>, origin: Map<string, ConfigLayer>): string {
  if (error.keyword === "additionalProperties" && error.instancePath !== "") {
    const key = error.instancePath.split("/")[1] ?? "";
    const entry = String((error.params as { additionalProperty?: unknown }).additionalProperty);
    const known = Object.keys(settingSchema(key).properties ?? {});
    // Only operationPaths closes its entries.
    return `unknown operation ${JSON.stringify(entry)} in ${origin.get(key)?.nameOf(key) ?? key}; known: ${known.join(", ")}`;
  }
  if (error.keyword === "additionalProperties") {
    const key = String((error.params as { additionalProperty?: unknown }).additionalProperty);
    const where = origin.get(key)?.nameOf(key) ?? JSON.stringify(key);
    const known = Object.keys(RUN_CONFIG_SCHEMA.properties).filter((name) => name !== "$schema");
    const guess = closestName(key, known);
    const hint = guess ? `did you mean ${JSON.stringify(guess)}?` : `the settings are ${known.join(", ")}`;
    return `${where} is not a setting; ${hint}`;
  }
  const [, key = "", ...rest] = error.instancePath.split("/");
  const layer = origin.get(key);
  const name = layer?.nameOf(key) ?? key;
  const schema = settingSchema(key);
  const expected = describeExpected(schema);
  // A secret is never shown, not even a wrong one.
  if (SECRET_KEYS.includes(key as SettingKey))
    return error.keyword === "minLength"
      ? `${name} is empty once surrounding spaces are trimmed; give the value`
      : `${name} takes ${expected}`;
  const value = rest.reduce<unknown>(
    (inner, segment) =>
      (inner as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, "/").replace(/~0/g, "~")],
    merged[key],
  );
  const typed = layer?.typed?.[key];
  const shown =
    key === "baseUrl" && typeof value === "string"
      ? showUrl(value)
      : rest.length === 0 && typed !== undefined
        ? JSON.stringify(typed)
        : JSON.stringify(value);
  if (rest.length > 0 && schema.items) return `${name} takes ${describeExpected(schema.items)}, not ${shown}`;
  if (rest.length > 0) {
    const entry = rest.join("/").replace(/~1/g, "/").replace(/~0/g, "~");
    return error.keyword === "pattern"
      ? `the path of ${entry} must start with / and hold no space, query or fragment, not ${shown} (${name})`
      : `${name} gives ${entry} ${shown}, which is not a text`;
  }
  return `${name} takes ${expected}${key === "rateLimit" ? " requests per second (the flag also reads 20/s and 30/m)" : ""}, not ${shown}`;
}

/** A base URL the operation paths can be appended to, or a sentence saying what is wrong. */
function checkedBaseUrl(text: string, name: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(`${name} ${showUrl(text)} is not a URL; give one like https://api.example.com`);
  }
  // Userinfo first, and never echoed: today's reports would carry the password.
  if (url.username !== "" || url.password !== "" || /^[^/]*\/\/[^/]*@/.test(text)) {
    throw new ConfigurationError(
      `${name} carries a user name or password (user:pass@); remove it, since credentials go only in the client_id and Authorization headers (--client-id, --token)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigurationError(`${name} must use http or https, not ${url.protocol}`);
  if (text.includes("?"))
    throw new ConfigurationError(
      `${name} has a query string (?…); give the URL the operation paths are appended to, e.g. https://api.example.com/prefix`,
    );
  if (text.includes("#"))
    throw new ConfigurationError(
      `${name} has a fragment (#…); give the URL the operation paths are appended to, e.g. https://api.example.com/prefix`,
    );
  return text.replace(/\/+$/, "");
}

/** Tab, printable ASCII and the rest of Latin-1: what an HTTP header value can carry. */
const HEADER_VALUE_CHARACTER = /[\t\x20-\x7e\x80-\xff]/;

/** Refuses a secret that cannot be sent as a header value, without showing it. */
function checkHeaderValue(value: string, name: string): void {
  const at = [...value].findIndex((character) => !HEADER_VALUE_CHARACTER.test(character));
  if (at < 0) return;
  const character = [...value][at] as string;
  const what =
    character === "\n" || character === "\r"
      ? "a line break"
      : (character.codePointAt(0) ?? 0) < 0x20 || character === "\x7f"
        ? "a control character"
        : "a character beyond Latin-1";
  throw new ConfigurationError(
    `${name} contains ${what} (character ${at + 1}), which cannot be sent in an HTTP header; copy the value again without it`,
  );
}

/**
 * Merges `layers` (later wins) and validates the result once: the schema, then what a schema
 * cannot say (a base URL the paths can follow, secrets sendable as headers). Required values are
 * not demanded here: a run without a base URL gets the bundled reference server.
 */
export function resolveRunConfig(layers: readonly (RunConfigFile | ConfigLayer)[]): RunConfigFile {
  const resolvedLayers = layers.map((layer) => (isLayer(layer) ? layer : codeLayer(layer)));
  const { merged, origin } = merge(resolvedLayers);
  if (typeof merged.baseUrl === "string" && merged.baseUrl.trim() === "")
    throw new ConfigurationError(emptyBaseUrlSentence(origin.get("baseUrl")?.nameOf("baseUrl") ?? "baseUrl"));
  const validate = runConfigValidator();
  if (!validate(merged)) {
    const [first] = validate.errors ?? [];
    throw new ConfigurationError(first ? sentenceFor(first, merged, origin) : "the settings are invalid");
  }
  const config = merged as RunConfigFile;
  const nameOf = (key: SettingKey) => origin.get(key)?.nameOf(key) ?? key;
  if (config.baseUrl !== undefined) config.baseUrl = checkedBaseUrl(config.baseUrl, nameOf("baseUrl"));
  for (const key of SECRET_KEYS) {
    const value = config[key];
    if (typeof value === "string") checkHeaderValue(value, nameOf(key));
  }
  checkClientCertificate(config, nameOf);
  // Merged per name and per operation, and checked for what a schema cannot say (a header HTTP cannot carry, two operations at one path).
  const layerValues = (key: SettingKey) =>
    resolvedLayers.map((layer) => layer.values[key] as Record<string, string> | undefined);
  if (config.headers !== undefined) config.headers = resolveExtraHeaders(layerValues("headers"), config.secretHeaders);
  for (const name of config.secretHeaders ?? []) {
    if (!Object.keys(config.headers ?? {}).some((header) => header.toLowerCase() === name.toLowerCase()))
      throw new ConfigurationError(
        `${nameOf("secretHeaders")} names ${JSON.stringify(name)}, which is no extra header of the run; give the name of a header given with --header (or header in the config file)`,
      );
  }
  if (config.operationPaths !== undefined)
    config.operationPaths = resolveOperationPaths(layerValues("operationPaths") as (OperationPaths | undefined)[]);
  return config;
}

/** The permission facts given; an empty list is a fact too ("none"), unlike a list not given. */
function permissionFactsOf(config: RunConfigFile): { permissions?: PermissionFacts } {
  const facts = {
    ...(config.forbiddenWidgetIds !== undefined ? { forbiddenWidgetIds: config.forbiddenWidgetIds } : {}),
    ...(config.forbiddenAnalyticIds !== undefined ? { forbiddenAnalyticIds: config.forbiddenAnalyticIds } : {}),
    ...(config.ownLandingPageIds !== undefined ? { ownLandingPageIds: config.ownLandingPageIds } : {}),
    ...(config.othersLandingPageIds !== undefined ? { othersLandingPageIds: config.othersLandingPageIds } : {}),
    ...(config.restrictedSeesAll === true ? { restrictedSeesAll: true } : {}),
  };
  return Object.keys(facts).length > 0 ? { permissions: facts } : {};
}

/** The CA files, refused at once (exit 2) when one cannot be read. */
function readableFiles(files: readonly string[]): string[] {
  for (const file of files) {
    try {
      readRegularFile(file);
    } catch (error) {
      throw new ConfigurationError(
        `cannot read the CA file ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}); --ca-file takes a PEM file`,
      );
    }
  }
  return [...files];
}

/** What a run needs besides RunSettings: where its reports go and which waivers apply. */
export type ResolvedRun = RunSettings & {
  readonly out?: string;
  readonly formats?: RunConfigFile["formats"];
  readonly waivers?: string;
};

/** Merges and validates `layers` into settings; `embedded` marks the bundled reference target. */
export function resolveRunSettings(layers: readonly (RunConfigFile | ConfigLayer)[], embedded = false): ResolvedRun {
  const config = resolveRunConfig(layers);
  if (!config.baseUrl)
    throw new ConfigurationError(
      "no target: give --base-url (or CMS_BASE_URL), or leave it out of every source to run the bundled reference server",
    );
  if (!config.clientId)
    throw new ConfigurationError(
      "no client id: every operation sends client_id (§5); give CMS_CLIENT_ID or --client-id",
    );
  if (!config.token)
    throw new ConfigurationError(
      "no bearer token: the content management operations need one (§5); give CMS_TOKEN or --token",
    );
  return {
    baseUrl: config.baseUrl,
    embedded,
    credentials: {
      clientId: config.clientId,
      token: config.token,
      ...(config.restrictedToken ? { restrictedToken: config.restrictedToken } : {}),
      ...(config.tokenCommand ? { tokenCommand: config.tokenCommand } : {}),
      ...(config.restrictedTokenCommand ? { restrictedTokenCommand: config.restrictedTokenCommand } : {}),
    },
    fixtures: {
      analyticIds: config.analyticIds ?? [],
      roles: config.roles ?? [],
      ...(config.domainName !== undefined ? { domainName: config.domainName } : {}),
      ...(config.serviceName !== undefined ? { serviceName: config.serviceName } : {}),
      ...(config.roleFilters !== undefined ? { roleFilters: config.roleFilters } : {}),
      ...(config.translatedWidgetText !== undefined ? { translatedWidgetText: config.translatedWidgetText } : {}),
      ...permissionFactsOf(config),
    },
    ...(config.failOnUnverified === true ? { failOnUnverified: true } : {}),
    profile: config.profile ?? RUN_DEFAULTS.profile,
    seed: config.seed ?? Math.floor(Math.random() * 2 ** 31),
    maxExamples: config.maxExamples ?? RUN_DEFAULTS.maxExamples,
    timeoutMs: config.timeoutMs ?? RUN_DEFAULTS.timeoutMs,
    ...(config.concurrency !== undefined ? { concurrency: config.concurrency } : {}),
    maxConcurrency: config.maxConcurrency ?? RUN_DEFAULTS.maxConcurrency,
    ...(config.rateLimit !== undefined ? { rateLimitPerSecond: config.rateLimit } : {}),
    maxRetryWaitMs: config.maxRetryWaitMs ?? RUN_DEFAULTS.maxRetryWaitMs,
    maxRunTimeMs: config.maxRunTimeMs ?? RUN_DEFAULTS.maxRunTimeMs,
    ...(config.maxResponseTimeMs !== undefined ? { maxResponseTimeMs: config.maxResponseTimeMs } : {}),
    ...(config.caFiles !== undefined && config.caFiles.length > 0 ? { caFiles: readableFiles(config.caFiles) } : {}),
    ...(config.insecure === true ? { insecure: true } : {}),
    ...(config.cert !== undefined && config.key !== undefined
      ? { clientCertificate: { certFile: config.cert, keyFile: config.key } }
      : {}),
    ...(config.failOnSkipped === true ? { failOnSkipped: true } : {}),
    maxPageSize: config.maxPageSize ?? RUN_DEFAULTS.maxPageSize,
    maxPagesWalked: config.maxPages ?? RUN_DEFAULTS.maxPagesWalked,
    ...(config.maxFailures !== undefined ? { maxFailures: config.maxFailures } : {}),
    checks: config.checks ?? [],
    excludeChecks: config.excludeChecks ?? [],
    operations: config.operations ?? [],
    ...(config.headers !== undefined && Object.keys(config.headers).length > 0 ? { headers: config.headers } : {}),
    ...(config.secretHeaders !== undefined && config.secretHeaders.length > 0
      ? { secretHeaders: config.secretHeaders }
      : {}),
    ...(config.operationPaths !== undefined && Object.keys(config.operationPaths).length > 0
      ? { operationPaths: config.operationPaths }
      : {}),
    ...(config.out !== undefined ? { out: config.out } : {}),
    ...(config.formats !== undefined ? { formats: config.formats } : {}),
    ...(config.waivers !== undefined ? { waivers: config.waivers } : {}),
  };
}

/** Settings from the environment alone (for `vitest --project conformance`). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): RunSettings {
  return resolveRunSettings([configFromEnvironment(env)]);
}
