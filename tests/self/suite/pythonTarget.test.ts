/**
 * A second target on another stack (issue 48.3): pythonTarget/cms_wsgi.py implements the five operations from
 * the interface's text on Python's standard library (wsgiref, json), with that stack's defaults: header names
 * as CGI variables (client-id is client_id), repeated header lines joined by commas, every non-ASCII character
 * written as a \u escape. A correct implementation the suite was not written against must come out clean: no
 * failure and no error, in the default profile, with every check judged that its facts allow.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunReport } from "../../../runner/model/RunReport.js";
import type { RunConfigFile } from "../../../runner/settings/resolveRunSettings.js";
import { runInProcess } from "./runInProcess.js";

const SERVER = fileURLToPath(new URL("./pythonTarget/cms_wsgi.py", import.meta.url));
/** Only a hang is caught: nothing here is judged by how long the run takes. */
const WHOLE_RUN_TIMEOUT_MS = 240_000;

interface PythonTargetStart {
  port: number;
  clientId: string;
  token: string;
  restrictedToken: string;
  facts: RunConfigFile;
}

let python: ChildProcessWithoutNullStreams;
let start: PythonTargetStart;

beforeAll(async () => {
  python = spawn("python3", [SERVER], { stdio: "pipe" });
  const lines = createInterface({ input: python.stdout });
  const failed = new Promise<never>((_, reject) => {
    python.once("error", (error) => reject(new Error(`python3 could not start (${error.message}): CI installs it`)));
    python.once("exit", (code) => reject(new Error(`cms_wsgi.py exited with ${code}`)));
  });
  const firstLine = new Promise<string>((resolve) => lines.once("line", resolve));
  start = JSON.parse(await Promise.race([firstLine, failed])) as PythonTargetStart;
});

afterAll(() => {
  python.stdin.end();
  python.kill();
});

const config = (): RunConfigFile => ({
  baseUrl: `http://127.0.0.1:${start.port}`,
  clientId: start.clientId,
  token: start.token,
  restrictedToken: start.restrictedToken,
  ...start.facts,
});

const notClean = (report: RunReport) =>
  report.results
    .filter((result) => result.outcome === "failed" || result.outcome === "error")
    .map((result) => `${result.outcome} ${result.checkId} [${result.operation}]: ${result.message.slice(0, 400)}`);

describe("a WSGI implementation on Python's standard library", () => {
  it(
    "comes out clean: no failure, no error, and every check judged",
    async () => {
      const report = await runInProcess(config());
      expect(notClean(report)).toEqual([]);
      // Response times are judged only against a bound the user gives; none is given here.
      const skipped = report.results.filter(
        (result) => result.outcome === "skipped" && result.checkId !== "performance.response-time",
      );
      expect(skipped.map((result) => `${result.checkId} [${result.operation}]: ${result.message}`)).toEqual([]);
      expect(report.results.filter((result) => result.outcome === "passed").length).toBeGreaterThan(100);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );
});
