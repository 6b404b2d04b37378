/** listingPage.ts: how a listing page is read (its items, their shape, its totals), and how an item is identified. */
import { widget } from "../../listingDoubles.js";
import { describe, expect, it } from "vitest";
import {
  expectedTotalPages,
  itemId,
  itemKey,
  readListingPage,
} from "../../../../../checks/_internals/walks/listingPage.js";

describe("readListingPage", () => {
  it("reads items and integer totals of each listing's own field", () => {
    expect(
      readListingPage("listFactoryDefaultWidgets", {
        widgets: [widget(1)],
        listInformation: { totalElements: 1, totalPages: 1 },
      }),
    ).toEqual({ items: [widget(1)], shape: "array", totalElements: 1, totalPages: 1 });
    expect(
      readListingPage("listLandingPages", {
        widgets: [widget(1)],
        listInformation: { totalElements: 1, totalPages: 1 },
      }),
    ).toEqual({ items: [], shape: "absent", totalElements: 1, totalPages: 1 });
  });

  it("takes only integer totals", () => {
    expect(
      readListingPage("listLandingPages", {
        landingPages: [],
        listInformation: { totalElements: 1.5, totalPages: "1" },
      }),
    ).toEqual({ items: [], shape: "array" });
    expect(readListingPage("listLandingPages", { landingPages: [], listInformation: [3] })).toEqual({
      items: [],
      shape: "array",
    });
    expect(
      readListingPage("listLandingPages", { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } }),
    ).toEqual({ items: [], shape: "array", totalElements: 0, totalPages: 0 });
  });

  it("reads a single object as one item, anything else as invalid", () => {
    expect(readListingPage("listLandingPages", { landingPages: { id: "landing://t/p" } }).shape).toBe("object");
    expect(readListingPage("listLandingPages", { landingPages: "p" })).toEqual({ items: [], shape: "invalid" });
    expect(readListingPage("listLandingPages", { landingPages: null })).toEqual({ items: [], shape: "invalid" });
    expect(readListingPage("listLandingPages", [])).toEqual({ items: [], shape: "invalid" });
    expect(readListingPage("listLandingPages", undefined)).toEqual({ items: [], shape: "invalid" });
  });

  it("refuses an operation that is not a listing", () => {
    expect(() => readListingPage("getWidget", {})).toThrow("getWidget is not a listing");
  });
});

describe("item identity", () => {
  it("keys an item by its string id, else by its JSON", () => {
    expect(itemKey({ id: "widget://t/a", name: "x" })).toBe("id:widget://t/a");
    expect(itemKey({ id: 7 })).toBe('json:{"id":7}');
    expect(itemKey("text")).toBe('json:"text"');
    expect(itemId({ id: "widget://t/a" })).toBe("widget://t/a");
    expect(itemId({ id: 7 })).toBeUndefined();
    expect(itemId(["id"])).toBeUndefined();
  });

  it("computes totalPages as the ceiling of totalElements / pageSize", () => {
    expect([
      expectedTotalPages(0, 10),
      expectedTotalPages(1, 10),
      expectedTotalPages(10, 10),
      expectedTotalPages(11, 10),
      expectedTotalPages(23, 7),
    ]).toEqual([0, 1, 1, 2, 4]);
  });
});
