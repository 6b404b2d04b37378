/** The options that name the target and what the suite may know of it: where it is, its credentials and its known facts (rows of runOptionTable.ts). */
import { valueType, type RunOptionDefinition } from "./RunOptionDefinition.js";

/** The options that name the target and what the suite may know of it. */
export const TARGET_OPTIONS = [
  {
    name: "base-url",
    reproduce: { read: (s) => s.baseUrl, targetOnly: true },
    value: "URL",
    group: "Target",
    setting: "baseUrl",
    env: "CMS_BASE_URL",
    schema: {
      type: "string",
      pattern: "^https?://",
      description:
        "Base URL of the target, http or https, without query string, fragment or user:pass@; the operation " +
        "paths of §4 are appended to it. Without it the bundled reference server runs.",
    },
    defaultText: "the bundled reference server",
    help: "base URL of the implementation; the operation paths of §4 are appended to it, so no query string, fragment or user:pass@",
  },
  {
    name: "client-id",
    sentAsHeader: true,
    secretVariable: "CMS_CLIENT_ID",
    reproduce: { read: (s) => s.credentials.clientId, targetOnly: true },
    value: "ID",
    group: "Target",
    setting: "clientId",
    env: "CMS_CLIENT_ID",
    schema: {
      type: "string",
      minLength: 1,
      description:
        "Value of the client_id header (§5). Prefer CMS_CLIENT_ID. Surrounding spaces are trimmed; it must be sendable as an HTTP header value.",
    },
    help: "value of the client_id header (§5)",
  },
  {
    name: "token",
    sentAsHeader: true,
    secretVariable: "CMS_TOKEN",
    reproduce: { read: (s) => s.credentials.token, targetOnly: true },
    value: "TOKEN",
    group: "Target",
    setting: "token",
    env: "CMS_TOKEN",
    schema: {
      type: "string",
      minLength: 1,
      description:
        "Bearer token of a user with the Visualizar permission (§5). Prefer CMS_TOKEN. Surrounding spaces " +
        "are trimmed; it must be sendable as an HTTP header value.",
    },
    help: "bearer token of a user with the Visualizar permission (§5); a flag is visible to other users in ps and stays in shell history, so prefer CMS_TOKEN",
  },
  {
    name: "restricted-token",
    sentAsHeader: true,
    secretVariable: "CMS_RESTRICTED_TOKEN",
    reproduce: { read: (s) => s.credentials.restrictedToken, targetOnly: true },
    value: "TOKEN",
    group: "Target",
    setting: "restrictedToken",
    env: "CMS_RESTRICTED_TOKEN",
    schema: {
      type: "string",
      minLength: 1,
      description:
        "Bearer token of a user without Visualizar. Prefer CMS_RESTRICTED_TOKEN. Trimmed and checked like token.",
    },
    help: "bearer token of a user without Visualizar; permission checks are skipped without it",
  },
  {
    name: "token-command",
    // A command line may hold a secret of its own (a client secret) that no redaction knows: only typed, as a variable.
    secretVariable: "CMS_TOKEN_COMMAND",
    reproduce: { typedOnly: true },
    value: "CMD",
    group: "Target",
    setting: "tokenCommand",
    schema: {
      type: "string",
      minLength: 1,
      description:
        "A command line (run by sh -c) that prints the bearer token: run at start instead of token, and " +
        "again when a request carrying the token gets 401 mid-run (an expired token).",
    },
    help:
      "a command line (run by sh -c, 30 s at most) that prints the bearer token, instead of --token; run " +
      "again when a request carrying the token gets 401 mid-run (an expired token), and the request sent " +
      "once more with the new one; every token it prints is a secret in every report",
  },
  {
    name: "restricted-token-command",
    secretVariable: "CMS_RESTRICTED_TOKEN_COMMAND",
    reproduce: { typedOnly: true },
    value: "CMD",
    group: "Target",
    setting: "restrictedTokenCommand",
    schema: {
      type: "string",
      minLength: 1,
      description:
        "A command line (run by sh -c) that prints the restricted user's token, as token-command does for token.",
    },
    help: "the same for the restricted user's token, instead of --restricted-token",
  },
  {
    name: "analytic-id",
    default: [],
    reproduce: { read: (s) => s.fixtures.analyticIds, targetOnly: true },
    value: "ID",
    repeatable: true,
    group: "Target",
    setting: "analyticIds",
    env: "CMS_ANALYTIC_IDS",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Analytic ids to read (no operation lists them, §4.3).",
    },
    help: "an analytic to read; repeatable or comma-separated; there is no operation that lists analytics (§4.3)",
  },
  {
    name: "role",
    default: [],
    reproduce: { read: (s) => s.fixtures.roles, targetOnly: true },
    value: "NAME",
    repeatable: true,
    group: "Target",
    setting: "roles",
    env: "CMS_ROLES",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Role names for getRoleFilters (§4.5).",
    },
    help: "a role for getRoleFilters; repeatable or comma-separated",
  },
  {
    name: "domain-name",
    reproduce: { read: (s) => s.fixtures.domainName, targetOnly: true },
    value: "NAME",
    group: "Target",
    setting: "domainName",
    env: "CMS_DOMAIN_NAME",
    schema: { type: "string", description: "domainName sent with getRoleFilters." },
    help: "domainName sent with getRoleFilters",
  },
  {
    name: "service-name",
    reproduce: { read: (s) => s.fixtures.serviceName, targetOnly: true },
    value: "NAME",
    group: "Target",
    setting: "serviceName",
    env: "CMS_SERVICE_NAME",
    schema: { type: "string", description: "serviceName sent with getRoleFilters." },
    help: "serviceName sent with getRoleFilters",
  },
  {
    name: "role-filters",
    valueType: valueType<Record<string, { name: string; value: string }[]>>(),
    group: "Target",
    configOnly: true,
    setting: "roleFilters",
    schema: {
      type: "object",
      additionalProperties: {
        type: "array",
        items: {
          type: "object",
          properties: { name: { type: "string" }, value: { type: "string" } },
          required: ["name", "value"],
          additionalProperties: false,
        },
      },
      description:
        "Known facts: the filters each role has in domainName/serviceName (§4.5), role → [{ name, value }]; " +
        "getRoleFilters of that role alone must return exactly these.",
    },
    help: "known fact: the filters getRoleFilters must return for each role of --role in --domain-name/--service-name, as role → [{ name, value }] (§4.5)",
  },
  {
    name: "translated-widget-text",
    valueType: valueType<{ text: string; widgetId: string }>(),
    group: "Target",
    configOnly: true,
    setting: "translatedWidgetText",
    schema: {
      type: "object",
      properties: { text: { type: "string", minLength: 1 }, widgetId: { type: "string", minLength: 1 } },
      required: ["text", "widgetId"],
      additionalProperties: false,
      description:
        "Known fact: a whole translated name or description of one widget the admin lists, occurring nowhere " +
        "else (in no key, tag, id or URL), and that widget's id; a search that finds no key must find it (§4.1).",
    },
    help: "known fact: { text, widgetId }, a whole translated name or description only that widget holds; found unless keys are (§4.1)",
  },
  {
    name: "forbidden-widget",
    reproduce: { read: (s) => s.fixtures.permissions?.forbiddenWidgetIds, targetOnly: true, emptyIsFact: true },
    value: "ID",
    repeatable: true,
    group: "Target",
    setting: "forbiddenWidgetIds",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description:
        "Known fact: widgets the restricted user may not view (§4.1, §5): each must be missing from its listing and answer 403 to getWidget.",
    },
    help:
      "known fact: widgets the restricted user may not view (§4.1, §5): each must be missing from its " +
      "listing and answer 403 to getWidget; repeatable or comma-separated",
  },
  {
    name: "forbidden-analytic",
    reproduce: { read: (s) => s.fixtures.permissions?.forbiddenAnalyticIds, targetOnly: true, emptyIsFact: true },
    value: "ID",
    repeatable: true,
    group: "Target",
    setting: "forbiddenAnalyticIds",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Known fact: analytics the restricted user may not read (§5): getAnalytic answers 403.",
    },
    help: "known fact: analytics the restricted user may not read (§5): getAnalytic answers 403; repeatable or comma-separated",
  },
  {
    name: "own-landing-page",
    reproduce: { read: (s) => s.fixtures.permissions?.ownLandingPageIds, targetOnly: true, emptyIsFact: true },
    value: "ID",
    repeatable: true,
    group: "Target",
    setting: "ownLandingPageIds",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Known fact: landing pages the restricted user created: its listing shows each (§4.2, §5).",
    },
    help: "known fact: landing pages the restricted user created: its listing shows each (§4.2, §5); repeatable or comma-separated",
  },
  {
    name: "others-landing-page",
    reproduce: { read: (s) => s.fixtures.permissions?.othersLandingPageIds, targetOnly: true, emptyIsFact: true },
    value: "ID",
    repeatable: true,
    group: "Target",
    setting: "othersLandingPageIds",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description:
        "Known fact: landing pages the restricted user did not create: its listing (without Visualizar) shows none of them (§4.2, §5).",
    },
    help:
      "known fact: landing pages the restricted user did not create: its listing (without Visualizar) " +
      "shows none of them (§4.2, §5); repeatable or comma-separated",
  },
  {
    name: "restricted-sees-all",
    reproduce: { read: (s) => s.fixtures.permissions?.restrictedSeesAll, targetOnly: true },
    group: "Target",
    setting: "restrictedSeesAll",
    schema: {
      type: "boolean",
      description:
        "Known fact: the restricted user legitimately sees every widget and landing page the main user sees, " +
        "so equal listings are expected and pass (§4.1, §4.2, §5).",
    },
    help:
      "known fact: the restricted user legitimately sees every widget and landing page the main user sees " +
      "(§4.1, §4.2, §5); without it (or a fact naming what it may not see) equal listings cannot be judged: " +
      "errors, exit 2",
  },
] as const satisfies readonly RunOptionDefinition[];
