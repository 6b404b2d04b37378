/**
 * Starts the reference server in its own process (`cms-conformance serve`) on loopback, with
 * its request log on standard error, so the benchmark sees every request as it is answered.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { readServeAnnouncement, type ServeAnnouncement } from "../cli/commands/serve.js";
import type { ReferenceRequestRecord } from "../reference/http/ReferenceRequestRecord.js";

const BIN = fileURLToPath(new URL("../bin/cms-conformance.mjs", import.meta.url));

/**
 * The settings of a bench run against `announcement`'s server: its URL, credentials and the facts a
 * default run reads (the permission facts are left out, as a user who knows none would).
 */
export function benchRunSettingsOf(announcement: ServeAnnouncement) {
  const { baseUrl, clientId, token, restrictedToken, analyticIds, roles, domainName, serviceName } = announcement;
  return { baseUrl, clientId, token, restrictedToken, analyticIds, roles, domainName, serviceName };
}

/** A running server process. */
export interface ReferenceServerProcess {
  readonly pid: number;
  readonly announcement: ServeAnnouncement;
  /** Calls `listener` for each request answered from now on; returns the unsubscribe function. */
  onRecord(listener: (record: ReferenceRequestRecord) => void): () => void;
  stop(): Promise<void>;
}

/** Item counts of the server's data set (serve's defaults when absent), and its latency. */
export interface ServerSizes {
  readonly widgets?: number;
  /** serve --latency: every answer waits this long first. */
  readonly latencyMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Spawns `serve` and resolves once it has announced itself (or rejects with its error output). */
export async function spawnReferenceServer(
  sizes: ServerSizes = {},
  startTimeoutMs = 60_000,
): Promise<ReferenceServerProcess> {
  const args = [
    BIN,
    "serve",
    "--port",
    "0",
    "--request-log",
    "-",
    ...(sizes.widgets === undefined ? [] : ["--widgets", String(sizes.widgets)]),
    ...(sizes.latencyMs === undefined ? [] : ["--latency", String(sizes.latencyMs)]),
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  const listeners = new Set<(record: ReferenceRequestRecord) => void>();
  let errorOutput = "";
  createInterface({ input: child.stderr! }).on("line", (line) => {
    if (!line.startsWith("{")) {
      errorOutput += `${line}\n`;
      return;
    }
    const record = JSON.parse(line) as ReferenceRequestRecord;
    for (const listener of listeners) listener(record);
  });
  const stdout = createInterface({ input: child.stdout! });
  const announcement = await new Promise<ServeAnnouncement>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the reference server did not start within ${startTimeoutMs} ms`)),
      startTimeoutMs,
    );
    stdout.once("line", (line) => {
      clearTimeout(timer);
      try {
        resolve(readServeAnnouncement(line));
      } catch {
        reject(new Error(`the reference server's first line is not its JSON announcement: ${line.slice(0, 200)}`));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference server exited with ${code}: ${errorOutput.trim()}`));
    });
  });
  stdout.on("line", () => undefined); // keep draining the human-readable block
  return {
    pid: child.pid!,
    announcement,
    onRecord(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}
