/**
 * executeInProcess (issue 25.3): the plan run through the one loop over a fresh session against a real target,
 * the statistics of that session, and the pairs --max-failures kept from starting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckCatalogue, type PlannedCheck } from "../../../../runner/engine/CheckCatalogue.js";
import type { CheckDefinition } from "../../../../runner/engine/CheckDefinition.js";
import { CHECKS_AT_ONCE } from "../../../../runner/execute/runPlannedChecks.js";
import { executeInProcessWith } from "../../../../runner/execute/executeInProcess.js";
import type { CheckExecutor } from "../../../../runner/execute/CheckExecutor.js";
import { testSettings } from "../engine/engineDoubles.js";
import { plannedCheck } from "./plannedCheck.js";

const planned = plannedCheck;

/** The plan run in process, the checks' code taken from a catalogue of the planned checks, as the CLI's descriptions are. */
const executeInProcess = (
  settings: Parameters<CheckExecutor>[0],
  plan: readonly PlannedCheck<CheckDefinition>[],
  onResult: Parameters<CheckExecutor>[2],
) => {
  const descriptions = plan.map(({ check: { run: _run, ...description }, operation }) => ({
    check: description,
    operation,
  }));
  return executeInProcessWith(new CheckCatalogue(plan.map(({ check }) => check)))(settings, descriptions, onResult);
};

let server: Server;
let baseUrl: string;
let requests = 0;
const open = new Set<Socket>();
beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("executeInProcess", () => {
  it("runs each pair against the target and returns the session's statistics", async () => {
    const before = requests;
    const heard: string[] = [];
    const execution = await executeInProcess(
      testSettings({ baseUrl }),
      [
        planned("one", async ({ target }) => void (await target.send("getWidget"))),
        planned("two", async ({ judge }) => judge.fail("broke", { expected: "a", actual: "b" })),
      ],
      (result) => heard.push(`${result.checkId} ${result.outcome}`),
    );
    expect(execution.results.map((result) => `${result.checkId} ${result.outcome}`).sort()).toEqual([
      "http.one passed",
      "http.two failed",
    ]);
    expect(heard.sort()).toEqual(["http.one passed", "http.two failed"]);
    expect(execution.runErrors).toEqual([]);
    expect(execution.statistics?.requests).toBe(1);
    expect(requests - before).toBe(1);
    expect(Object.values(execution.statistics?.durationsByPath ?? {}).flat()).toHaveLength(1);
    expect("notRun" in execution).toBe(false);
  });

  it("closes the session's connections once the run is done", async () => {
    await executeInProcess(
      testSettings({ baseUrl }),
      [planned("one", async ({ target }) => void (await target.send("getWidget")))],
      () => undefined,
    );
    // The server sees the client's close a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(open.size).toBe(0);
  });

  it("says which pairs --max-failures kept from starting", async () => {
    const failing = Array.from({ length: CHECKS_AT_ONCE }, (_, index) =>
      planned(`f${index}`, async ({ judge }) => judge.fail("broke", { expected: "a", actual: "b" })),
    );
    const execution = await executeInProcess(
      testSettings({ baseUrl, maxFailures: 1 }),
      [...failing, planned("late", async () => undefined)],
      () => undefined,
    );
    expect(execution.notRun).toEqual([{ checkId: "http.late", operation: "getWidget" }]);
  });

  it("runs the code its catalogue holds for each described check, and refuses a check the catalogue lacks", async () => {
    const catalogue = new CheckCatalogue([planned("known", async () => undefined).check]);
    const execute = executeInProcessWith(catalogue);
    const execution = await execute(
      testSettings({ baseUrl }),
      [
        planned("known", async () => {
          throw new Error("not this code");
        }),
      ],
      () => undefined,
    );
    expect(execution.results.map((result) => `${result.checkId} ${result.outcome}`)).toEqual(["http.known passed"]);
    await expect(
      execute(testSettings({ baseUrl }), [planned("unknown", async () => undefined)], () => undefined),
    ).rejects.toThrow('fromSelectedVerdicts: the catalogue has no check "http.unknown"');
  });
});
