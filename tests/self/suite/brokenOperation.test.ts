/**
 * One broken operation does not stop the others (issue 23.2): the reference behind a proxy that breaks
 * getWidget alone (a truncated body, a reset, a body that drips). getWidget's checks are errors naming
 * what went wrong; every other operation is judged as against the reference itself, and the run does not
 * stop. Headers over the client's limit are the suite's own trouble, not the target's: the run stops with
 * one sentence (issue 41.2). Before the breaker kept a streak per operation, five failures of getWidget
 * in a row stopped the whole run and every operation's open checks became "the target stopped answering".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { startBrokenOperationProxy, type OperationBreakage } from "../support/brokenOperationProxy.js";
import { runInProcess } from "./runInProcess.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 7 });
});
afterAll(() => server.close());

/** What getWidget's errors say, by breakage. */
const CAUSES: Readonly<Partial<Record<OperationBreakage, RegExp>>> = {
  truncated: /truncated body/,
  reset: /closed the connection|reset the connection/,
  drip: /not complete within 1000 ms/,
};

const RUN = { maxExamples: 3, timeoutMs: 1_000 };

describe("getWidget alone broken", () => {
  let reference: Map<string, string>;
  beforeAll(async () => {
    const report = await runInProcess(referenceRunConfig(server), RUN);
    reference = new Map(report.results.map((result) => [`${result.checkId} ${result.operation}`, result.outcome]));
  });

  it.each(Object.keys(CAUSES) as OperationBreakage[])(
    "%s: the other operations are judged as without the breakage, getWidget's checks are errors, the run goes on",
    async (breakage) => {
      const proxy = await startBrokenOperationProxy(server.baseUrl, "/getWidget", breakage);
      try {
        const report = await runInProcess(referenceRunConfig(server, proxy.baseUrl), RUN);
        expect(proxy.broken()).toBeGreaterThan(0);
        const others = report.results.filter((result) => result.operation !== "getWidget");
        expect(others.length).toBeGreaterThan(90);
        expect(
          others
            .filter((result) => result.outcome !== reference.get(`${result.checkId} ${result.operation}`))
            .map(
              (result) => `${result.checkId} [${result.operation}] ${result.outcome}: ${result.message.slice(0, 200)}`,
            ),
        ).toEqual([]);
        const getWidget = report.results.filter((result) => result.operation === "getWidget");
        const judged = getWidget.filter((result) => result.outcome !== "skipped");
        expect(judged.length).toBeGreaterThan(10);
        expect(judged.filter((result) => result.outcome !== "error")).toEqual([]);
        expect(judged.every((result) => CAUSES[breakage]?.test(result.message))).toBe(true);
        expect(report.meta.notes.join("\n")).not.toMatch(/The run stopped early/);
      } finally {
        await proxy.close();
      }
    },
  );

  it("huge-headers: the suite's own limit, so the run stops before judging, in one sentence that blames no one (issue 41.2)", async () => {
    const proxy = await startBrokenOperationProxy(server.baseUrl, "/getWidget", "huge-headers");
    try {
      await expect(runInProcess(referenceRunConfig(server, proxy.baseUrl), RUN)).rejects.toThrow(
        /^the target's response headers exceed the 16 KiB the suite's HTTP client reads, so its answers cannot be judged \(HTTP sets no such limit: this is the suite's limit, not a failure of the target\)$/,
      );
    } finally {
      await proxy.close();
    }
  });
});
