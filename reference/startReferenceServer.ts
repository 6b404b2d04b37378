/** Starts the reference server (docs/design.md §6): all five operations of §4, in memory, deterministic from a seed. */
import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { OperationPaths } from "../contract/operations.js";
import type { AddressInfo } from "node:net";
import { buildReferenceData } from "./data/buildReferenceData.js";
import type { ReferenceSizes } from "./data/referenceData.js";
import { createReferenceHandler } from "./createReferenceHandler.js";
import type { ReferenceRequestRecord } from "./http/ReferenceRequestRecord.js";
import { findFault, FAULT_CATALOGUE } from "./faults/faultCatalogue.js";
import type { ReferenceFault } from "./faults/ReferenceFault.js";
import { findVariant } from "./variants/variantCatalogue.js";
import { createReferenceCredentials } from "./referenceCredentials.js";
import { referenceFixtures, type ReferenceFixtures } from "./referenceFixtures.js";
import { isReferenceMode, type ReferenceMode } from "./referenceMode.js";

export type { ReferenceMode } from "./referenceMode.js";

/** How to start the server; every field has a default. */
export interface ReferenceServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (an ephemeral port). */
  port?: number;
  /** Default 1. */
  seed?: number;
  /** Default "default". */
  mode?: ReferenceMode;
  /** A fault of the catalogue applied to the plain paths. */
  fault?: string;
  /** Item counts; default 137 widgets, 53 landing pages, 34 analytics ("empty" mode: all 0). */
  sizes?: Partial<{ widgets: number; landingPages: number; analytics: number }>;
  /** Paths of operations served elsewhere than §4 (a deployment's layout, e.g. the vendor SDK's /platform/cms/queries/getWidget). */
  operationPaths?: OperationPaths;
  /** Called once per answered request, e.g. to write a request log. */
  onRequest?: (record: ReferenceRequestRecord) => void;
  /** Every answer waits this long before it is handled, as a real target's network and work would (issue 28.4). */
  latencyMs?: number;
  /** The Retry-After of the rate-limited variant's 429s, in seconds; default 1. */
  retryAfterSeconds?: number;
}

/** A started server: where it is, how to call it, what it holds. */
export interface RunningReferenceServer {
  /** e.g. "http://127.0.0.1:43121" (no trailing slash). */
  baseUrl: string;
  credentials: { clientId: string; token: string; restrictedToken: string };
  fixtures: ReferenceFixtures;
  /** baseUrl + "/faults/" + name; throws on an unknown fault. */
  faultBaseUrl(name: string): string;
  /** baseUrl + "/variants/" + name (a legitimate variant, reference/variants); throws on an unknown variant. */
  variantBaseUrl(name: string): string;
  /** The fixtures of a variant's own data set (its roles or analytics may differ); throws on an unknown variant. */
  variantFixtures(name: string): ReferenceFixtures;
  /**
   * The fixtures of a run against a fault: the reference's facts, with the analytic ids the fault's data holds
   * (§4.3 lists no analytics: a user configures the ids the target has); throws on an unknown fault.
   */
  faultFixtures(name: string): ReferenceFixtures;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * The handler with a fixed latency: each answer ends `latencyMs` after its request arrived, the time
 * spent computing it included, as a target a fixed distance away would answer (issue 28.4: the bench's
 * bound, requests × latency ÷ concurrency, then holds for the server's side). Faults that write to the
 * socket themselves (cut, reset, drip) are not delayed.
 */
function withLatency(handler: RequestListener, latencyMs: number): RequestListener {
  return (request, response) => {
    const due = performance.now() + latencyMs;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.end = ((...args: unknown[]) => {
      const wait = due - performance.now();
      if (wait <= 0) return end(...args);
      setTimeout(() => end(...args), wait);
      return response;
    }) as ServerResponse["end"];
    handler(request, response);
  };
}

/** Starts the server and resolves once it listens. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const mode = options.mode ?? "default";
  if (!isReferenceMode(mode)) throw new Error(`unknown mode ${JSON.stringify(mode)}`);
  const fault = options.fault === undefined ? undefined : findFault(options.fault);
  if (options.fault !== undefined && !fault) {
    throw new Error(
      `unknown fault ${JSON.stringify(options.fault)}; known faults: ${FAULT_CATALOGUE.map((known) => known.name).join(", ")}`,
    );
  }
  const sizes: Partial<ReferenceSizes> =
    mode === "empty" ? { widgets: 0, landingPages: 0, analytics: 0, ...options.sizes } : { ...options.sizes };
  const seed = options.seed ?? 1;
  const data = buildReferenceData(seed, sizes);
  const credentials = createReferenceCredentials();
  const rebuild = (wanted: Partial<ReferenceSizes>) => buildReferenceData(seed, wanted);
  const handler = createReferenceHandler({
    data,
    credentials,
    mode,
    rebuild,
    ...(fault ? { fault } : {}),
    ...(options.operationPaths ? { operationPaths: options.operationPaths } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: options.retryAfterSeconds }),
  });
  const latencyMs = options.latencyMs ?? 0;
  const server = createServer(latencyMs > 0 ? withLatency(handler, latencyMs) : handler);
  // Node's default, stated: undici reuses a connection only while the server's Keep-Alive hint
  // exceeds its 2 s safety margin, so the 1 s this once was cost a new connection per request.
  server.keepAliveTimeout = 5000;
  const host = options.host ?? "127.0.0.1";
  const address = await listen(server, options.port ?? 0, host);
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const baseUrl = `http://${shownHost}:${address.port}`;
  const faultFixtures = (applied: ReferenceFault): ReferenceFixtures => {
    const fixtures = referenceFixtures(data);
    if (!applied.data) return fixtures;
    return { ...fixtures, analyticIds: referenceFixtures(applied.data(structuredClone(data), rebuild)).analyticIds };
  };
  return {
    baseUrl,
    credentials: { ...credentials },
    fixtures: fault ? faultFixtures(fault) : referenceFixtures(data),
    faultBaseUrl(name: string): string {
      if (!findFault(name)) throw new Error(`unknown fault ${JSON.stringify(name)}`);
      return `${baseUrl}/faults/${name}`;
    },
    variantBaseUrl(name: string): string {
      if (!findVariant(name)) throw new Error(`unknown variant ${JSON.stringify(name)}`);
      return `${baseUrl}/variants/${name}`;
    },
    variantFixtures(name: string): ReferenceFixtures {
      const variant = findVariant(name);
      if (!variant) throw new Error(`unknown variant ${JSON.stringify(name)}`);
      return referenceFixtures(variant.data ? variant.data(structuredClone(data), rebuild) : data);
    },
    faultFixtures(name: string): ReferenceFixtures {
      const named = findFault(name);
      if (!named) throw new Error(`unknown fault ${JSON.stringify(name)}`);
      return faultFixtures(named);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
