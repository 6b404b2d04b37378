import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderJsonReport, writeJsonReport, REPORT_SCHEMA_ID } from "../../../reports/writeJsonReport.js";
import { validateRunReport } from "../../../reports/validateRunReport.js";
import { TRANSPORT_FAILURE_KINDS } from "../../../runner/model/Exchange.js";
import {
  makeBigRunReport,
  makeExchange,
  makeGatedRunReport,
  makeResult,
  makeRunReport,
  PLANTED_SECRETS,
} from "./runReportFixture.js";

const schema = JSON.parse(
  readFileSync(new URL("../../../schemas/meta/report.schema.json", import.meta.url), "utf8"),
) as Record<string, unknown>;
/** validateRunReport compiles the schema with a strict Ajv 2020 and ajv-formats. */
function errorsOf(data: unknown): string {
  const issues = validateRunReport(data);
  return issues.length === 0 ? "" : JSON.stringify(issues, null, 2);
}
/** One schema violation as validateRunReport gives it. */
const issue = (
  instancePath: string,
  schemaPath: string,
  keyword: string,
  params: Record<string, unknown>,
  message: string,
) => ({ instancePath, schemaPath, keyword, params, message });
/** The violation of a required property `field` missing from the object at `instancePath`. */
const missing = (instancePath: string, field: string) =>
  issue(instancePath, "#/required", "required", { missingProperty: field }, `must have required property '${field}'`);
const OPERATION_NAMES = ["listFactoryDefaultWidgets", "listLandingPages", "getAnalytic", "getWidget", "getRoleFilters"];

describe("report.json", () => {
  it("has the $id the writer announces and is versioned", () => {
    expect(schema.$id).toBe(REPORT_SCHEMA_ID);
    expect((schema.properties as Record<string, unknown>).reportVersion).toEqual(expect.objectContaining({ const: 1 }));
  });

  it("validates against schemas/meta/report.schema.json for the fixture with every outcome", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cms-json-"));
    const file = await writeJsonReport(makeRunReport(), { file: join(dir, "report.json"), secrets: PLANTED_SECRETS });
    const data: unknown = JSON.parse(await readFile(file, "utf8"));
    expect(errorsOf(data)).toBe("");
  });

  it("validates for a big run and for the strict profile", () => {
    expect(errorsOf(JSON.parse(renderJsonReport(makeBigRunReport(50, 100))))).toBe("");
    expect(errorsOf(JSON.parse(renderJsonReport(makeRunReport(undefined, "strict"))))).toBe("");
  });

  it("validates with gate failures and notes, and requires meta.sampling, meta.gateFailures and meta.notes", () => {
    const gated = JSON.parse(renderJsonReport(makeGatedRunReport())) as { meta: Record<string, unknown> };
    expect(errorsOf(gated)).toBe("");
    for (const field of ["sampling", "gateFailures", "notes"]) {
      const { [field]: _dropped, ...meta } = gated.meta;
      expect(validateRunReport({ ...gated, meta }), field).toEqual([missing("/meta", field)]);
    }
    expect(validateRunReport({ ...gated, meta: { ...gated.meta, gateFailures: [1] } })).toEqual([
      issue(
        "/meta/gateFailures/0",
        "#/properties/gateFailures/items/type",
        "type",
        { type: "string" },
        "must be string",
      ),
    ]);
  });

  it("requires meta.selection and meta.commandLine, and holds meta.insecure only as a boolean", () => {
    const good = JSON.parse(
      renderJsonReport(
        makeRunReport(undefined, "default", {
          insecure: true,
          selection: { selectedVerdicts: 2, totalVerdicts: 104, checks: ["http.*"] },
        }),
      ),
    ) as { meta: Record<string, unknown> };
    expect(errorsOf(good)).toBe("");
    for (const field of ["selection", "commandLine"]) {
      const { [field]: _dropped, ...meta } = good.meta;
      expect(validateRunReport({ ...good, meta }), field).toEqual([missing("/meta", field)]);
    }
    expect(validateRunReport({ ...good, meta: { ...good.meta, insecure: "yes" } })).toEqual([
      issue("/meta/insecure", "#/properties/insecure/type", "type", { type: "boolean" }, "must be boolean"),
    ]);
    const selection = good.meta.selection as Record<string, unknown>;
    expect(validateRunReport({ ...good, meta: { ...good.meta, selection: { ...selection, extra: 1 } } })).toEqual([
      issue(
        "/meta/selection",
        "#/properties/selection/additionalProperties",
        "additionalProperties",
        { additionalProperty: "extra" },
        "must NOT have additional properties",
      ),
    ]);
    expect(
      validateRunReport({ ...good, meta: { ...good.meta, selection: { ...selection, operations: ["listWidgets"] } } }),
    ).toEqual([
      issue(
        "/meta/selection/operations/0",
        "#/$defs/OperationName/enum",
        "enum",
        { allowedValues: OPERATION_NAMES },
        "must be equal to one of the allowed values",
      ),
    ]);
  });

  it("omits exchange.json (the unredacted parse) and keeps bodyText", () => {
    const text = renderJsonReport(makeRunReport(), PLANTED_SECRETS);
    const data = JSON.parse(text) as { results: { evidence: { exchange: Record<string, unknown> }[] }[] };
    const exchanges = data.results.flatMap((result) => result.evidence.map((item) => item.exchange));
    expect(exchanges.length).toBeGreaterThan(0);
    for (const exchange of exchanges) expect(exchange).not.toHaveProperty("json");
  });

  it.each(TRANSPORT_FAILURE_KINDS)("validates an errored verdict whose exchange failed with kind %s", (kind) => {
    const exchange = makeExchange({ failure: { kind, message: `a ${kind} failure.` } });
    const result = makeResult({
      outcome: "error",
      message: `the target could not be judged: a ${kind} failure.`,
      evidence: [{ label: "the request", exchange }],
    });
    expect(errorsOf(JSON.parse(renderJsonReport(makeRunReport([result]))))).toBe("");
  });

  it("rejects what RunReport cannot hold: unknown fields, a wrong outcome, a waived result without its waiver", () => {
    const good = JSON.parse(renderJsonReport(makeRunReport())) as Record<string, unknown>;
    expect(validateRunReport({ ...good, extra: 1 })).toEqual([
      issue(
        "",
        "#/additionalProperties",
        "additionalProperties",
        { additionalProperty: "extra" },
        "must NOT have additional properties",
      ),
    ]);
    expect(validateRunReport({ ...good, reportVersion: 2 })).toEqual([
      issue(
        "/reportVersion",
        "#/properties/reportVersion/const",
        "const",
        { allowedValue: 1 },
        "must be equal to constant",
      ),
    ]);
    const bad = (result: object) =>
      validateRunReport(JSON.parse(renderJsonReport(makeRunReport([makeResult(result as never)]))));
    const notOneOf = (instancePath: string, allowedValues: string[], schemaPath: string) =>
      issue(instancePath, schemaPath, "enum", { allowedValues }, "must be equal to one of the allowed values");
    /** A result of this outcome without `field`: the then-branch of allOf[index] fails, and its if. */
    const missingWhen = (index: number, field: string) => [
      { ...missing("/results/0", field), schemaPath: `#/allOf/${index}/then/required` },
      issue("/results/0", `#/allOf/${index}/if`, "if", { failingKeyword: "then" }, 'must match "then" schema'),
    ];
    expect(bad({ outcome: "flaky" })).toEqual([
      notOneOf(
        "/results/0/outcome",
        ["passed", "failed", "warning", "skipped", "error", "waived"],
        "#/$defs/Outcome/enum",
      ),
    ]);
    expect(bad({ outcome: "waived" })).toEqual(missingWhen(0, "waiver"));
    expect(bad({ outcome: "skipped" })).toEqual(missingWhen(1, "skipReason"));
    expect(bad({ operation: "listWidgets" })).toEqual([
      notOneOf("/results/0/operation", OPERATION_NAMES, "#/$defs/OperationName/enum"),
    ]);
  });
});
