import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReferenceData } from "../../../../reference/data/buildReferenceData.js";
import { FAULT_CATALOGUE, findFault } from "../../../../reference/faults/faultCatalogue.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../../reference/startReferenceServer.js";
import { FAULT_PROBES, type ProbeContext } from "../faultProbes.js";
import { CHECK_CATALOGUE } from "../../../../checks/checkCatalogue.js";
import { callOperation, listedIds, walkAll, type Caller, type Operation } from "../referenceClient.js";

const plannedIds = CHECK_CATALOGUE.ids();

describe("fault catalogue", () => {
  it("has at least 30 faults with unique kebab-case names, a section, a description and known check ids", () => {
    expect(FAULT_CATALOGUE.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FAULT_CATALOGUE.map((fault) => fault.name)).size).toBe(FAULT_CATALOGUE.length);
    expect(plannedIds.size).toBeGreaterThan(30);
    for (const fault of FAULT_CATALOGUE) {
      expect(fault.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(fault.section).toMatch(/^§\d+(\.\d+)?$/);
      expect(fault.description.length).toBeGreaterThan(20);
      expect(fault.caughtBy.length).toBeGreaterThan(0);
      for (const id of fault.caughtBy) expect(plannedIds, `${fault.name} cites ${id}`).toContain(id);
    }
  });

  it("has exactly one probe per fault", () => {
    expect(Object.keys(FAULT_PROBES).sort()).toEqual(FAULT_CATALOGUE.map((fault) => fault.name).sort());
  });

  it("leaves the correct data untouched when a data fault is applied", () => {
    const data = buildReferenceData(1);
    const copy = structuredClone(data);
    findFault("pie-two-series")?.data?.(structuredClone(data), () => buildReferenceData(1));
    expect(data).toEqual(copy);
  });
});

describe("every fault deviates from the reference on the rule it names", () => {
  let server: RunningReferenceServer;
  let hidden: string | undefined;
  const analyticsByType = new Map<string, string>();

  beforeAll(async () => {
    server = await startReferenceServer({ seed: 1 });
    const data = buildReferenceData(1);
    for (const { analytic } of data.analytics)
      if (analytic.chart?.type && !analyticsByType.has(analytic.chart.type))
        analyticsByType.set(analytic.chart.type, String(analytic.id));
  });
  afterAll(() => server.close());

  /** `againstReference`: point the "fault" side at the reference itself (the probe must then fail). */
  function context(name: string, againstReference = false): ProbeContext {
    const faulty = againstReference ? server.baseUrl : server.faultBaseUrl(name);
    return {
      server,
      reference: server.baseUrl,
      faulty,
      both: (operation: Operation, body: unknown, caller: Caller = "admin") =>
        Promise.all([
          callOperation(server, operation, body, caller),
          callOperation(server, operation, body, caller, faulty),
        ]),
      hiddenWidgetId: async () => {
        if (hidden) return hidden;
        const visible = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200);
        const all = await walkAll(server, "listFactoryDefaultWidgets", "admin", 200);
        hidden = all.find((id) => !visible.includes(id));
        if (!hidden) throw new Error("every widget is visible to the restricted user");
        return hidden;
      },
      analyticOfType: (type: string) => {
        const id = analyticsByType.get(type);
        if (!id) throw new Error(`no ${type} analytic`);
        return id;
      },
    };
  }

  it.each(FAULT_CATALOGUE.map((fault) => [fault.name, fault.section, fault.caughtBy.join(", ")]))(
    "%s (%s, caught by %s)",
    async (name) => {
      const probe = FAULT_PROBES[name];
      if (!probe) throw new Error(`no probe for fault ${name}`);
      await probe(context(name));
    },
  );

  it.each(FAULT_CATALOGUE.map((fault) => fault.name))(
    "the probe of %s fails when its fault side is the correct reference",
    async (name) => {
      const probe = FAULT_PROBES[name];
      if (!probe) throw new Error(`no probe for fault ${name}`);
      await expect(probe(context(name, true))).rejects.toThrow();
    },
  );

  it("faultBaseUrl throws on an unknown fault", () => {
    expect(() => server.faultBaseUrl("no-such-fault")).toThrow(/unknown fault/);
  });

  it("applies --fault to the plain paths, and still serves other faults by prefix", async () => {
    const faulty = await startReferenceServer({ fault: "pagination-default-20" });
    try {
      expect(listedIds((await callOperation(faulty, "listLandingPages", {})).json, "landingPages")).toHaveLength(20);
      const other = await callOperation(
        faulty,
        "listLandingPages",
        { pagination: { pageSize: 3 } },
        "admin",
        faulty.faultBaseUrl("page-size-ignored"),
      );
      expect(listedIds(other.json, "landingPages")).toHaveLength(10);
    } finally {
      await faulty.close();
    }
    await expect(startReferenceServer({ fault: "nope" })).rejects.toThrow(/unknown fault "nope"/);
  });
});
