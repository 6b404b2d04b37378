/** schemaProperties.ts: the property names of the contract's schemas, and the fields §2 states. */
import { describe, expect, it } from "vitest";
import { getSchemaProperties, statedFields } from "../../../../../checks/_internals/requests/schemaProperties.js";

describe("getSchemaProperties", () => {
  it("reads the property names of a component schema", () => {
    expect([...getSchemaProperties("components/PreferredSize.json")].sort()).toEqual(["height", "width"]);
    expect(() => getSchemaProperties("components/Nothing.json")).toThrow("no schema file components/Nothing.json");
  });
});

describe("statedFields", () => {
  it("keeps only the fields §2 defines, at every depth, through $ref and either shape of a listing", () => {
    const widget = { id: "widget://t/w", permission: { resource: "r", action: "a", at: 1 }, servedAt: "x" };
    const stated = { id: "widget://t/w", permission: { resource: "r", action: "a" } };
    expect(statedFields(widget, "components/Widget.json")).toEqual(stated);
    expect(
      statedFields(
        { widgets: [widget], listInformation: { totalElements: 1, totalPages: 1 }, requestId: "r1" },
        "bodies/listFactoryDefaultWidgets.response.json",
      ),
    ).toEqual({ widgets: [stated], listInformation: { totalElements: 1, totalPages: 1 } });
    expect(statedFields({ widgets: widget }, "bodies/listFactoryDefaultWidgets.response.json")).toEqual({
      widgets: stated,
    });
    expect(statedFields(widget, "bodies/getWidget.response.json")).toEqual(stated);
  });

  it("keeps an object whose structure is not shown whole (Chart.filter)", () => {
    const chart = { type: "PIE", filter: { any: { thing: 1 } }, extra: true };
    expect(statedFields(chart, "components/Chart.json")).toEqual({ type: "PIE", filter: { any: { thing: 1 } } });
  });
});
