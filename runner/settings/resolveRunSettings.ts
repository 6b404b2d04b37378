/**
 * The settings of a run (RunSettings) from its configuration layers, merged and validated once
 * (resolveRunConfig.ts): the values the user must give are demanded here, and every setting the table
 * defines reaches the run, under its own key unless the run's model places it (credentials, fixtures).
 */
import { ConfigurationError } from "../model/ConfigurationError.js";
import { RUN_DEFAULTS, type PermissionFacts, type RunSettings } from "../model/RunSettings.js";
import { SETTING_ROWS, type RunConfigFile, type SettingKey } from "../model/runOptions/runOptionTable.js";
import type { LayerOrValues } from "./ConfigLayer.js";
import { configFromEnvironment } from "./configFromEnvironment.js";
import { resolveRunConfig } from "./resolveRunConfig.js";

export type { ConfigLayer } from "./ConfigLayer.js";
export type { RunConfigFile, SettingKey } from "../model/runOptions/runOptionTable.js";
export { configFromEnvironment } from "./configFromEnvironment.js";
export { readConfigFile } from "./readConfigFile.js";
export { resolveRunConfig } from "./resolveRunConfig.js";

/** Settings the run's model places itself (below); every other setting reaches the run under its own key. */
const PLACED_SETTINGS = [
  "baseUrl",
  "clientId",
  "token",
  "restrictedToken",
  "tokenCommand",
  "restrictedTokenCommand",
  "analyticIds",
  "roles",
  "domainName",
  "serviceName",
  "roleFilters",
  "translatedWidgetText",
  "forbiddenWidgetIds",
  "forbiddenAnalyticIds",
  "ownLandingPageIds",
  "othersLandingPageIds",
  "restrictedSeesAll",
  "seed",
  "rateLimit",
  "maxPages",
  "caFiles",
  "cert",
  "key",
] as const satisfies readonly SettingKey[];

/** The settings that reach the run under their own keys, as the table types them. */
export type PassedThroughSettings = {
  readonly [K in Exclude<SettingKey, (typeof PLACED_SETTINGS)[number]>]?: RunConfigFile[K];
};

/** What a run needs: RunSettings, and every other setting of the table (where its reports go, its waivers …). */
export type ResolvedRun = RunSettings & PassedThroughSettings;

function isEmpty(value: unknown): boolean {
  return Array.isArray(value)
    ? value.length === 0
    : typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/** Each setting the model does not place, given or defaulted; a switch only when on, a list or record only when it holds something (or is the default). */
function passedThrough(config: RunConfigFile): Record<string, unknown> {
  const placed: readonly string[] = PLACED_SETTINGS;
  const out: Record<string, unknown> = {};
  for (const row of SETTING_ROWS) {
    if (placed.includes(row.setting)) continue;
    const value = config[row.setting] ?? row.default;
    if (value === undefined || value === false || (row.default === undefined && isEmpty(value))) continue;
    out[row.setting] = value;
  }
  return out;
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

/** What the target is known to hold (§4.3: analytics are not listed; §4.5 role filters; permission facts). */
function fixturesOf(config: RunConfigFile): RunSettings["fixtures"] {
  return {
    analyticIds: config.analyticIds ?? [],
    roles: config.roles ?? [],
    ...(config.domainName !== undefined ? { domainName: config.domainName } : {}),
    ...(config.serviceName !== undefined ? { serviceName: config.serviceName } : {}),
    ...(config.roleFilters !== undefined ? { roleFilters: config.roleFilters } : {}),
    ...(config.translatedWidgetText !== undefined ? { translatedWidgetText: config.translatedWidgetText } : {}),
    ...permissionFactsOf(config),
  };
}

/** The credentials, refused in one sentence each when missing (§5). */
function credentialsOf(config: RunConfigFile): RunSettings["credentials"] {
  if (!config.clientId)
    throw new ConfigurationError(
      "no client id: every operation sends client_id (§5); give CMS_CLIENT_ID or --client-id",
    );
  if (!config.token)
    throw new ConfigurationError(
      "no bearer token: the content management operations need one (§5); give CMS_TOKEN or --token",
    );
  return {
    clientId: config.clientId,
    token: config.token,
    ...(config.restrictedToken ? { restrictedToken: config.restrictedToken } : {}),
    ...(config.tokenCommand ? { tokenCommand: config.tokenCommand } : {}),
    ...(config.restrictedTokenCommand ? { restrictedTokenCommand: config.restrictedTokenCommand } : {}),
  };
}

/** How the run reaches the target: pace, paging, TLS. */
function connectionOf(config: RunConfigFile) {
  return {
    ...(config.rateLimit !== undefined ? { rateLimitPerSecond: config.rateLimit } : {}),
    maxPagesWalked: config.maxPages ?? RUN_DEFAULTS.maxPagesWalked,
    ...(config.caFiles !== undefined && config.caFiles.length > 0 ? { caFiles: [...config.caFiles] } : {}),
    ...(config.cert !== undefined && config.key !== undefined
      ? { clientCertificate: { certFile: config.cert, keyFile: config.key } }
      : {}),
  };
}

/** Merges and validates `layers` into settings; `embedded` marks the bundled reference target. */
export function resolveRunSettings(layers: readonly LayerOrValues[], embedded = false): ResolvedRun {
  const config = resolveRunConfig(layers);
  if (!config.baseUrl)
    throw new ConfigurationError(
      "no target: give --base-url (or CMS_BASE_URL), or leave it out of every source to run the bundled reference server",
    );
  const credentials = credentialsOf(config);
  return {
    ...(passedThrough(config) as PassedThroughSettings & Pick<RunSettings, keyof typeof RUN_DEFAULTS>),
    baseUrl: config.baseUrl,
    embedded,
    credentials,
    fixtures: fixturesOf(config),
    seed: config.seed ?? Math.floor(Math.random() * 2 ** 31),
    ...connectionOf(config),
  } as ResolvedRun;
}

/** Settings from the environment alone (for `vitest --project conformance`). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): RunSettings {
  return resolveRunSettings([configFromEnvironment(env)]);
}
