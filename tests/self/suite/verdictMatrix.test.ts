/**
 * The suite proves itself (DESIGN §6): it passes the reference server in every mode, and
 * every fault of the catalogue makes the run fail through the check the fault declares.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
import { VARIANT_CATALOGUE } from "../../../reference/variants/variantCatalogue.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import type { RunReport } from "../../../runner/report/model.js";
import { CHECK_CATALOGUE } from "../../conformance/checkCatalogue.js";
import { referenceRunConfig, variantRunConfig } from "../../../reference/referenceRunConfig.js";
import { runInProcess } from "./runInProcess.js";

const unexpected = (report: RunReport) =>
  report.results.filter((result) => result.outcome === "failed" || result.outcome === "error").map((result) => `${result.outcome} ${result.checkId} [${result.operation}]: ${result.message.slice(0, 300)}`);

describe("against the reference server", () => {
  for (const mode of ["default", "extra-fields", "sdk-minimal", "empty"] as const) {
    it(`passes in ${mode} mode, with no failure and no error`, async () => {
      const server = await startReferenceServer({ mode, seed: 3 });
      try {
        const report = await runInProcess(referenceRunConfig(server));
        expect(unexpected(report)).toEqual([]);
        expect(report.verdict).toBe("pass");
        if (mode === "default") {
          const executed = report.results.filter((result) => result.outcome !== "skipped").length;
          expect(executed / report.results.length).toBeGreaterThanOrEqual(0.9);
          expect(report.results.filter((result) => result.outcome === "warning")).toEqual([]);
        }
      } finally {
        await server.close();
      }
    });
  }

  it("passes a reference with 1, 7 and 11 widgets, whatever its sizes", async () => {
    for (const widgets of [1, 7, 11]) {
      const server = await startReferenceServer({ seed: widgets, sizes: { widgets, landingPages: widgets, analytics: Math.min(widgets, 5) } });
      try {
        expect(unexpected(await runInProcess(referenceRunConfig(server))), `${widgets} widgets`).toEqual([]);
      } finally {
        await server.close();
      }
    }
  });

  it("fails under --profile strict only where the default profile warns", async () => {
    const server = await startReferenceServer({ mode: "sdk-minimal", seed: 3 });
    try {
      const lenient = await runInProcess(referenceRunConfig(server), { checks: ["schema.response-body"] });
      const strict = await runInProcess(referenceRunConfig(server), { checks: ["schema.response-body"], profile: "strict" });
      const warned = lenient.results.filter((result) => result.outcome === "warning").map((result) => result.operation);
      expect(warned.length).toBeGreaterThan(0); // sdk-minimal leaves out Chart.category (register chart-category-non-gauge)
      expect(strict.results.filter((result) => result.outcome === "failed").map((result) => result.operation)).toEqual(warned);
    } finally {
      await server.close();
    }
  });
});

describe("against every fault of the catalogue", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 5 });
  });
  afterAll(() => server.close());

  it("declares only checks the catalogue has", () => {
    const ids = CHECK_CATALOGUE.ids();
    for (const fault of FAULT_CATALOGUE) for (const id of fault.caughtBy) expect(ids, `${fault.name} → ${id}`).toContain(id);
  });

  it.concurrent.each(FAULT_CATALOGUE.map((fault) => [fault.name, fault] as const))("%s fails the run through its declared check", async (_name, fault) => {
    const declaredAreShould = fault.caughtBy.every((id) => CHECK_CATALOGUE.checks.find((check) => check.id === id)?.level === "SHOULD");
    const report = await runInProcess(referenceRunConfig(server, server.faultBaseUrl(fault.name)), declaredAreShould ? { profile: "strict" } : {});
    const caught = report.results.filter((result) => fault.caughtBy.includes(result.checkId) && result.outcome === "failed");
    expect(report.verdict).toBe("fail");
    expect(caught.map((result) => result.checkId), `${fault.name}: ${report.results.filter((r) => fault.caughtBy.includes(r.checkId)).map((r) => `${r.checkId}=${r.outcome}`).join(", ")}`).not.toEqual([]);
  });
});

describe("against every legitimate variant", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 5 });
  });
  afterAll(() => server.close());

  it.concurrent.each(VARIANT_CATALOGUE.map((variant) => [variant.name, variant] as const))("%s passes, warning only where it departs from the register", async (_name, variant) => {
    const report = await runInProcess(variantRunConfig(server, variant.name));
    expect(unexpected(report)).toEqual([]);
    const departed = report.results.filter((result) => result.outcome === "warning").flatMap((result) => [...result.message.matchAll(/\[register: ([a-z0-9-]+)\]/g)].map((match) => match[1]));
    expect([...new Set(departed)].filter((id) => !variant.departs.includes(id as string))).toEqual([]);
  });
});

describe("reproducibility", () => {
  it("replays the same counterexample from the same seed", async () => {
    const server = await startReferenceServer({ seed: 5, fault: "malformed-json-500" });
    try {
      const runs = await Promise.all([1, 2].map(() => runInProcess(referenceRunConfig(server), { checks: ["http.no-server-error"], operations: ["getWidget"], seed: 42 })));
      const [first, second] = runs.map((report) => report.results[0]);
      expect(first?.outcome).toBe("failed");
      expect(second?.message).toBe(first?.message);
      expect(second?.evidence.map((item) => item.exchange.request.body)).toEqual(first?.evidence.map((item) => item.exchange.request.body));
    } finally {
      await server.close();
    }
  });
});
