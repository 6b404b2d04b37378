/** When an unlisted field's name reads as a tabled one renamed (contract/nearMissName.ts), and when it does not. */
import { describe, expect, it } from "vitest";
import { editDistance, nearMissOf } from "../../../contract/nearMissName.js";
import { pathOf, tableAt, visitTabledObjects } from "../../../contract/fieldTables.js";

/** "instancePath section title" of every tabled object of a body. */
function tabled(file: string, data: unknown): string[] {
  const found: string[] = [];
  visitTabledObjects(file, data, (_value, table, place) => {
    found.push(`${pathOf(place)} ${table.section} ${table.title}`);
    return true;
  });
  return found;
}

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "abc", 0],
    ["tags", "tag", 1],
    ["sufix", "suffix", 1],
    ["filter", "filtre", 1], // two neighbours swapped: one edit
    ["table", "label", 2],
    ["kitten", "sitting", 3],
    ["", "url", 3],
  ])("%j to %j is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe("nearMissOf", () => {
  it.each([
    ["thumbnailUrl", ["thumbnailURL"], "thumbnailURL"], // letter case
    ["ID", ["id"], "id"], // letter case, however short
    ["suffix", ["sufix"], "sufix"], // the known respelling
    ["Suffix", ["sufix"], "sufix"],
    ["tag", ["tags"], "tags"], // one edit, 4 letters
    ["filters", ["filter"], "filter"],
    ["thumbnailUri", ["thumbnailURL"], "thumbnailURL"], // two edits without case, 8+ letters
    ["error_code", ["errorCode"], "errorCode"],
    ["landingPage", ["landingPages"], "landingPages"],
    ["titel", ["title", "tags"], "title"],
    ["Tags", ["tag", "tags"], "tags"], // the closest wins
  ])("reads %s as %j's %s renamed", (name, tabled, expected) => {
    expect(nearMissOf(name, tabled)).toBe(expected);
  });

  it.each([
    ["uri", ["url"]], // too short for an edit to mean a rename
    ["ids", ["id"]],
    ["suffixes", ["sufix"]],
    ["latitude", ["label", "table", "column"]],
    ["longitude", ["column", "mask"]],
    ["referenceExtraText", ["id", "name", "description"]],
    ["servedAt", ["sequence", "serviceName"]],
    ["requestId", ["widgets", "listInformation"]],
    ["thumbnail", ["thumbnailURL"]], // three edits from 12 letters
    ["url", ["url"]], // the tabled name itself is no rename
  ])("does not read %s as a rename of any of %j", (name, tabled) => {
    expect(nearMissOf(name, tabled)).toBeUndefined();
  });
});

describe("the tables a body's objects are described by", () => {
  it("follows $refs, the anyOf branch of the value's own shape, items and inline objects", () => {
    const body = {
      widgets: [1, { id: "w", preferredSize: {} }, null],
      listInformation: {},
    };
    expect(tabled("bodies/listFactoryDefaultWidgets.response.json", body)).toEqual([
      " §4.1 ListFactoryDefaultWidgetsResponse",
      "/widgets/1 §2.1 Widget",
      "/widgets/1/preferredSize §2.3 PreferredSize",
      "/listInformation §2.11 ListInformation",
    ]);
    expect(tabled("bodies/listFactoryDefaultWidgets.response.json", { widgets: { id: "w" } })).toEqual([
      " §4.1 ListFactoryDefaultWidgetsResponse",
      "/widgets §2.1 Widget",
    ]);
    const roleFilters = { filters: [{ key: {}, filters: [{}] }] };
    expect(tableAt("bodies/getRoleFilters.response.json", roleFilters, "/filters/0/key")).toMatchObject({
      names: ["domainName", "serviceName", "sequence"],
      section: "§2.12",
      schemaPath: "components/RoleFilterGroup.json#/properties/key",
    });
    expect(tableAt("bodies/getRoleFilters.response.json", roleFilters, "/filters/0/filters/0")?.names).toEqual([
      "name",
      "value",
    ]);
  });

  it("lists no table for an object whose structure is not shown (Chart.filter), nor for a path that is no object", () => {
    const body = { analytic: { chart: { filter: { filters: [] } } } };
    expect(tableAt("bodies/getAnalytic.response.json", body, "/analytic/chart/filter")).toBeUndefined();
    expect(tableAt("bodies/getAnalytic.response.json", body, "/analytic/chart/nothing")).toBeUndefined();
    expect(tabled("bodies/getAnalytic.response.json", body)).toEqual([
      " §4.3 GetAnalyticResponse",
      "/analytic §2.5 Analytic",
      "/analytic/chart §2.6 Chart",
    ]);
  });
});
