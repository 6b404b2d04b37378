import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../../cli/main.js";
import { metaSchemaValidator } from "../../../contract/metaSchemaValidator.js";
import { readServeAnnouncement, SERVE_HELP, serveCommand } from "../../../cli/commands/serve.js";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
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
    const { out, io } = capture();
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = serveCommand(["--widgets", "5", "--request-log", log], io, () => stopped);
    await expect.poll(() => out.stdout.includes("Stop with Ctrl-C")).toBe(true);
    const announced = readServeAnnouncement(out.stdout.split("\n")[0] ?? "");
    const headers = {
      "Content-Type": "application/json",
      client_id: announced.clientId,
      Authorization: `Bearer ${announced.token}`,
    };
    // Act
    const before = Date.now();
    await call(announced.baseUrl, PATHS.listFactoryDefaultWidgets, { body: { pagination: { pageSize: 2 } }, headers });
    await call(announced.baseUrl, PATHS.getWidget, {
      body: {},
      headers: { ...headers, Authorization: "Bearer not-a-token" },
    });
    stop();
    expect(await running).toBe(0);
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
    [["serve", "--mode", "weird"], /--mode must be one of default, extra-fields, sdk-minimal, empty/],
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

describe("cms-conformance serve (through the bin)", () => {
  it("starts, answers curl-like requests, and stops cleanly on SIGTERM", async () => {
    const bin = new URL("../../../bin/cms-conformance.mjs", import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, "serve", "--mode", "empty"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => stdout.includes("\n"), { timeout: 15_000 }).toBe(true);
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
