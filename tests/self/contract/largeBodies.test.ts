/**
 * Issues are evidence, not an inventory (issue 13.6): a body of many bad items keeps at most
 * MAX_ISSUES_PER_BODY issues per reading, and a large body is searched in part for them while
 * its validity is still decided on the whole of it.
 */
import { describe, expect, it } from "vitest";
import { MAX_ISSUES_PER_BODY, validateBody } from "../../../contract/validators.js";
import { completeAnalytic, completeWidget } from "./bodyExamples.js";

const listing = (widgets: unknown[]) => ({
  widgets,
  listInformation: { totalElements: widgets.length, totalPages: 1 },
});

describe("bounded schema issues", () => {
  it("a small body with more bad items than the cap: the first issues kept, the total counted", () => {
    const result = validateBody("listFactoryDefaultWidgets.response", listing(new Array(120).fill(0)));
    expect(result.stated).toHaveLength(MAX_ISSUES_PER_BODY);
    expect(result.statedTotal).toBeGreaterThanOrEqual(120);
    expect(result.stated[0]?.instancePath).toBe("/widgets/0");
  });

  it("a million bad items: a handful of issues from a sample, marked as sampled", () => {
    const result = validateBody("listFactoryDefaultWidgets.response", listing(new Array(1_000_000).fill(0)));
    expect(result.stated.length).toBeGreaterThan(0);
    expect(result.stated.length).toBeLessThanOrEqual(MAX_ISSUES_PER_BODY);
    expect(result.sampled).toBe(true);
  });

  it("one bad item far past the sample is still found: validity is decided on the whole body", () => {
    const widgets: unknown[] = Array.from({ length: 3_000 }, () => completeWidget);
    widgets[2_500] = { ...completeWidget, preferredSize: { height: "tall", width: 6 } };
    const result = validateBody("listFactoryDefaultWidgets.response", listing(widgets));
    // (with the anyOf of list-collection-shape's two readings, as ajv reports it for a small body too)
    expect(result.stated.map((issue) => issue.instancePath)).toContain("/widgets/2500/preferredSize/height");
  });

  it("a large body that breaks the stated schema early still shows its register departures", () => {
    // Order 0 breaks a stated rule; every other order is outside ASC/DESC (register order-direction-values).
    const [order] = completeAnalytic.chart.order;
    const orders: unknown[] = Array.from({ length: 3_000 }, () => ({ ...order, order: "ascending" }));
    orders[0] = { ...order, function: "average" };
    const analytic = { ...completeAnalytic, chart: { ...completeAnalytic.chart, order: orders } };
    const result = validateBody("getAnalytic.response", { analytic });
    expect(result.stated.map((issue) => issue.instancePath)).toContain("/analytic/chart/order/0/function");
    expect(result.registerDefaults.length).toBeGreaterThan(0);
    expect(result.registerDefaults.every((issue) => issue.register === "order-direction-values")).toBe(true);
    expect(result.sampled).toBe(true);
  });

  it("a large valid body: no issue, nothing sampled", () => {
    const result = validateBody(
      "listFactoryDefaultWidgets.response",
      listing(Array.from({ length: 3_000 }, () => completeWidget)),
    );
    expect(result.stated).toEqual([]);
    expect(result.registerDefaults).toEqual([]);
    expect(result.sampled).toBeUndefined();
  });

  it("JSON nested 100,000 levels deep is validated without a stack overflow", () => {
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const result = validateBody("listFactoryDefaultWidgets.response", listing([deep]));
    expect(result.stated[0]?.instancePath).toBe("/widgets/0");
  });
});
