/** The options of how the suite reaches the target: extra headers, operation paths, TLS, and the config file (rows of runOptionTable.ts). */
import { ALL_OPERATIONS, type OperationPaths } from "../../../contract/operations.js";
import { valueType, type RunOptionDefinition } from "./RunOptionDefinition.js";

/** The options of how the suite reaches the target. */
export const CONNECTION_OPTIONS = [
  {
    name: "header",
    mergedPerEntry: true,
    valueType: valueType<Record<string, string>>(),
    reproduce: { read: (s) => s.headers, headers: true },
    value: "'NAME: VALUE'",
    repeatable: true,
    group: "Target",
    setting: "headers",
    schema: {
      type: "object",
      description:
        "Headers sent on every request besides those of §5, name → value (e.g. a gateway's X-Tenant or API " +
        "key). Values of names that look secret (authorization, cookie, token, key, secret …) are redacted " +
        "from every report.",
      additionalProperties: { type: "string" },
    },
    reader: "header",
    help:
      "a header sent on every request (a gateway's tenant, an API key); values of names containing auth, " +
      "cookie, token, key, secret, pass, session, credential, signature, jwt, assertion or pw, and values " +
      "shaped like a JWT or 'Bearer <token>', are redacted like the token",
  },
  {
    name: "secret-header",
    reproduce: { read: (s) => s.secretHeaders },
    value: "NAME",
    repeatable: true,
    group: "Target",
    setting: "secretHeaders",
    schema: {
      type: "array",
      items: { type: "string", pattern: "^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$" },
      description:
        "Names of headers given in header whose values are secrets whatever their names (e.g. X-Api-Pw): " +
        "redacted from every report like the token, in every form.",
    },
    help: "the value of this --header is a secret whatever its name (X-Api-Pw): redacted from every report and the console like the token",
  },
  {
    name: "operation-path",
    mergedPerEntry: true,
    valueType: valueType<OperationPaths>(),
    reproduce: {
      read: (s) =>
        ALL_OPERATIONS.flatMap((operation) => {
          const path = s.operationPaths?.[operation];
          return path === undefined ? [] : [`${operation}=${path}`];
        }),
    },
    value: "OP=/PATH",
    repeatable: true,
    group: "Target",
    setting: "operationPaths",
    schema: {
      type: "object",
      description:
        "Paths below base-url of operations a deployment mounts elsewhere than §4, e.g. the vendor SDK's /platform/cms/queries/getWidget.",
      additionalProperties: false,
      properties: {
        listFactoryDefaultWidgets: { $ref: "#/$defs/operationPath" },
        listLandingPages: { $ref: "#/$defs/operationPath" },
        getAnalytic: { $ref: "#/$defs/operationPath" },
        getWidget: { $ref: "#/$defs/operationPath" },
        getRoleFilters: { $ref: "#/$defs/operationPath" },
      },
    },
    reader: "operationPath",
    defaultText: "§4's paths",
    help: "where the deployment serves an operation below the base URL, e.g. getWidget=/platform/cms/queries/getWidget",
  },
  {
    name: "insecure",
    reproduce: { read: (s) => s.insecure },
    group: "Target",
    setting: "insecure",
    schema: {
      type: "boolean",
      description: "Skip TLS certificate verification; a warning on the console and a note in every report.",
    },
    help: "skip TLS certificate verification: a warning on the console, and recorded in every report",
  },
  {
    name: "ca-file",
    relativeToConfigFile: true,
    reproduce: { read: (s) => s.caFiles },
    value: "PEM",
    repeatable: true,
    group: "Target",
    setting: "caFiles",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description:
        "PEM files of certificate authorities to trust besides the system's (a company CA); each must be readable.",
    },
    defaultText: "the system's CAs",
    help:
      "trust this certificate authority (a company CA) besides the system's; NODE_EXTRA_CA_CERTS works " +
      "too. HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured, proxy credentials redacted",
  },
  {
    name: "cert",
    relativeToConfigFile: true,
    reproduce: { read: (s) => s.clientCertificate?.certFile },
    value: "PEM",
    group: "Target",
    setting: "cert",
    schema: {
      type: "string",
      minLength: 1,
      description: "PEM file of a client certificate presented to a target that asks for one (mTLS); needs key.",
    },
    help: "client certificate (PEM file) for a target or gateway that asks for one (mTLS); needs --key",
  },
  {
    name: "key",
    relativeToConfigFile: true,
    reproduce: { read: (s) => s.clientCertificate?.keyFile },
    value: "PEM",
    group: "Target",
    setting: "key",
    schema: {
      type: "string",
      minLength: 1,
      description: "PEM file of the client certificate's private key; its content is a secret, never written.",
    },
    help: "private key (PEM file) of --cert; the key itself is never written anywhere",
  },
  {
    name: "config",
    reproduce: {},
    value: "FILE",
    group: "Target",
    help:
      "JSON config file (docs/config-file.md; schema: schemas/meta/run-config-file.schema.json): its keys " +
      'are the flag names (the config key column), its values as the flags take them ("timeout": "5s") or ' +
      "as numbers, lists and objects; flags override the environment, which overrides the file; the paths " +
      "it names (ca-file, cert, key, out, waivers) are relative to the file",
  },
] as const satisfies readonly RunOptionDefinition[];
