/** The whole i18n keys the search checks send (§2.1, §4.1): only keys a search of their own field alone can find. */
import { describe, expect, it } from "vitest";
import { keyProbes } from "../../../../../checks/_internals/probes/keyProbes.js";
import type { ListingWalk } from "../../../../../checks/_internals/walks/walkListing.js";

const walkOf = (items: unknown[]): ListingWalk => ({
  operation: "listFactoryDefaultWidgets",
  caller: "admin",
  pageSize: 10,
  pages: [],
  items,
  complete: true,
});

describe("keyProbes", () => {
  it("takes each widget's whole key of the field, with its owner and field", () => {
    const walk = walkOf([
      { id: "widget://t/a", name: "k.a.name", description: "k.a.description", tags: [] },
      { id: "widget://t/b", name: "Sales by region", description: "Sales, regional view", tags: ["kpi"] },
    ]);
    expect(keyProbes(walk, "name")).toEqual([
      { key: "k.a.name", owner: "id:widget://t/a", field: "name" },
      { key: "Sales by region", owner: "id:widget://t/b", field: "name" },
    ]);
  });

  it("leaves out a key that a tag or a key of the other field holds (ignoring case), a blank key and a non-string", () => {
    const walk = walkOf([
      { id: "widget://t/a", name: "KPI", description: "x", tags: [] },
      { id: "widget://t/b", name: "wide", description: "the wide view", tags: ["kpi"] },
      { id: "widget://t/c", name: "  ", description: "y", tags: [] },
      { id: "widget://t/d", name: 5, description: "z", tags: [] },
    ]);
    expect(keyProbes(walk, "name")).toEqual([]);
  });
});
