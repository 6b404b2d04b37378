/**
 * The engine returns a report and writes nothing (issue 16.2): runner/ never reaches into the
 * reporters or the CLI, and the vitest worker runs exactly the pairs the CLI process selected.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { executeWithVitest } from "../../../runner/execute/executeWithVitest.js";
import {
  FIRST_REQUEST_FILE_VARIABLE,
  type FirstRequestMark,
} from "../../../runner/execute/vitest/firstRequestProbe.js";
import { planRun } from "../../../runner/planRun.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? typeScriptFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the engine", () => {
  it("imports nothing from reports/ or cli/: the CLI picks the writers", () => {
    const arrows: string[] = [];
    for (const file of typeScriptFiles(join(ROOT, "runner"))) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        if (!specifier?.startsWith(".")) continue;
        const target = resolve(dirname(file), specifier);
        if (target.startsWith(join(ROOT, "reports")) || target.startsWith(join(ROOT, "cli")))
          arrows.push(`${file.slice(ROOT.length)} -> ${specifier}`);
      }
    }
    expect(arrows).toEqual([]);
  });
});

describe("the vitest worker", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 5 });
  });
  afterAll(() => server.close());

  it("runs exactly the pairs it is given, not what the settings would select again", async () => {
    // The settings select every check; the plan handed to the worker holds two pairs.
    const settings = resolveRunSettings([referenceRunConfig(server), { seed: 2, maxExamples: 2 }]);
    const everything = planRun(settings, CHECK_CATALOGUE);
    const planned = [
      everything.find(({ check }) => check.id === "pagination.default-first-10"),
      everything.find(({ check }) => check.id === "schema.response-body"),
    ].filter((pair) => pair !== undefined);
    expect(everything.length).toBeGreaterThan(planned.length);

    const execution = await executeWithVitest(settings, planned, () => undefined);

    expect(execution.runErrors).toEqual([]);
    expect(execution.results.map((result) => `${result.checkId} ${result.operation}`).sort()).toEqual(
      planned.map(({ check, operation }) => `${check.id} ${operation}`).sort(),
    );
  });

  it("loads the checks' sources when the engine itself runs from its sources", async () => {
    // This file runs the engine's TypeScript (npm test), so the CLI's compiled dist/ is not named to the worker.
    const folder = mkdtempSync(join(tmpdir(), "cms-first-request-"));
    const file = join(folder, "first.json");
    process.env[FIRST_REQUEST_FILE_VARIABLE] = file;
    try {
      const settings = resolveRunSettings([referenceRunConfig(server), { seed: 2, maxExamples: 1 }]);
      const planned = planRun(settings, CHECK_CATALOGUE).filter(({ check }) => check.id === "schema.response-body");
      const execution = await executeWithVitest(settings, planned.slice(0, 1), () => undefined);
      expect(execution.results).toHaveLength(1);
      expect((JSON.parse(readFileSync(file, "utf8")) as FirstRequestMark).checksCompiled).toBe(false);
    } finally {
      delete process.env[FIRST_REQUEST_FILE_VARIABLE];
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
