import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { UsageError } from "../../../cli/io.js";
import { main } from "../../../cli/main.js";
import { metaSchemaValidator } from "../../../contract/metaSchemaValidator.js";
import { readServeAnnouncement, SERVE_HELP, serveCommand, terminationSignal } from "../../../cli/commands/serve.js";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
import { answerDelay } from "./answerDelay.js";
import { call, listedIds, PATHS } from "./referenceClient.js";

/** Captures what a command writes. */
function capture() {
  const out = { stdout: "", stderr: "" };
  const io = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    readStdin: async () => "",
  };
  return { out, io };
}

describe("cms-conformance serve (in-process)", () => {
  it("prints one JSON line and a human block, serves until stopped, then closes", async () => {
    // Arrange
    const { out, io } = capture();
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    // Act
    const running = serveCommand(["--seed", "9", "--widgets", "12", "--fault", "page-size-ignored"], io, () => stopped);
    await expect.poll(() => out.stdout.includes("Stop with Ctrl-C")).toBe(true);
    const announced = readServeAnnouncement(out.stdout.split("\n")[0] ?? "");
    // The line is a config file for run: keys the flag names, valid against its schema.
    const validateConfigFile = metaSchemaValidator("run-config-file.schema.json");
    expect(
      validateConfigFile(JSON.parse(out.stdout.split("\n")[0] ?? "")),
      JSON.stringify(validateConfigFile.errors),
    ).toBe(true);
    expect(JSON.parse(out.stdout.split("\n")[0] ?? "")).toHaveProperty("base-url", announced.baseUrl);
    // serve --help names every key of the line as it is written.
    for (const key of Object.keys(JSON.parse(out.stdout.split("\n")[0] ?? "") as object))
      expect(SERVE_HELP, key).toMatch(new RegExp(`[{\\s]${key}[,}]`));
    const headers = {
      "Content-Type": "application/json",
      client_id: announced.clientId,
      Authorization: `Bearer ${announced.token}`,
    };
    const listing = await call(announced.baseUrl, PATHS.listFactoryDefaultWidgets, {
      body: { pagination: { pageSize: 3 } },
      headers,
    });
    stop();
    // Assert
    expect(await running).toBe(0);
    expect(Object.keys(announced).sort()).toEqual([
      "analyticIds",
      "baseUrl",
      "clientId",
      "domainName",
      "forbiddenAnalyticIds",
      "forbiddenWidgetIds",
      "othersLandingPageIds",
      "ownLandingPageIds",
      "restrictedToken",
      "roleFilters",
      "roles",
      "serviceName",
      "token",
      "translatedWidgetText",
    ]);
    expect(announced.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(listing.status).toBe(200);
    expect(listedIds(listing.json, "widgets")).toHaveLength(10); // the fault ignores pageSize
    expect(out.stdout).toContain(`curl -s -X POST ${announced.baseUrl}/platform/cms/listFactoryDefaultWidgets`);
    expect(out.stdout).toContain("fault page-size-ignored");
    expect(out.stderr).toBe("reference server stopped\n");
    await expect(call(announced.baseUrl, PATHS.listLandingPages, { headers })).rejects.toThrow();
  });

  it("--request-log writes one JSON line per answered request, credentials as placeholders", async () => {
    // Arrange
    const log = join(mkdtempSync(join(tmpdir(), "cms-serve-log-")), "requests.ndjson");
    const { announced, headers, stop } = await serveUntilStopped(["--widgets", "5", "--request-log", log]);
    // Act
    const before = Date.now();
    await call(announced.baseUrl, PATHS.listFactoryDefaultWidgets, { body: { pagination: { pageSize: 2 } }, headers });
    await call(announced.baseUrl, PATHS.getWidget, {
      body: {},
      headers: { ...headers, Authorization: "Bearer not-a-token" },
    });
    expect(await stop()).toBe(0);
    // Assert
    const text = readFileSync(log, "utf8");
    const records = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      method: "POST",
      path: PATHS.listFactoryDefaultWidgets,
      body: JSON.stringify({ pagination: { pageSize: 2 } }),
      status: 200,
      headers: { client_id: "$CLIENT_ID", authorization: "Bearer $TOKEN", "content-type": "application/json" },
    });
    expect(records[0]?.["at"]).toBeGreaterThanOrEqual(before - 1);
    expect(records[1]).toMatchObject({
      path: PATHS.getWidget,
      status: 401,
      headers: { authorization: "Bearer not-a-token" },
    });
    for (const secret of [announced.clientId, announced.token, announced.restrictedToken])
      expect(text).not.toContain(secret);
  });

  it("explains every option with --help and lists the faults with --list-faults", async () => {
    const help = capture();
    expect(await main(["serve", "--help"], help.io)).toBe(0);
    for (const option of [
      "--host",
      "--port",
      "--seed",
      "--mode",
      "--fault",
      "--widgets",
      "--landing-pages",
      "--analytics",
      "--request-log",
      "--list-faults",
    ])
      expect(help.out.stdout).toContain(option);
    const list = capture();
    expect(await main(["serve", "--list-faults"], list.io)).toBe(0);
    for (const fault of FAULT_CATALOGUE) expect(list.out.stdout).toContain(fault.name);
  });

  it.each([
    [["serve", "--mode", "weird"], /--mode must be one of default, extra-fields, spec-minimal, empty/],
    [["serve", "--fault", "nope"], /unknown fault "nope"/],
    [["serve", "--port", "70000"], /--port must be an integer from 0 to 65535/],
    [["serve", "--widgets=-3"], /--widgets must be an integer from 0 to 100000/],
    [["serve", "--seed", "many"], /--seed must be an integer/],
    [["serve", "--frobnicate"], /unknown option --frobnicate; run cms-conformance serve --help/],
  ])("exits 2 with one clear line for %j", async (argv, message) => {
    const { out, io } = capture();
    expect(await main(argv, io)).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr.trim().split("\n")).toHaveLength(1);
  });
});

/** serve ARGV stopped as soon as it has announced itself: its exit code and what it printed. */
async function serveOnce(argv: readonly string[]) {
  const { out, io } = capture();
  const code = await serveCommand(argv, io, async () => undefined);
  return { code, ...out };
}

/** What serve ARGV threw (undefined if it started and stopped). */
async function serveError(argv: readonly string[]): Promise<unknown> {
  return serveCommand(argv, capture().io, async () => undefined).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** serve ARGV running until `stop()`, which resolves to its exit code. */
async function serveUntilStopped(argv: readonly string[]) {
  const { out, io } = capture();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const running = serveCommand(argv, io, () => released);
  await expect.poll(() => out.stdout.includes("Stop with Ctrl-C")).toBe(true);
  const announced = readServeAnnouncement(out.stdout.split("\n")[0] ?? "");
  const headers = {
    "Content-Type": "application/json",
    client_id: announced.clientId,
    Authorization: `Bearer ${announced.token}`,
  };
  return {
    out,
    announced,
    headers,
    stop: () => {
      release();
      return running;
    },
  };
}

describe("cms-conformance serve: what it announces and how it parses its options", () => {
  it("states the mode, seed and fault it runs with, and the data's analytic ids and roles", async () => {
    const chosen = await serveOnce(["--mode", "extra-fields", "--seed", "9", "--analytics", "2"]);
    const empty = await serveOnce(["--mode", "empty"]);
    expect([chosen.code, empty.code]).toEqual([0, 0]);
    const announced = readServeAnnouncement(chosen.stdout.split("\n")[0] ?? "");
    const block = (stdout: string, label: string) => stdout.split("\n").find((line) => line.startsWith(`  ${label} `));
    expect(block(chosen.stdout, "mode")).toBe("  mode              extra-fields, seed 9, fault none");
    expect(block(chosen.stdout, "analytic ids")).toBe(`  analytic ids      2, e.g. ${announced.analyticIds[0]}`);
    expect(block(chosen.stdout, "roles")).toBe(
      `  roles             ${announced.roles.join(", ")} (domainName ${announced.domainName}, serviceName ${announced.serviceName})`,
    );
    expect(announced.roles.length).toBeGreaterThan(1);
    expect(block(empty.stdout, "mode")).toBe("  mode              empty, seed 1, fault none");
    expect(block(empty.stdout, "analytic ids")).toBe("  analytic ids      0");
  });

  it("takes the bounds of an integer option themselves: port 0, seed 2^32 - 1 and 0 widgets", async () => {
    const { code, stdout } = await serveOnce(["--port", "0", "--seed", "4294967295", "--widgets", "0"]);
    expect(code).toBe(0);
    expect(stdout).toContain("  mode              default, seed 4294967295, fault none\n");
  });

  it.each([
    [["--seed", "1.0"], '--seed must be an integer from 0 to 4294967295, not "1.0"'],
    [["--seed", "1e3"], '--seed must be an integer from 0 to 4294967295, not "1e3"'],
    [["--seed", "4294967296"], '--seed must be an integer from 0 to 4294967295, not "4294967296"'],
    [["--landing-pages", "few"], '--landing-pages must be an integer from 0 to 100000, not "few"'],
    [["--analytics", "few"], '--analytics must be an integer from 0 to 100000, not "few"'],
    [["--latency", "60001"], '--latency must be an integer from 0 to 60000, not "60001"'],
    [
      ["--operation-path", "nope"],
      '--operation-path takes OPERATION=/path, e.g. getWidget=/platform/cms/queries/getWidget, not "nope"',
    ],
    [
      ["--operation-path", "listLandingPages=x"],
      'the path of listLandingPages must start with / and hold no space, query or fragment, not "x"',
    ],
  ])("refuses %j with a usage error", async (argv, message) => {
    const error = await serveError(argv);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(message);
  });

  it("serves the sizes it was given and an operation moved by --operation-path, and announces the move", async () => {
    const served = await serveUntilStopped([
      "--widgets",
      "3",
      "--operation-path",
      "listLandingPages=/tenant/landing-pages",
    ]);
    const widgets = await call(served.announced.baseUrl, PATHS.listFactoryDefaultWidgets, {
      body: { pagination: { pageSize: 10 } },
      headers: served.headers,
    });
    const moved = await call(served.announced.baseUrl, "/tenant/landing-pages", { body: {}, headers: served.headers });
    expect(await served.stop()).toBe(0);
    expect(listedIds(widgets.json, "widgets")).toHaveLength(3);
    expect(moved.status).toBe(200);
    expect(served.announced.operationPaths?.listLandingPages).toBe("/tenant/landing-pages");
  });

  it("answers --latency after a request arrived", async () => {
    const served = await serveUntilStopped(["--latency", "250"]);
    // On a fake clock that moves only once the server holds its answer on a timer: the wait is the one asked.
    const answer = await answerDelay(`${served.announced.baseUrl}${PATHS.listLandingPages}`, served.headers, {});
    expect(await served.stop()).toBe(0);
    expect(answer).toEqual({ status: 200, delayMs: 250 });
  });

  it("lists the fault catalogue with the names in one padded column, then each description indented", async () => {
    const { out, io } = capture();
    expect(await serveCommand(["--list-faults"], io)).toBe(0);
    const width = Math.max(...FAULT_CATALOGUE.map((fault) => fault.name.length));
    expect(width).toBeGreaterThan(Math.min(...FAULT_CATALOGUE.map((fault) => fault.name.length)));
    expect(out.stdout).toBe(
      FAULT_CATALOGUE.map(
        (fault) =>
          `${fault.name.padEnd(width)}  ${fault.section.padEnd(6)}  ${fault.caughtBy.join(", ")}\n    ${fault.description}\n`,
      ).join(""),
    );
  });
});

describe("cms-conformance serve: the request log", () => {
  it("appends to an existing --request-log file and closes it when the server stops", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "cms-serve-log-")), "requests.ndjson");
    writeFileSync(log, "earlier\n");
    const served = await serveUntilStopped(["--request-log", log]);
    await call(served.announced.baseUrl, PATHS.listLandingPages, { body: {}, headers: served.headers });
    expect(await served.stop()).toBe(0);
    const lines = readFileSync(log, "utf8").split("\n");
    expect(lines[0]).toBe("earlier");
    expect(JSON.parse(lines[1] ?? "")).toMatchObject({ path: PATHS.listLandingPages, status: 200 });
    expect(lines.slice(2)).toEqual([""]);
    // No descriptor of this process still points at the log (Linux only: /proc lists them).
    if (existsSync("/proc/self/fd")) {
      const openFiles = () =>
        readdirSync("/proc/self/fd").map((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return "";
          }
        });
      await expect.poll(() => openFiles().includes(log), { timeout: 30_000 }).toBe(false);
    }
  });

  it("writes --request-log - to standard error and leaves standard error open", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const served = await serveUntilStopped(["--request-log", "-"]);
      await call(served.announced.baseUrl, PATHS.listLandingPages, { body: {}, headers: served.headers });
      expect(await served.stop()).toBe(0);
      expect(process.stderr.writableEnded).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0] ?? "")).toMatchObject({ path: PATHS.listLandingPages, status: 200 });
  });

  it("refuses a --request-log it cannot open with a usage error naming the file", async () => {
    const log = join(tmpdir(), "no-such-folder-cms-serve", "requests.ndjson");
    const error = await serveError(["--request-log", log]);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      `cannot write the request log ${log}: ENOENT: no such file or directory, open '${log}'`,
    );
  });
});

describe("cms-conformance serve: where it cannot listen", () => {
  it("names the port in use and how to choose another", async () => {
    const occupier = createServer();
    await new Promise<void>((resolve) => occupier.listen(0, "127.0.0.1", resolve));
    const port = (occupier.address() as { port: number }).port;
    try {
      const error = await serveError(["--port", String(port)]);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe(
        `cannot listen on 127.0.0.1:${port} (EADDRINUSE); choose another --host or --port (0 picks a free port)`,
      );
    } finally {
      occupier.close();
    }
  });

  it("refuses --host 192.0.2.1, an address of no interface here, with a usage error naming EADDRNOTAVAIL", async () => {
    const error = await serveError(["--host", "192.0.2.1"]);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      "cannot listen on 192.0.2.1:0 (EADDRNOTAVAIL); choose another --host or --port (0 picks a free port)",
    );
  });

  it(
    "refuses a --host no resolver knows with a usage error naming the resolver's answer",
    async () => {
      const error = await serveError(["--host", "nonexistent.invalid"]);
      expect(error).toBeInstanceOf(UsageError);
      // ENOTFOUND where a resolver answers; EAI_AGAIN on a machine whose resolver cannot be reached.
      expect((error as Error).message).toMatch(
        /^cannot listen on nonexistent\.invalid:0 \((ENOTFOUND|EAI_AGAIN)\); choose another --host or --port \(0 picks a free port\)$/,
      );
    },
    // A resolver that cannot be reached answers after its own timeouts (glibc: 5 s, twice).
    30_000,
  );

  it("passes on, as it is, an error that no --host or --port can fix", async () => {
    // A link-local IPv6 address without a zone: EINVAL on Linux.
    const error = await serveError(["--host", "fe80::1"]);
    expect(error).not.toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: "EINVAL" });
  });
});

describe("terminationSignal", () => {
  it.each(["SIGINT", "SIGTERM"] as const)(
    "resolves to %s on that signal and stops listening for both",
    async (signal) => {
      const before = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
      const stopped = terminationSignal();
      const added = process.listeners(signal).filter((listener) => !before[signal].includes(listener));
      expect(added).toHaveLength(1);
      // Called directly, not by process.emit: other listeners of the signal (vitest's) must not run.
      (added[0] as (signal: NodeJS.Signals) => void)(signal);
      expect(await stopped).toBe(signal);
      expect(process.listeners("SIGINT")).toEqual(before.SIGINT);
      expect(process.listeners("SIGTERM")).toEqual(before.SIGTERM);
    },
  );
});

describe("cms-conformance serve (through the bin)", () => {
  it("starts, answers curl-like requests, and stops cleanly on SIGTERM", async () => {
    const bin = new URL("../../../bin/cms-conformance.mjs", import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, "serve", "--mode", "empty"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      // Until the first line (however long a loaded machine takes to start node; a hang fails at the test's timeout).
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", () => stdout.includes("\n") && resolve());
        child.on("exit", (code) => reject(new Error(`serve exited (${String(code)}) before announcing itself`)));
      });
      const announced = readServeAnnouncement(stdout.split("\n")[0] ?? "");
      const headers = {
        "Content-Type": "application/json",
        client_id: announced.clientId,
        Authorization: `Bearer ${announced.restrictedToken}`,
      };
      const answer = await call(announced.baseUrl, PATHS.listLandingPages, { body: {}, headers });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
