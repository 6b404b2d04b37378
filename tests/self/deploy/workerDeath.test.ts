/**
 * The worker thread that runs the checks dies: its heap runs out on a target whose every page holds
 * 100,000 items, with Node's heap capped at 64 MiB (48 left the main thread too close to the limit on a loaded machine: it died first, once). The CLI ends as after any other trouble: the
 * verdicts judged before stand, the ones left open are errors naming the cause, the reports are
 * written, exit 1 or 2 by who is at fault, and no stack trace (vitest's late "Worker exited unexpectedly" is not uncaught).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunReport } from "../../../runner/model/RunReport.js";
import { startHostileTarget, type HostileTarget } from "../../../reference/transport/hostileTarget.js";
import { runBin } from "./runBin.js";

describe("a check worker whose heap runs out", () => {
  let target: HostileTarget;
  const out = mkdtempSync(join(tmpdir(), "cms-worker-death-"));
  beforeAll(async () => {
    target = await startHostileTarget({ invalidItems: 100_000 });
  });
  afterAll(async () => {
    await target.close();
    rmSync(out, { recursive: true, force: true });
  });

  it(
    "ends the run in one sentence with its reports written, exit 1 or 2 by who is at fault, and no stack trace",
    { timeout: 120_000 },
    async () => {
      const result = await runBin(
        [
          "run",
          "--base-url",
          target.baseUrlFor("invalid-items"),
          "--token",
          "t-1234",
          "--client-id",
          "c-1234",
          "--checks",
          "pagination.*",
          "--out",
          out,
        ],
        { NODE_OPTIONS: "--max-old-space-size=64" },
      );
      const printed = `${result.stdout}\n${result.stderr}`;
      expect(printed).not.toMatch(/Worker exited unexpectedly|^\s+at /m);
      expect(result.stdout).toContain(
        "the run itself reported an error: the worker thread running the checks stopped: Worker terminated due to reaching memory limit",
      );
      expect(result.stdout).toContain("NODE_OPTIONS=--max-old-space-size=4096");
      const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport;
      const errors = report.results.filter((verdict) => verdict.outcome === "error");
      expect(errors.length).toBeGreaterThan(0);
      // Exit 1 only when a verdict judged before the death failed; errors alone are exit 2 in one sentence (issue 48.5).
      if (report.summary.failed > 0) expect(result.code, printed).toBe(1);
      else {
        expect(result.code, printed).toBe(2);
        expect(result.stderr).toMatch(
          /^cms-conformance run: no verdict failed, but the run could not judge everything: /m,
        );
      }
      for (const error of errors)
        expect(error.message).toMatch(
          /^The suite could not run this check: the worker thread running the checks stopped: .*heap out of memory/,
        );
      expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain("<testsuites");
    },
  );
});
