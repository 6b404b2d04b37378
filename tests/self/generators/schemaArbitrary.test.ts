import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_NAMES, CONTRACT_SCHEMAS, SCHEMA_ID_BASE, schemaIdForBody } from "../../../contract/schemaCatalogue.js";
import { validateAgainst, validateBody } from "../../../contract/validators.js";
import { responseArbitrary } from "../../../generators/responseArbitrary.js";
import { schemaArbitrary, UnsupportedSchemaError } from "../../../generators/schemaArbitrary.js";

const RUNS = 200;
const RESPONSE_BODIES = BODY_NAMES.filter((name) => !name.endsWith(".request"));
const FIXTURE_BASE = "https://schemas.cms-conformance.invalid/test-fixtures/";

describe("the compiler covers every keyword of the contract", () => {
  it.each(CONTRACT_SCHEMAS.map((doc) => [doc.file, doc.$id] as const))(
    "compiles %s under both profiles",
    (_file, id) => {
      for (const profile of ["stated", "strict"] as const) {
        const values = fc.sample(schemaArbitrary(id, { profile }), { numRuns: 20, seed: 1 });
        for (const value of values) {
          const result = validateAgainst(id, value);
          expect(result.stated).toEqual([]);
          if (profile === "strict") expect(result.registerDefaults).toEqual([]);
        }
      }
    },
  );
});

describe("an unsupported keyword is refused, naming the schema and the keyword", () => {
  it.each([
    ["contentEncoding", { type: "string", contentEncoding: "base64" }, "#", "contentEncoding"],
    ["propertyNames", { type: "object", propertyNames: { pattern: "^[a-z]+$" } }, "#", "propertyNames"],
    [
      "a keyword deep in a property",
      { type: "object", properties: { size: { type: "integer", exclusiveMinimum: 0 } } },
      "#/properties/size",
      "exclusiveMinimum",
    ],
    ["an unknown format", { type: "string", format: "email" }, "#", "format"],
    [
      "a keyword inside an x-strict entry",
      { type: "object", "x-strict": [{ register: "r", schema: { minProperties: 1 } }] },
      "#/x-strict/0/schema",
      "minProperties",
    ],
  ])("%s", (_name, body, where, keyword) => {
    const $id = `${FIXTURE_BASE}broken-${keyword}.json`;
    const compile = () => schemaArbitrary({ $id, ...body }, { profile: "strict" });
    expect(compile).toThrow(UnsupportedSchemaError);
    expect(compile).toThrow(`schema ${$id}${where}`);
    expect(compile).toThrow(`keyword "${keyword}"`);
  });

  it("refuses a keyword reached through $ref into a fixture schema", () => {
    const target = { $id: `${FIXTURE_BASE}target.json`, type: "string", minLength: 3 };
    const root = { $id: `${FIXTURE_BASE}root.json`, type: "object", properties: { name: { $ref: "target.json" } } };
    expect(() => schemaArbitrary(root, { schemas: [target] })).toThrow(
      /schema https:\/\/schemas\.cms-conformance\.invalid\/test-fixtures\/target\.json#: .*keyword "minLength"/,
    );
  });

  it("refuses bad options with the value received", () => {
    expect(() => schemaArbitrary("components/Widget.json", { profile: "lenient" as never })).toThrow(
      'schemaArbitrary: profile must be "stated" or "strict", received "lenient"',
    );
    expect(() => schemaArbitrary("components/Widget.json", { extraFields: "yes" as never })).toThrow(
      'schemaArbitrary: extraFields must be a boolean, received "yes"',
    );
    expect(() => schemaArbitrary(5 as never)).toThrow("schemaArbitrary: expected a schema object or $id, received 5");
    expect(() => schemaArbitrary("components/Nope.json")).toThrow("no schema with $id");
  });

  it("compiles a contract schema once per profile and extra fields, and never caches one given hints or extra schemas", () => {
    const widget = "components/Widget.json";
    expect(schemaArbitrary(widget)).toBe(schemaArbitrary(widget, { profile: "stated", extraFields: false }));
    expect(schemaArbitrary(widget, { profile: "strict" })).not.toBe(schemaArbitrary(widget));
    expect(schemaArbitrary(widget, { extraFields: true })).not.toBe(schemaArbitrary(widget));
    expect(schemaArbitrary(`${SCHEMA_ID_BASE}${widget}`)).toBe(schemaArbitrary(`${SCHEMA_ID_BASE}${widget}`));
    const hints = new Map([["/name", { arbitrary: fc.constant("platform.cms.n") }]]);
    expect(schemaArbitrary(widget, { hints })).not.toBe(schemaArbitrary(widget, { hints }));
    expect(schemaArbitrary(widget, { schemas: [] })).not.toBe(schemaArbitrary(widget, { schemas: [] }));
    const names = fc.sample(schemaArbitrary(widget, { hints }), { numRuns: 20, seed: 3 }) as { name?: string }[];
    expect(names.filter((value) => value.name !== undefined).every((value) => value.name === "platform.cms.n")).toBe(
      true,
    );
  });

  it("takes an absolute $id as it is, and a path below schemas/ under the contract's base", () => {
    const fixture = {
      $id: "https://fixtures.invalid/one.json",
      type: "object",
      required: ["a"],
      properties: { a: { const: 1 } },
    };
    expect(fc.sample(schemaArbitrary(fixture), { numRuns: 5, seed: 1 })).toEqual(
      Array.from({ length: 5 }, () => ({ a: 1 })),
    );
    expect(
      fc.sample(schemaArbitrary("https://fixtures.invalid/one.json", { schemas: [fixture] }), { numRuns: 3, seed: 1 }),
    ).toEqual([{ a: 1 }, { a: 1 }, { a: 1 }]);
  });
});

describe("response arbitraries", () => {
  it.each(RESPONSE_BODIES)("every %s value validates (stated, with unknown extra fields)", (name) => {
    fc.assert(
      fc.property(responseArbitrary(name, { extraFields: true }), (body) => {
        expect(validateBody(name, body).stated).toEqual([]);
      }),
      { numRuns: RUNS, seed: 42 },
    );
  });

  it.each(RESPONSE_BODIES)("every %s value meets the register defaults under the strict profile", (name) => {
    fc.assert(
      fc.property(responseArbitrary(name, { profile: "strict" }), (body) => {
        const result = validateBody(name, body);
        expect(result.stated).toEqual([]);
        expect(result.registerDefaults).toEqual([]);
      }),
      { numRuns: RUNS, seed: 43 },
    );
  });

  it("generates PIE charts, each with at most one series (§2.6, §8; register pie-series-count), and other chart types besides", () => {
    const charts = fc
      .sample(responseArbitrary("getAnalytic.response", { profile: "strict" }), { numRuns: 400, seed: 5 })
      .map(
        (body) =>
          (body as { analytic: { chart: { type: string; series: unknown[]; category?: unknown } } }).analytic.chart,
      );
    const pies = charts.filter((chart) => chart.type === "PIE");
    expect(pies.length).toBeGreaterThan(0);
    expect(pies.every((chart) => chart.series.length <= 1)).toBe(true);
    expect(charts.some((chart) => chart.type !== "PIE" && chart.series.length !== 1)).toBe(true);
    expect(charts.filter((chart) => chart.type !== "GAUGE").every((chart) => chart.category !== undefined)).toBe(true);
  });

  it("adds unknown extra fields only when asked", () => {
    const keys = (body: unknown) => Object.keys(body as object);
    const plain = fc.sample(responseArbitrary("error.unauthorized"), { numRuns: 100, seed: 9 });
    const extra = fc.sample(responseArbitrary("error.unauthorized", { extraFields: true }), { numRuns: 100, seed: 9 });
    expect(plain.every((body) => keys(body).every((k) => ["error", "error_description"].includes(k)))).toBe(true);
    expect(extra.some((body) => keys(body).some((k) => !["error", "error_description"].includes(k)))).toBe(true);
  });

  it("refuses an unknown body name", () => {
    expect(() => responseArbitrary("getWidgets.response")).toThrow('unknown body "getWidgets.response"');
  });

  it("gives the same values for the same seed", () => {
    for (const name of RESPONSE_BODIES) {
      const arbitrary = responseArbitrary(name, { extraFields: true });
      expect(fc.sample(arbitrary, { numRuns: 30, seed: 1234 })).toEqual(
        fc.sample(arbitrary, { numRuns: 30, seed: 1234 }),
      );
    }
    // A fresh compilation (no cache) draws the same values too.
    const fixture = { $id: `${FIXTURE_BASE}fresh.json`, $ref: schemaIdForBody("getAnalytic.response") };
    expect(fc.sample(schemaArbitrary(fixture), { numRuns: 10, seed: 77 })).toEqual(
      fc.sample(schemaArbitrary({ ...fixture }), { numRuns: 10, seed: 77 }),
    );
  });
});

describe("keywords beyond today's contract behave as JSON Schema says", () => {
  const sampleOf = (schema: Record<string, unknown>, options: Parameters<typeof schemaArbitrary>[1] = {}) =>
    fc.sample(
      schemaArbitrary({ $id: `${FIXTURE_BASE}${String(Object.keys(schema).join("-"))}.json`, ...schema }, options),
      { numRuns: 200, seed: 6 },
    );

  it("oneOf keeps only values that match exactly one branch", () => {
    const values = sampleOf({
      oneOf: [
        { type: "integer", minimum: 0, maximum: 10 },
        { type: "integer", minimum: 5, maximum: 20 },
      ],
    });
    expect(values.every((v) => typeof v === "number" && (v < 5 || v > 10))).toBe(true);
  });

  it("allOf, enum and const intersect; not filters", () => {
    const values = sampleOf({ allOf: [{ enum: ["a", "b", "c", 1] }, { type: "string" }], not: { const: "b" } });
    expect(new Set(values)).toEqual(new Set(["a", "c"]));
  });

  it("additionalProperties false forbids extras even when extras are asked for; a schema shapes them", () => {
    const closed = sampleOf(
      { type: "object", properties: { a: { type: "boolean" } }, additionalProperties: false },
      { extraFields: true },
    );
    expect(closed.every((v) => Object.keys(v as object).every((k) => k === "a"))).toBe(true);
    const shaped = sampleOf({ type: "object", additionalProperties: { type: "integer" } }, { extraFields: true });
    expect(shaped.some((v) => Object.keys(v as object).length > 0)).toBe(true);
    expect(shaped.every((v) => Object.values(v as object).every((x) => Number.isInteger(x)))).toBe(true);
  });

  it("if/then/else picks a branch per value", () => {
    const values = sampleOf({
      type: "object",
      properties: { kind: { enum: ["one", "many"] }, items: { type: "array", items: { type: "null" } } },
      required: ["kind", "items"],
      if: { properties: { kind: { const: "one" } } },
      then: { properties: { items: { minItems: 1, maxItems: 1 } } },
      else: { properties: { items: { minItems: 2 } } },
    }) as { kind: string; items: unknown[] }[];
    expect(values.every((v) => (v.kind === "one" ? v.items.length === 1 : v.items.length >= 2))).toBe(true);
    expect(new Set(values.map((v) => v.kind))).toEqual(new Set(["one", "many"]));
  });

  it("refuses a schema that admits no value, and a recursive $ref, with the schema named", () => {
    expect(() =>
      schemaArbitrary({ $id: `${FIXTURE_BASE}empty.json`, allOf: [{ type: "string" }, { type: "object" }] }),
    ).toThrow(`schema ${FIXTURE_BASE}empty.json# admits no value`);
    expect(() =>
      schemaArbitrary({
        $id: `${FIXTURE_BASE}tree.json`,
        type: "object",
        properties: { child: { $ref: "tree.json" } },
      }),
    ).toThrow(
      /schema https:\/\/schemas\.cms-conformance\.invalid\/test-fixtures\/tree\.json#\/properties\/child.*recursive schema/,
    );
  });
});
