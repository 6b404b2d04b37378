/**
 * executeInProcess (issue 25.3): the plan run through the one loop over a fresh session against a real target,
 * the statistics of that session, and the pairs --max-failures kept from starting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlannedCheck } from "../../../runner/engine/CheckCatalogue.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { CHECKS_AT_ONCE } from "../../../runner/execute/runPlannedChecks.js";
import { executeInProcess } from "../../../runner/execute/executeInProcess.js";
import { testSettings } from "../engine/engineDoubles.js";

const planned = (id: string, run: CheckDefinition["run"]): PlannedCheck => ({
  check: {
    id: `http.${id}`,
    title: id,
    rule: id,
    family: "http",
    specRefs: ["7"],
    level: "MUST",
    operations: ["getWidget"],
    registerRefs: [],
    run,
  },
  operation: "getWidget",
});

let server: Server;
let baseUrl: string;
let requests = 0;
beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
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
});
