import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OPERATIONS, type OperationName } from "../../../contract/operations.js";
import { validateBody } from "../../../contract/validators.js";
import type { RequestContext } from "../../../generators/requestContext.js";

import { validRequestArbitrary } from "../../../generators/validRequestArbitrary.js";
import { BOUNDARY_INTEGERS } from "../../../generators/boundaryIntegers.js";
import { NULLABLE_FIELDS, nullFieldsOf, withNullsAbsent } from "../../../generators/nullRequestFields.js";

const RUNS = 200;
const CONTEXT: RequestContext = {
  widgetIds: ["widget://senior.com.br/platform/cms/sales-chart", "widget://t/w"],
  analyticIds: ["analytic://senior.com.br/a1", "analytic://t/a2"],
  roles: ["admin", "user", "guest"],
  domainName: "hcm",
  serviceName: "payroll",
  searchTerms: ["Sales", "início"],
  maxPageSize: 50,
};
const OPERATION_NAMES = OPERATIONS.map((op) => op.name);

interface ListRequest {
  searchValue?: string;
  pagination?: { pageNumber?: number; pageSize?: number };
}

describe("valid request arbitraries", () => {
  it.each(OPERATION_NAMES)(
    "every %s request validates, stated and with the register defaults, its nulls read as absent",
    (operation) => {
      fc.assert(
        fc.property(validRequestArbitrary(operation, CONTEXT), (body) => {
          // register null-request-fields: a null field is the field not defined; nothing else is null.
          const nulls = nullFieldsOf(body);
          expect(nulls.every((field) => NULLABLE_FIELDS[operation].some((path) => path.join(".") === field))).toBe(
            true,
          );
          const result = validateBody(`${operation}.request`, withNullsAbsent(body));
          expect(result.stated).toEqual([]);
          expect(result.registerDefaults).toEqual([]);
        }),
        { numRuns: RUNS, seed: 11 },
      );
    },
  );

  it.each(OPERATION_NAMES)("every %s request validates with an empty or minimal context", (operation) => {
    const minimal: RequestContext =
      operation === "getWidget"
        ? { widgetIds: ["widget://x"] }
        : operation === "getAnalytic"
          ? { analyticIds: ["analytic://t/x"] }
          : {};
    fc.assert(
      fc.property(validRequestArbitrary(operation, minimal), (body) => {
        expect(validateBody(`${operation}.request`, withNullsAbsent(body)).stated).toEqual([]);
      }),
      { numRuns: RUNS, seed: 12 },
    );
  });

  it("draws ids from the context, always (§4.3, §4.4)", () => {
    const widgets = fc.sample(validRequestArbitrary("getWidget", CONTEXT), { numRuns: 100, seed: 3 });
    expect(widgets.every((body) => CONTEXT.widgetIds?.includes(body.widgetId as string))).toBe(true);
    expect(new Set(widgets.map((body) => body.widgetId)).size).toBe(2);
    const analytics = fc.sample(validRequestArbitrary("getAnalytic", CONTEXT), { numRuns: 100, seed: 3 });
    expect(analytics.every((body) => CONTEXT.analyticIds?.includes(body.analyticId as string))).toBe(true);
  });

  it("biases listing requests toward edge searches and pages (§4.1, §4.2, §8)", () => {
    // Null fields read as absent here (register null-request-fields); their own test is below.
    const bodies = fc
      .sample(validRequestArbitrary("listFactoryDefaultWidgets", CONTEXT), {
        numRuns: 2000,
        seed: 21,
      })
      .map(withNullsAbsent) as ListRequest[];
    const search = bodies.map((b) => b.searchValue).filter((s): s is string => s !== undefined);
    const pages = bodies.map((b) => b.pagination);
    expect(bodies.some((b) => b.searchValue === undefined)).toBe(true);
    expect(search).toContain("");
    expect(search.some((s) => /[^\x00-\x7f]/.test(s))).toBe(true); // unicode
    expect(search.some((s) => s.length > 256)).toBe(true); // very long
    expect(search).toContain("Sales");
    expect(search.some((s) => s !== "Sales" && s.toLowerCase() === "sales")).toBe(true); // mixed case of a term
    expect(pages).toContain(undefined); // pagination absent
    expect(pages.some((p) => p !== undefined && (p.pageNumber === undefined) !== (p.pageSize === undefined))).toBe(
      true,
    ); // partial
    const numbers = pages.map((p) => p?.pageNumber);
    const sizes = pages.map((p) => p?.pageSize);
    for (const n of [0, 1, 10_000, ...BOUNDARY_INTEGERS]) expect(numbers).toContain(n);
    for (const s of [1, 10, 49, 50, ...BOUNDARY_INTEGERS]) expect(sizes).toContain(s);
    // Sizes stay within maxPageSize unless they probe the machine integer limits, and then never on page 0.
    expect(sizes.every((s) => s === undefined || (s >= 1 && s <= 50) || BOUNDARY_INTEGERS.includes(s))).toBe(true);
    expect(
      pages.filter((p) => p?.pageSize !== undefined && p.pageSize > 50).every((p) => (p?.pageNumber ?? 0) >= 1),
    ).toBe(true);
  });

  it("sends each optional field absent, present and null (register null-request-fields)", () => {
    for (const operation of ["listLandingPages", "getRoleFilters"] as const) {
      const bodies = fc.sample(
        validRequestArbitrary(operation, { ...CONTEXT, domainName: undefined, serviceName: undefined }),
        {
          numRuns: 1000,
          seed: 41,
        },
      );
      for (const path of NULLABLE_FIELDS[operation]) {
        const field = path.join(".");
        expect(
          bodies.some((body) => nullFieldsOf(body).includes(field)),
          `${operation} ${field} null`,
        ).toBe(true);
      }
      expect(bodies.some((body) => nullFieldsOf(body).length === 0)).toBe(true);
    }
    for (const operation of ["getWidget", "getAnalytic"] as const) {
      const bodies = fc.sample(validRequestArbitrary(operation, CONTEXT), { numRuns: 200, seed: 41 });
      expect(bodies.every((body) => nullFieldsOf(body).length === 0)).toBe(true);
    }
  });

  it("searches parts of the target's terms as well as whole ones (register search-match-mode)", () => {
    const context = { ...CONTEXT, searchTerms: ["realtime", "platform.cms.widget.dailyNews001.description"] };
    const values = fc
      .sample(validRequestArbitrary("listFactoryDefaultWidgets", context), { numRuns: 2000, seed: 43 })
      .map((body) => body.searchValue)
      .filter((value): value is string => typeof value === "string");
    expect(values).toContain("realtime");
    const parts = values.filter(
      (value) => value.length >= 2 && context.searchTerms.some((term) => term !== value && term.includes(value)),
    );
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.some((value) => value.length > 5 && value.startsWith("latform") === false)).toBe(true);
  });

  it("biases role lists toward empty, duplicated and reordered lists of the context's roles (§4.5)", () => {
    const bodies = fc.sample(validRequestArbitrary("getRoleFilters", CONTEXT), { numRuns: 1000, seed: 31 });
    const roleLists = bodies.map((b) => b.roles as string[]);
    expect(roleLists.every((roles) => roles.every((role) => CONTEXT.roles?.includes(role)))).toBe(true);
    expect(roleLists.some((roles) => roles.length === 0)).toBe(true);
    expect(roleLists.some((roles) => new Set(roles).size < roles.length)).toBe(true);
    expect(
      roleLists.some((roles) => roles.length === 3 && roles.join() !== "admin,user,guest" && new Set(roles).size === 3),
    ).toBe(true);
    expect(bodies.every((b) => b.domainName === "hcm" && b.serviceName === "payroll")).toBe(true);
  });

  it("gives the same values for the same seed", () => {
    for (const operation of OPERATION_NAMES) {
      const arbitrary = validRequestArbitrary(operation, CONTEXT);
      expect(fc.sample(arbitrary, { numRuns: 50, seed: 99 })).toEqual(fc.sample(arbitrary, { numRuns: 50, seed: 99 }));
      expect(fc.sample(validRequestArbitrary(operation, CONTEXT), { numRuns: 50, seed: 99 })).toEqual(
        fc.sample(arbitrary, { numRuns: 50, seed: 99 }),
      );
    }
  });

  it("shrinks a failing searchValue to a small counterexample that replays from its seed and path", () => {
    const property = fc.property(
      validRequestArbitrary("listFactoryDefaultWidgets", CONTEXT),
      (body: ListRequest) => (body.searchValue ?? "").length < 3,
    );
    // A seed whose first failure is a drawn string: a term of the target (Sales) is a constant that shrinks no further.
    const details = fc.check(property, { numRuns: RUNS, seed: 6 });
    expect(details.failed).toBe(true);
    const [counterexample] = details.counterexample ?? [];
    expect((counterexample as ListRequest).searchValue).toHaveLength(3);
    expect(JSON.stringify(counterexample).length).toBeLessThan(80);
    const replay = fc.check(property, {
      seed: details.seed,
      path: details.counterexamplePath ?? undefined,
      endOnFailure: true,
    });
    expect(replay.counterexample).toEqual(details.counterexample);
  });
});

describe("request contexts are checked at once, naming what is wrong", () => {
  it.each([
    ["getWidget", {}, "getWidget requests need at least one id in context.widgetIds"],
    ["getAnalytic", { analyticIds: [] }, "getAnalytic requests need at least one id in context.analyticIds"],
    [
      "getWidget",
      { widgetIds: ["widget://ok", "landing://t/p"] },
      'context.widgetIds[1] = "landing://t/p" cannot be sent as widgetId',
    ],
    ["listLandingPages", { maxPageSize: 0 }, "maxPageSize must be an integer of at least 1, received 0"],
    ["getRoleFilters", { roles: "admin" }, 'roles must be a list of strings, received "admin"'],
    ["getRoleFilters", { domainName: 7 }, "domainName must be a string, received 7"],
  ] as const)("%s with %j", (operation, context, message) => {
    expect(() => validRequestArbitrary(operation as OperationName, context as unknown as RequestContext)).toThrow(
      message,
    );
  });

  it("refuses an unknown operation", () => {
    expect(() => validRequestArbitrary("listWidgets" as OperationName, {})).toThrow('unknown operation "listWidgets"');
  });
});
