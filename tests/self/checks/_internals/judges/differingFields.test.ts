import { describe, expect, it } from "vitest";
import {
  differingFields,
  fieldNames,
  reorderedFields,
  sideOf,
} from "../../../../../checks/_internals/judges/differingFields.js";

const WIDGET = "components/Widget.json";

describe("differingFields", () => {
  it("names the tabled fields both items carry with other values, at any depth", () => {
    const listed = { id: "w", url: "u", preferredSize: { width: 1, height: 2 }, servedAt: 1, name: "n" };
    const read = { id: "w", url: "v", preferredSize: { width: 1, height: 3 }, servedAt: 2 };
    expect(differingFields(listed, read, WIDGET)).toEqual([
      { field: "url", first: "u", second: "v" },
      { field: "preferredSize", first: { width: 1, height: 2 }, second: { width: 1, height: 3 } },
    ]);
  });

  it("compares tags as a multiset, and says when only their order differs", () => {
    const a = { tags: ["x", "y", "y"] };
    expect(differingFields(a, { tags: ["y", "x", "y"] }, WIDGET)).toEqual([]);
    expect(differingFields(a, { tags: ["x", "y"] }, WIDGET).map((d) => d.field)).toEqual(["tags"]);
    expect(reorderedFields(a, { tags: ["y", "y", "x"] }, WIDGET)).toEqual([
      { field: "tags", first: ["x", "y", "y"], second: ["y", "y", "x"] },
    ]);
    expect(reorderedFields(a, a, WIDGET)).toEqual([]);
    expect(reorderedFields(a, { tags: ["z"] }, WIDGET)).toEqual([]);
  });

  it("finds nothing to compare in what is not an object", () => {
    expect(differingFields("w", { id: "w" }, WIDGET)).toEqual([]);
    expect(reorderedFields({ tags: [] }, null, WIDGET)).toEqual([]);
  });

  it("writes the names and one side of each difference, cut at 500 characters", () => {
    const differences = [
      { field: "url", first: "u", second: "v" },
      { field: "name", first: "x".repeat(600), second: "n" },
    ];
    expect(fieldNames(differences)).toBe("url, name");
    expect(sideOf(differences, "second")).toBe('url: "v"\nname: "n"');
    expect(sideOf(differences, "first")).toHaveLength(500);
  });
});
