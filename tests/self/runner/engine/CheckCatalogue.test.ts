/** CheckCatalogue validates every check once and selects checks by id, glob and operation. */
import { describe, expect, it } from "vitest";
import { CheckCatalogue, UnknownCheckError } from "../../../../runner/engine/CheckCatalogue.js";
import type { CheckDefinition } from "../../../../runner/engine/CheckDefinition.js";

function check(id: string, overrides: Partial<CheckDefinition> = {}): CheckDefinition {
  return {
    id,
    title: `title of ${id}`,
    rule: "A rule.",
    family: id.slice(0, id.indexOf(".")) as CheckDefinition["family"],
    specRefs: ["2.11"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets", "listLandingPages"],
    registerRefs: [],
    run: async () => undefined,
    ...overrides,
  };
}

const catalogue = () =>
  new CheckCatalogue([
    check("pagination.default-first-10"),
    check("pagination.walk-covers-all"),
    check("search.widgets-by-tag", { operations: ["listFactoryDefaultWidgets"] }),
    check("schema.response-body", { operations: ["getWidget", "getAnalytic", "listLandingPages"] }),
  ]);

describe("CheckCatalogue refuses", () => {
  it("a duplicate id", () => {
    expect(() => new CheckCatalogue([check("http.a"), check("http.b"), check("http.a")])).toThrow(
      "duplicate check id http.a",
    );
  });

  it.each([
    "http",
    "http.",
    ".rule",
    "HTTP.rule",
    "http.Rule",
    "http.rule.more",
    "http.rule_1",
    "http rule",
    "http.rule ",
    " http.rule",
  ])("the malformed id %j", (id) => {
    expect(() => new CheckCatalogue([check(id, { family: "http" })])).toThrow(
      /must read family\.rule-in-kebab-case|must start with/,
    );
  });

  it("an id whose prefix is not the family", () => {
    expect(() => new CheckCatalogue([check("schema.misfiled", { family: "errors" })])).toThrow(
      'check schema.misfiled is in family errors: its id must start with "errors."',
    );
  });

  it("an id that only starts like the family", () => {
    expect(() => new CheckCatalogue([check("httpx.rule", { family: "http" })])).toThrow(
      /its id must start with "http\."/,
    );
  });

  it.each([[[]], [["§4.1"]], [["4.1", ""]], [["4.1a"]], [["4."]], [["4..1"]], [[" 4.1"]]])(
    "the spec sections %j",
    (specRefs) => {
      expect(() => new CheckCatalogue([check("http.rule", { specRefs })])).toThrow(
        `check http.rule: bad specRefs ${JSON.stringify(specRefs)}`,
      );
    },
  );

  it("a check that covers no operation", () => {
    expect(() => new CheckCatalogue([check("http.rule", { operations: [] })])).toThrow(
      "check http.rule covers no operation",
    );
  });

  it("a register entry the register lacks", () => {
    expect(
      () => new CheckCatalogue([check("http.rule", { registerRefs: ["max-page-size", "no-such-entry"] })]),
    ).toThrow(/no-such-entry/);
  });
});

describe("CheckCatalogue accepts", () => {
  it("well-formed checks, keeping them in order, with sections like 4, 4.1 and 2.11.3", () => {
    const checks = [
      check("http.rule-1", { specRefs: ["4", "4.1", "2.11.3", "10.12"], registerRefs: ["max-page-size"] }),
      check("role-filters.union-law", { family: "role-filters" }),
    ];
    expect(new CheckCatalogue(checks).checks).toEqual(checks);
  });

  it("gives the set of its ids", () => {
    expect([...catalogue().ids()]).toEqual([
      "pagination.default-first-10",
      "pagination.walk-covers-all",
      "search.widgets-by-tag",
      "schema.response-body",
    ]);
  });
});

describe("CheckCatalogue.select", () => {
  const pairs = (include: string[], exclude: string[] = [], operations: Parameters<CheckCatalogue["select"]>[2] = []) =>
    catalogue()
      .select(include, exclude, operations)
      .map(({ check: selected, operation }) => `${selected.id} ${operation}`);

  it("selects every check on every operation it covers when nothing is given", () => {
    expect(pairs([])).toEqual([
      "pagination.default-first-10 listFactoryDefaultWidgets",
      "pagination.default-first-10 listLandingPages",
      "pagination.walk-covers-all listFactoryDefaultWidgets",
      "pagination.walk-covers-all listLandingPages",
      "search.widgets-by-tag listFactoryDefaultWidgets",
      "schema.response-body getWidget",
      "schema.response-body getAnalytic",
      "schema.response-body listLandingPages",
    ]);
  });

  it("selects by exact id", () => {
    expect(pairs(["search.widgets-by-tag"])).toEqual(["search.widgets-by-tag listFactoryDefaultWidgets"]);
  });

  it("selects by glob, * for any text and ? for one character, anchored at both ends", () => {
    expect(pairs(["pagination.*"]).length).toBe(4);
    expect(pairs(["*.walk-covers-all"])).toEqual([
      "pagination.walk-covers-all listFactoryDefaultWidgets",
      "pagination.walk-covers-all listLandingPages",
    ]);
    expect(pairs(["search.widgets-by-ta?"])).toEqual(["search.widgets-by-tag listFactoryDefaultWidgets"]);
    expect(pairs(["search.widgets-by-t?"])).toEqual([]);
    expect(pairs(["walk*"])).toEqual([]);
    expect(pairs(["*covers*"]).length).toBe(2);
  });

  it("reads a dot in a pattern as a dot, not as any character", () => {
    expect(pairs(["pagination?default-first-10"]).length).toBe(2);
    expect(pairs(["pagination.default-first-1*"]).length).toBe(2);
    expect(() => pairs(["paginationXdefault-first-10"])).toThrow(UnknownCheckError);
    expect(pairs(["pagination.default-first-1?"])).toEqual([
      "pagination.default-first-10 listFactoryDefaultWidgets",
      "pagination.default-first-10 listLandingPages",
    ]);
    expect(pairs(["pagination.default+first-10*"])).toEqual([]);
  });

  it("unites several includes and removes the excludes", () => {
    expect(pairs(["search.*", "schema.*"], ["schema.response-body"])).toEqual([
      "search.widgets-by-tag listFactoryDefaultWidgets",
    ]);
    expect(pairs([], ["pagination.*", "s*"])).toEqual([]);
  });

  it("keeps only the operations asked for", () => {
    expect(pairs([], [], ["getWidget", "listLandingPages"])).toEqual([
      "pagination.default-first-10 listLandingPages",
      "pagination.walk-covers-all listLandingPages",
      "schema.response-body getWidget",
      "schema.response-body listLandingPages",
    ]);
  });

  it("refuses an include or an exclude naming no check, saying how to list them", () => {
    expect(() => pairs(["search.widget-by-tag"])).toThrow(UnknownCheckError);
    expect(() => pairs(["search.widget-by-tag"])).toThrow(
      'unknown check id "search.widget-by-tag"; run cms-conformance list-checks for the ids',
    );
    expect(() => pairs([], ["no.such-check"])).toThrow(UnknownCheckError);
  });

  it("lets a glob match nothing", () => {
    expect(pairs(["nothing.*"])).toEqual([]);
    expect(pairs(["nothing.?"])).toEqual([]);
  });
});
