/**
 * Probes of the legitimate variants beside the plain reading of §2's tables (issue 44): the variant
 * really answers otherwise, and what it sends keeps every stated rule.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { asObject, listedIds, type Answer } from "./referenceClient.js";
import type { VariantProbeContext } from "./variantProbes.js";

const chartOf = (answer: Answer) => asObject(asObject(asObject(answer.json).analytic).chart);

/** Probes by variant name. */
export const FIELD_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "near-miss-fields-beside-tabled": async ({ both, server }) => {
    const [reference, variant] = await both("getAnalytic", { analyticId: server.fixtures.analyticIds[0] });
    const column = (answer: Answer) => asObject(asObject((chartOf(answer).series as unknown[])[0]).column);
    expect(column(reference)).not.toHaveProperty("suffix");
    expect(column(variant)).toEqual({ ...column(reference), suffix: column(reference).sufix });
    expect(validateBody("getAnalytic.response", variant.json).stated).toEqual([]);
    const [listing] = await both("listFactoryDefaultWidgets", {});
    const [read, variantRead] = await both("getWidget", { widgetId: listedIds(listing.json, "widgets")[0] });
    expect(asObject(variantRead.json)).toEqual({
      ...asObject(read.json),
      thumbnailUrl: asObject(read.json).thumbnailURL,
    });
    expect(validateBody("getWidget.response", variantRead.json).stated).toEqual([]);
  },
  "chart-filters-any-structure": async ({ both, server }) => {
    for (const analyticId of server.fixtures.analyticIds.slice(0, 3)) {
      const [reference, variant] = await both("getAnalytic", { analyticId });
      expect(chartOf(variant).filter).not.toEqual(chartOf(reference).filter);
      expect({ ...chartOf(variant), filter: undefined }).toEqual({ ...chartOf(reference), filter: undefined });
      expect(validateBody("getAnalytic.response", variant.json).stated).toEqual([]);
    }
  },
  "jackson-nulls": async ({ both, server }) => {
    let gauges = 0;
    for (const analyticId of server.fixtures.analyticIds) {
      const [reference, variant] = await both("getAnalytic", { analyticId });
      if (chartOf(reference).type !== "GAUGE" || "category" in chartOf(reference)) {
        expect(variant.json).toEqual(reference.json);
        continue;
      }
      gauges += 1;
      expect(chartOf(variant).category).toBeNull();
      expect(validateBody("getAnalytic.response", variant.json).stated).toEqual([]);
    }
    expect(gauges).toBeGreaterThan(0);
  },
};
