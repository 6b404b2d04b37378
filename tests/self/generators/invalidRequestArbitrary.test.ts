import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMBIGUITY_REGISTER } from "../../../contract/ambiguityRegister.js";
import { OPERATIONS, type OperationName } from "../../../contract/operations.js";
import type { SchemaIssue } from "../../../contract/schemaIssue.js";
import { validateBody } from "../../../contract/validators.js";
import {
  invalidRequestArbitrary,
  invalidRequestDerivations,
  type InvalidRequest,
} from "../../../generators/invalidRequestArbitrary.js";
import type { RequestContext } from "../../../generators/requestContext.js";

const RUNS = 200;
const CONTEXT: RequestContext = {
  widgetIds: ["widget://senior.com.br/platform/cms/sales-chart"],
  analyticIds: ["analytic://senior.com.br/a1"],
  roles: ["admin", "user"],
  domainName: "hcm",
  serviceName: "payroll",
  searchTerms: ["Sales"],
};
const OPERATION_NAMES = OPERATIONS.map((op) => op.name);
const ALL_RULES = OPERATION_NAMES.flatMap((operation) =>
  invalidRequestDerivations(operation).map((d) => [operation, d.rule] as const),
);

/** What the validator must report for a label, read from the label alone (not from the generator's own data). */
function expectedIssue(rule: string): { reading: "stated" | "registerDefaults"; path: RegExp; keyword: string } {
  const [field = "", kind = ""] = rule.split(":");
  if (field === "body") return { reading: "stated", path: /^$/, keyword: "type" };
  // A read's identifier is required by the spec (§4.3, §4.4, §7); other fields only by the register.
  if (kind === "missing")
    return {
      reading: field === "widgetId" || field === "analyticId" ? "stated" : "registerDefaults",
      path: /^$/,
      keyword: "required",
    };
  const pointer = `/${field.replace(/\[\]/g, "/\\d+").replace(/\./g, "/")}`;
  const keyword =
    kind.startsWith("wrong-type-") || kind === "fractional" || kind === "numeric-text"
      ? "type"
      : kind === "below-minimum"
        ? "minimum"
        : kind === "pattern-mismatch"
          ? "pattern"
          : `unknown kind ${kind}`;
  return { reading: "stated", path: new RegExp(`^${pointer}$`), keyword };
}

function describeIssues(issues: readonly SchemaIssue[]): string[] {
  return issues.map((issue) => `${issue.instancePath} ${issue.keyword}`);
}

describe("invalid request derivations", () => {
  it.each(ALL_RULES)("%s %s fails validation for its labelled rule and no other", (operation, rule) => {
    const expected = expectedIssue(rule);
    fc.assert(
      fc.property(invalidRequestArbitrary(operation, CONTEXT, [rule]), (invalid: InvalidRequest) => {
        expect(invalid.rule).toBe(rule);
        if ("raw" in invalid.body) {
          expect(() => JSON.parse((invalid.body as { raw: string }).raw)).toThrow();
          return;
        }
        const result = validateBody(`${operation}.request`, invalid.body.json);
        const other = expected.reading === "stated" ? result.registerDefaults : result.stated;
        const hit = result[expected.reading];
        expect(describeIssues(other)).toEqual([]);
        expect(hit.length).toBeGreaterThan(0);
        for (const issue of hit) {
          expect(issue.instancePath).toMatch(expected.path);
          expect(issue.keyword).toBe(expected.keyword);
        }
        if (expected.keyword === "required")
          expect(hit.map((issue) => issue.params.missingProperty)).toEqual([rule.split(":")[0]]);
      }),
      { numRuns: RUNS, seed: 17 },
    );
  });

  it("keeps the valid values of the context apart from the broken field", () => {
    for (const invalid of fc.sample(invalidRequestArbitrary("getRoleFilters", CONTEXT, ["roles[]:wrong-type-number"]), {
      numRuns: 50,
      seed: 4,
    })) {
      const body = (invalid.body as { json: { roles: unknown[]; domainName: string } }).json;
      expect(body.domainName).toBe("hcm");
      expect(body.roles.filter((role) => typeof role !== "string")).toHaveLength(1);
      // One item replaced in place: no hole an index past the end would leave (JSON writes it as null).
      const sent = (JSON.parse(JSON.stringify(body)) as { roles: unknown[] }).roles;
      expect(sent.filter((role) => typeof role !== "string")).toHaveLength(1);
    }
    // Which item is broken varies.
    const positions = new Set(
      fc
        .sample(invalidRequestArbitrary("getRoleFilters", CONTEXT, ["roles[]:wrong-type-number"]), {
          numRuns: 200,
          seed: 5,
        })
        .map((invalid) =>
          (invalid.body as { json: { roles: unknown[] } }).json.roles.findIndex((role) => typeof role !== "string"),
        ),
    );
    expect(positions.size).toBeGreaterThan(1);
    for (const invalid of fc.sample(invalidRequestArbitrary("getWidget", CONTEXT, ["raw:malformed-json"]), {
      numRuns: 20,
      seed: 4,
    })) {
      expect((invalid.body as { raw: string }).raw).toContain("widget://senior.com.br/platform/cms/sales-chart");
    }
  });

  it("mixes every derivation of an operation in one arbitrary", () => {
    for (const operation of OPERATION_NAMES) {
      const seen = new Set(
        fc
          .sample(invalidRequestArbitrary(operation, CONTEXT), { numRuns: 600, seed: 8 })
          .map((invalid) => invalid.rule),
      );
      expect([...seen].sort()).toEqual(
        invalidRequestDerivations(operation)
          .map((d) => d.rule)
          .sort(),
      );
    }
  });

  it("gives the same values for the same seed", () => {
    for (const operation of OPERATION_NAMES) {
      const arbitrary = invalidRequestArbitrary(operation, CONTEXT);
      expect(fc.sample(arbitrary, { numRuns: 50, seed: 2024 })).toEqual(
        fc.sample(arbitrary, { numRuns: 50, seed: 2024 }),
      );
    }
  });

  it("shrinks a failing invalid request to a small one", () => {
    const details = fc.check(
      fc.property(
        invalidRequestArbitrary("listLandingPages", CONTEXT, ["pagination.pageSize:below-minimum"]),
        (invalid) => {
          const body = (invalid.body as { json: { pagination: { pageSize: number } } }).json;
          return body.pagination.pageSize > -5;
        },
      ),
      { numRuns: RUNS, seed: 3 },
    );
    expect(details.failed).toBe(true);
    const [counterexample] = details.counterexample ?? [];
    expect((counterexample as InvalidRequest).body).toEqual({ json: { pagination: { pageSize: -5 } } });
  });

  it("refuses an unknown rule and a context without ids", () => {
    expect(() => invalidRequestArbitrary("getWidget", CONTEXT, ["widgetId:too-long"])).toThrow(
      'getWidget has no derivation "widgetId:too-long"',
    );
    expect(() => invalidRequestArbitrary("getWidget", {})).toThrow("context.widgetIds");
  });
});

describe("the catalogue of derivations follows the register (invalid-field-status, required-request-fields, malformed-*-id)", () => {
  const listing = [
    ["body:array", "must-400", "invalid-field-status"],
    ["body:string", "must-400", "invalid-field-status"],
    ["body:number", "must-400", "invalid-field-status"],
    ["body:null", "should-400", "invalid-field-status"],
    ["raw:malformed-json", "must-400", "invalid-field-status"],
    ["raw:empty-body", "should-400", "invalid-field-status"],
  ] as const;
  const paging = [
    ["searchValue:wrong-type-number", "must-400", "invalid-field-status"],
    ["pagination:wrong-type-string", "must-400", "invalid-field-status"],
    ["pagination:wrong-type-array", "must-400", "invalid-field-status"],
    ["pagination.pageNumber:wrong-type-string", "must-400", "invalid-field-status"],
    ["pagination.pageNumber:wrong-type-boolean", "must-400", "invalid-field-status"],
    ["pagination.pageNumber:numeric-text", "must-400", "numeric-coercion"],
    ["pagination.pageNumber:below-minimum", "should-400", "invalid-field-status"],
    ["pagination.pageNumber:fractional", "must-400", "numeric-coercion"],
    ["pagination.pageSize:wrong-type-string", "must-400", "invalid-field-status"],
    ["pagination.pageSize:wrong-type-boolean", "must-400", "invalid-field-status"],
    ["pagination.pageSize:numeric-text", "must-400", "numeric-coercion"],
    ["pagination.pageSize:below-minimum", "should-400", "invalid-field-status"],
    ["pagination.pageSize:fractional", "must-400", "numeric-coercion"],
  ] as const;
  const expected: Record<OperationName, readonly (readonly [string, string, string])[]> = {
    listFactoryDefaultWidgets: [...listing, ...paging],
    listLandingPages: [...listing, ...paging],
    getAnalytic: [
      ...listing,
      ["analyticId:wrong-type-number", "must-400", "invalid-field-status"],
      ["analyticId:pattern-mismatch", "400-or-404", "malformed-analytic-id"],
      ["analyticId:missing", "400-or-404", "required-request-fields"],
    ],
    getWidget: [
      ...listing,
      ["widgetId:wrong-type-number", "must-400", "invalid-field-status"],
      ["widgetId:pattern-mismatch", "400-or-404", "malformed-widget-id"],
      ["widgetId:missing", "400-or-404", "required-request-fields"],
    ],
    getRoleFilters: [
      ...listing,
      ["roles:wrong-type-string", "must-400", "invalid-field-status"],
      ["roles[]:wrong-type-number", "must-400", "invalid-field-status"],
      ["domainName:wrong-type-number", "must-400", "invalid-field-status"],
      ["serviceName:wrong-type-number", "must-400", "invalid-field-status"],
      ["roles:missing", "should-400", "required-request-fields"],
    ],
  };

  it.each(OPERATION_NAMES)("%s", (operation) => {
    const catalogue = invalidRequestDerivations(operation).map((d) => [d.rule, d.expectation, d.registerEntry]);
    expect(catalogue).toEqual(expected[operation].map((row) => [...row]));
    for (const [, , entry] of catalogue) expect(AMBIGUITY_REGISTER.map((e) => e.id)).toContain(entry);
  });
});

describe("malformed ids start from the target's real ids (register malformed-widget-id)", () => {
  it("mostly mutates a context id rather than inventing text", () => {
    const samples = fc.sample(invalidRequestArbitrary("getWidget", CONTEXT, ["widgetId:pattern-mismatch"]), {
      numRuns: 200,
      seed: 10,
    });
    expect(new Set(samples.map((invalid) => invalid.registerEntry))).toEqual(new Set(["malformed-widget-id"]));
    const ids = samples.map((invalid) => (invalid.body as { json: { widgetId: string } }).json.widgetId);
    expect(ids).toContain("widget://senior.com.br/platform/cms/sales-chart/");
    expect(ids).toContain("WIDGET://SENIOR.COM.BR/PLATFORM/CMS/SALES-CHART");
    expect(ids).toContain("senior.com.br/platform/cms/sales-chart");
  });
});
