/** `cms-conformance serve`: runs the reference server (and its faults) until SIGINT/SIGTERM. */
import { createWriteStream } from "node:fs";
import { CONFIG_FILE_KEYS, configFileOf } from "../configFileKeys.js";
import { settingsOfConfigFile } from "../../runner/settings/configFileKeys.js";
import type { Writable } from "node:stream";
import { FAULT_CATALOGUE, findFault } from "../../reference/faults/faultCatalogue.js";
import { isReferenceMode, REFERENCE_MODES } from "../../reference/referenceMode.js";
import {
  startReferenceServer,
  type ReferenceServerOptions,
  type RunningReferenceServer,
} from "../../reference/startReferenceServer.js";
import { operationPath, type OperationPaths } from "../../contract/operations.js";
import { parseOperationPathOption } from "../../runner/settings/parseOperationPathOption.js";
import { resolveOperationPaths } from "../../runner/settings/resolveOperationPaths.js";
import { ConfigurationError } from "../../runner/model/ConfigurationError.js";
import { EXIT, UsageError, type CliIo } from "../io.js";
import { parseCommandLine } from "../parseCommandLine.js";

/** Help text of the command. */
export const SERVE_HELP = `Usage: cms-conformance serve [options]

Starts the reference implementation of the interface: all five operations, in memory,
deterministic from a seed, with an admin user (Visualizar permission) and a restricted one.
Prints one JSON line {base-url, client-id, token, restricted-token, analytic-id, role,
domain-name, service-name, role-filters, translated-widget-text, forbidden-widget,
forbidden-analytic, own-landing-page, others-landing-page}: the facts of its data as a config
file (saved, it is a --config for cms-conformance run), then a human-readable block with a
curl example.
Client id and tokens are random on every start. Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.

Every fault of the catalogue is also served at {baseUrl}/faults/<name>/platform/...
(or /faults/<name> followed by an --operation-path), and every legitimate variant
(reference/variants) at {baseUrl}/variants/<name>/platform/...

Options:
  --host <host>            address to listen on; default 127.0.0.1 (loopback)
  --port <n>               port; default 0 (an ephemeral port, printed in baseUrl)
  --seed <n>               seed of the data set (same seed, same data); default 1
  --mode <name>            ${REFERENCE_MODES.join(" | ")}; default default
                             extra-fields: unknown fields at every object level
                             spec-minimal: the least the spec allows (no category on GAUGE charts,
                                           empty filter objects and arrays), every tabled field present
                             empty:        no widgets, landing pages or analytics
  --fault <name>           serve this fault on the plain paths (see --list-faults)
  --operation-path <op>=<path>
                           serve an operation at <path> instead of its §4 path, as a deployment
                             does (repeatable); e.g. the vendor SDK's layout behind a tenant prefix:
                             getWidget=/t/acme/bridge/1.0/rest/platform/cms/queries/getWidget
  --widgets <n>            number of widgets; default 137
  --landing-pages <n>      number of landing pages; default 53
  --analytics <n>          number of analytics; default 34
  --request-log <file>     append one JSON line per answered request to <file> ("-": standard
                             error): time, method, path, headers, body, status; the server's
                             credentials appear as $CLIENT_ID, $TOKEN and $RESTRICTED_TOKEN
  --latency <ms>           every answer ends this long after its request arrived, the time to
                             compute it included (0 to 60000), as a real target's
                             network and work would; default 0
  --list-faults            print the fault catalogue (name, section, caught by) and exit
  -h, --help               show this help
`;

function integerOption(name: string, value: string | undefined, minimum: number, maximum: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < minimum || parsed > maximum) {
    throw new UsageError(`--${name} must be an integer from ${minimum} to ${maximum}, not ${JSON.stringify(value)}`);
  }
  return parsed;
}

/** The request log's stream: standard error for "-", else the file, opened for appending. */
function openRequestLog(path: string): Promise<Writable> {
  if (path === "-") return Promise.resolve(process.stderr);
  const stream = createWriteStream(path, { flags: "a" });
  return new Promise((resolve, reject) => {
    stream.once("open", () => resolve(stream));
    stream.once("error", (error) => reject(new UsageError(`cannot write the request log ${path}: ${error.message}`)));
  });
}

function closeRequestLog(stream: Writable): Promise<void> {
  if (stream === process.stderr) return Promise.resolve();
  return new Promise((resolve) => stream.end(resolve));
}

/** Resolves on the first SIGINT or SIGTERM. */
export function terminationSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

function faultListing(): string {
  const width = Math.max(...FAULT_CATALOGUE.map((fault) => fault.name.length));
  return FAULT_CATALOGUE.map(
    (fault) =>
      `${fault.name.padEnd(width)}  ${fault.section.padEnd(6)}  ${fault.caughtBy.join(", ")}\n    ${fault.description}\n`,
  ).join("");
}

/**
 * What the JSON line `serve` prints first holds, for scripts (the benchmark reads it with
 * readServeAnnouncement); operationPaths only when --operation-path moved some. The line itself is a
 * config file (keys the flag names): saved, it is a --config for cms-conformance run.
 */
export type ServeAnnouncement = Pick<RunningReferenceServer, "baseUrl"> &
  RunningReferenceServer["credentials"] &
  RunningReferenceServer["fixtures"] & { operationPaths?: OperationPaths };

/** The facts of serve's JSON line (a config file), named as the settings name them. */
export function readServeAnnouncement(line: string): ServeAnnouncement {
  return settingsOfConfigFile(
    JSON.parse(line) as Record<string, unknown>,
    CONFIG_FILE_KEYS,
    "serve's JSON line",
  ) as unknown as ServeAnnouncement;
}

function announcement(server: RunningReferenceServer, options: ReferenceServerOptions): string {
  const { baseUrl, credentials, fixtures } = server;
  const announced: ServeAnnouncement = {
    baseUrl,
    ...credentials,
    ...fixtures,
    ...(options.operationPaths ? { operationPaths: options.operationPaths } : {}),
  };
  const line = JSON.stringify(configFileOf(announced as unknown as Record<string, unknown>));
  const curl =
    `curl -s -X POST ${baseUrl}${operationPath("listFactoryDefaultWidgets", options.operationPaths)} -H ` +
    `'Content-Type: application/json' -H 'client_id: ${credentials.clientId}' -H 'Authorization: Bearer ` +
    `${credentials.token}' -d '{"pagination":{"pageNumber":0,"pageSize":3}}'`;
  return `${line}

Reference server listening on ${baseUrl}
  mode              ${options.mode ?? "default"}, seed ${options.seed ?? 1}, fault ${options.fault ?? "none"}
  client id         ${credentials.clientId}
  admin token       ${credentials.token}   (has Visualizar)
  restricted token  ${credentials.restrictedToken}
  analytic ids      ${fixtures.analyticIds.length}${fixtures.analyticIds[0] ? `, e.g. ${fixtures.analyticIds[0]}` : ""}
  roles             ${fixtures.roles.join(", ")} (domainName ${fixtures.domainName}, serviceName ${fixtures.serviceName})
  faults            ${FAULT_CATALOGUE.length}, each at ${baseUrl}/faults/<name>/platform/... (serve --list-faults)

Try:
  ${curl}

Stop with Ctrl-C.
`;
}

/** The options of `serve`, for parseCommandLine. */
const SERVE_OPTIONS = {
  host: { type: "string", default: "127.0.0.1" },
  port: { type: "string" },
  seed: { type: "string" },
  mode: { type: "string", default: "default" },
  fault: { type: "string" },
  "operation-path": { type: "string", multiple: true },
  widgets: { type: "string" },
  "landing-pages": { type: "string" },
  analytics: { type: "string" },
  "request-log": { type: "string" },
  latency: { type: "string" },
  "list-faults": { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

type ServeValues = ReturnType<typeof parseCommandLine<typeof SERVE_OPTIONS>>["values"];

/** The operation paths --operation-path gives, checked; a mistake is a usage error. */
function servedOperationPaths(flags: readonly string[] | undefined): OperationPaths | undefined {
  try {
    const given = parseOperationPathOption(flags);
    return given ? resolveOperationPaths([given]) : undefined;
  } catch (error) {
    throw error instanceof ConfigurationError ? new UsageError(error.message) : error;
  }
}

/** The reference server's options from the flags, each checked. */
function serverOptions(values: ServeValues): ReferenceServerOptions {
  if (!isReferenceMode(values.mode))
    throw new UsageError(`--mode must be one of ${REFERENCE_MODES.join(", ")}, not ${JSON.stringify(values.mode)}`);
  if (values.fault !== undefined && !findFault(values.fault)) {
    throw new UsageError(`unknown fault ${JSON.stringify(values.fault)}; run serve --list-faults for the names`);
  }
  const sizes = {
    widgets: integerOption("widgets", values.widgets, 0, 100_000),
    landingPages: integerOption("landing-pages", values["landing-pages"], 0, 100_000),
    analytics: integerOption("analytics", values.analytics, 0, 100_000),
  };
  const operationPaths = servedOperationPaths(values["operation-path"]);
  return {
    host: values.host,
    port: integerOption("port", values.port, 0, 65_535) ?? 0,
    seed: integerOption("seed", values.seed, 0, 2 ** 32 - 1) ?? 1,
    mode: values.mode,
    ...(values.fault !== undefined ? { fault: values.fault } : {}),
    ...(operationPaths ? { operationPaths } : {}),
    sizes: Object.fromEntries(Object.entries(sizes).filter(([, value]) => value !== undefined)),
    ...(values.latency !== undefined ? { latencyMs: integerOption("latency", values.latency, 0, 60_000) ?? 0 } : {}),
  };
}

/** Starts the server; a host or port it cannot listen on is a usage error (the request log closed first). */
async function listen(
  options: ReferenceServerOptions,
  requestLog: Writable | undefined,
): Promise<RunningReferenceServer> {
  try {
    return await startReferenceServer(options);
  } catch (error) {
    if (requestLog) await closeRequestLog(requestLog);
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTFOUND and EAI_AGAIN: a --host no resolver knows, or none could answer for.
    if (["EADDRINUSE", "EADDRNOTAVAIL", "EACCES", "ENOTFOUND", "EAI_AGAIN"].includes(code ?? "")) {
      throw new UsageError(
        `cannot listen on ${options.host}:${options.port} (${code}); choose another --host or --port (0 picks a free port)`,
      );
    }
    throw error;
  }
}

/** Runs the command until `stop` resolves (SIGINT/SIGTERM by default); returns its exit code. */
export async function serveCommand(
  argv: readonly string[],
  io: CliIo,
  stop: () => Promise<unknown> = terminationSignal,
): Promise<number> {
  const { values } = parseCommandLine("serve", argv, SERVE_OPTIONS);
  if (values.help) {
    io.stdout.write(SERVE_HELP);
    return EXIT.ok;
  }
  if (values["list-faults"]) {
    io.stdout.write(faultListing());
    return EXIT.ok;
  }
  const options = serverOptions(values);
  const requestLog = values["request-log"] === undefined ? undefined : await openRequestLog(values["request-log"]);
  if (requestLog) options.onRequest = (record) => requestLog.write(`${JSON.stringify(record)}\n`);
  const server = await listen(options, requestLog);
  io.stdout.write(announcement(server, options));
  await stop();
  await server.close();
  if (requestLog) await closeRequestLog(requestLog);
  io.stderr.write("reference server stopped\n");
  return EXIT.ok;
}
