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
      expect(errorsOf({ ...gated, meta }), field).toContain(`"missingProperty": "${field}"`);
    }
    expect(errorsOf({ ...gated, meta: { ...gated.meta, gateFailures: [1] } })).toContain("/meta/gateFailures/0");
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
      expect(errorsOf({ ...good, meta }), field).toContain(`"missingProperty": "${field}"`);
    }
    expect(errorsOf({ ...good, meta: { ...good.meta, insecure: "yes" } })).toContain("/meta/insecure");
    const selection = good.meta.selection as Record<string, unknown>;
    expect(errorsOf({ ...good, meta: { ...good.meta, selection: { ...selection, extra: 1 } } })).toContain(
      "additionalProperties",
    );
    expect(
      errorsOf({ ...good, meta: { ...good.meta, selection: { ...selection, operations: ["listWidgets"] } } }),
    ).toContain("/meta/selection/operations/0");
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
    expect(errorsOf({ ...good, extra: 1 })).toContain("additionalProperties");
    expect(errorsOf({ ...good, reportVersion: 2 })).toContain("const");
    const bad = (result: object) =>
      errorsOf(JSON.parse(renderJsonReport(makeRunReport([makeResult(result as never)]))));
    expect(bad({ outcome: "flaky" })).toContain("enum");
    expect(bad({ outcome: "waived" })).toContain("waiver");
    expect(bad({ outcome: "skipped" })).toContain("skipReason");
    expect(bad({ operation: "listWidgets" })).toContain("enum");
  });
});
