/** A partial run end to end: the engine announces how many of the suite's verdicts it selected, and the console and the report say so. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { runConformance, type RunStart } from "../../../runner/runConformance.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

describe("a partial run", () => {
  let server: RunningReferenceServer;
  let report: RunReport;
  let start: RunStart | undefined;
  let out = "";
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    const settings = resolveRunSettings([
      referenceRunConfig(server),
      { checks: ["http.no-server-error"], operations: ["getWidget", "getAnalytic"], seed: 7, maxExamples: 3 },
    ]);
    const console = new ConsoleReporter({
      env: { NO_COLOR: "1" },
      stream: { write: (chunk: string) => (out += chunk) },
    });
    report = await runConformance({
      settings,
      catalogue: CHECK_CATALOGUE,
      executor: executeInProcess,
      observer: {
        onRunStart: (info) => {
          start = info;
          console.onRunStart(info);
        },
        onResult: (result) => console.onResult(result),
      },
    });
    console.onRunEnd(report, {});
  });
  afterAll(() => server.close());

  it("announces the selected verdicts out of the whole suite's", () => {
    const everyPair = CHECK_CATALOGUE.select([], []).length;
    expect(start).toEqual(expect.objectContaining({ checks: 2, totalVerdicts: everyPair }));
    expect(report.meta.selection).toEqual({
      selectedVerdicts: 2,
      totalVerdicts: everyPair,
      checks: ["http.no-server-error"],
      excludeChecks: [],
      operations: ["getWidget", "getAnalytic"],
    });
    expect(out.split("\n")[0]).toMatch(new RegExp(` · 2 of ${everyPair} verdicts selected$`));
    expect(out).toMatch(new RegExp(`^ PASS  — 2 of ${everyPair} verdicts selected: 2 passed `, "m"));
  });

  it("records a command line that reproduces it", () => {
    expect(
      report.meta.commandLine.startsWith(
        `cms-conformance run --base-url ${server.baseUrl} --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" `,
      ),
    ).toBe(true);
    expect(
      report.meta.commandLine.endsWith(
        " --checks http.no-server-error --operation getWidget --operation getAnalytic --seed 7 --max-examples 3",
      ),
    ).toBe(true);
  });
});
