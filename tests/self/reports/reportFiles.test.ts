/**
 * What report.json, exchanges.har and the HTML page's data block hold, exactly (issue 25.3): report.json's
 * `$schema` first and no parsed bodies, the HAR pretty-printed and scrubbed of secrets as JSON text, and the
 * script data escaped so that target text cannot end its block.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeHarFile } from "../../../reports/har/writeHarFile.js";
import { jsonForScript } from "../../../reports/html/jsonForScript.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { makeExchange, makeResult, makeRunReport, PLANTED_TOKEN } from "./runReportFixture.js";

describe("jsonForScript", () => {
  it("escapes <, >, & and the line separators, and reads back as the same data", () => {
    const data = { text: "</script><!-- & \u2028\u2029 ok" };
    const written = jsonForScript(data);
    expect(written).toBe('{"text":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 ok"}');
    expect(JSON.parse(written)).toEqual(data);
  });
});

describe("renderJsonReport", () => {
  it("puts $schema first, leaves out the parsed bodies, redacts nothing without secrets and ends with a newline", () => {
    const report = makeRunReport([
      makeResult({ outcome: "failed", evidence: [{ label: "e", exchange: makeExchange() }] }),
    ]);
    const text = renderJsonReport(report);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.split("\n")[1]).toBe('  "$schema": "https://schemas.cms-conformance.invalid/meta/report.schema.json",');
    const parsed = JSON.parse(text) as { results: { evidence: { exchange: Record<string, unknown> }[] }[] };
    const exchange = parsed.results[0]?.evidence[0]?.exchange ?? {};
    expect("json" in exchange).toBe(false);
    expect(exchange.isJson).toBe(true);
    expect(text).toContain(PLANTED_TOKEN);
    expect(renderJsonReport(report, [PLANTED_TOKEN])).not.toContain(PLANTED_TOKEN);
  });
});

describe("writeHarFile", () => {
  it("writes exchanges.har into the folder, made if missing, pretty-printed by one space, secrets scrubbed", async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), "cms-har-file-")), "new", "folder");
    const log = {
      entries: [
        {
          request: { method: "POST", url: `http://t/x?k=${PLANTED_TOKEN}`, headers: {} },
          startedAt: "2025-01-15T10:00:00.000Z",
          durationMs: 1,
          bodyCharsCut: 0,
        },
      ],
      seen: 1,
      dropped: 0,
      limit: 10,
      maxBodyChars: 100,
    };
    const file = await writeHarFile(
      log,
      { creatorVersion: "1", seed: 2, baseUrl: "http://t" },
      {
        outDir,
        secrets: [{ value: PLANTED_TOKEN, placeholder: "$CMS_TOKEN" }],
      },
    );
    expect(file).toBe(join(outDir, "exchanges.har"));
    const text = readFileSync(file, "utf8");
    expect(text.split("\n").slice(0, 3)).toEqual(["{", ' "log": {', '  "version": "1.2",']);
    expect(text).not.toContain(PLANTED_TOKEN);
    expect(text).toContain('"url": "http://t/x?k=$CMS_TOKEN"');
  });
});
