import { describe, expect, it } from "vitest";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeReports } from "../../../reports/writeReports.js";
import { redactSecrets, REDACTED } from "../../../runner/http/redactSecrets.js";
import { redactReport } from "../../../reports/redactReport.js";
import { ConsoleReporter } from "../../../reports/console/ConsoleReporter.js";
import {
  makeExchange,
  makeResult,
  makeRunReport,
  PLANTED_CLIENT_ID,
  PLANTED_SECRETS,
  PLANTED_TOKEN,
} from "./runReportFixture.js";

/** Every form a leaked secret could take in our outputs. */
function leakForms(secret: string): string[] {
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
    Buffer.from(secret).toString("base64"),
  ];
}

describe("secrets never reach an output", () => {
  it("writes all three formats and none holds the planted token or client id", async () => {
    const outDir = join(await mkdtemp(join(tmpdir(), "cms-reports-")), "nested", "out");
    const paths = await writeReports(makeRunReport(), { outDir, secrets: PLANTED_SECRETS });
    expect(Object.keys(paths).sort()).toEqual(["html", "json", "junit"]);
    const files = await readdir(outDir);
    expect(files.sort()).toEqual(["index.html", "junit.xml", "report.json"]);
    for (const file of files) {
      const text = await readFile(join(outDir, file), "utf8");
      for (const secret of PLANTED_SECRETS)
        for (const form of leakForms(secret)) expect(text, `${file} holds ${form}`).not.toContain(form);
      expect(text, file).toContain(REDACTED);
    }
  });

  it("writes only the formats asked for", async () => {
    const outDir = await mkdtemp(join(tmpdir(), "cms-reports-"));
    const paths = await writeReports(makeRunReport(), { outDir, formats: ["junit"] });
    expect(paths).toEqual({ junit: join(outDir, "junit.xml") });
  });

  it("masks credential headers even when the secret values are not given", () => {
    const report = makeRunReport([
      makeResult({ outcome: "failed", evidence: [{ label: "x", exchange: makeExchange() }] }),
    ]);
    const headers = redactReport(report, []).results[0]?.evidence[0]?.exchange.request.headers;
    expect(headers).toEqual({
      authorization: `Bearer ${REDACTED}`,
      client_id: REDACTED,
      "content-type": "application/json",
    });
    const placeholder = redactReport(
      makeRunReport([
        makeResult({
          evidence: [
            {
              label: "y",
              exchange: makeExchange({
                request: { method: "POST", url: "u", headers: { Authorization: "Bearer $CMS_TOKEN" } },
              }),
            },
          ],
        }),
      ]),
      [],
    );
    expect(placeholder.results[0]?.evidence[0]?.exchange.request.headers).toEqual({
      Authorization: "Bearer $CMS_TOKEN",
    });
  });

  it("redacts the JSON-escaped form and leaves secrets shorter than four characters in free text", () => {
    const quoted = 'ab"cd\\ef';
    expect(redactSecrets(`x ${JSON.stringify(quoted)} y`, [quoted])).toBe(`x "${REDACTED}" y`);
    expect(redactSecrets("abc abc", ["abc"])).toBe("abc abc");
  });

  it("keeps secrets out of the console too", () => {
    let out = "";
    const reporter = new ConsoleReporter({
      stream: { write: (chunk: string) => (out += chunk) },
      env: {},
      secrets: PLANTED_SECRETS,
    });
    const report = makeRunReport([
      makeResult({ outcome: "failed", message: `echoed ${PLANTED_TOKEN} and ${PLANTED_CLIENT_ID}` }),
    ]);
    reporter.onRunStart({ target: "http://127.0.0.1:4010", profile: "default", checks: 1 });
    for (const result of report.results) reporter.onResult(result);
    reporter.onRunEnd(report, { json: "/tmp/out/report.json" });
    for (const secret of PLANTED_SECRETS) expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });
});
