/**
 * The near-miss tokens of auth.near-miss-token-401 derive from the secret token, so the written
 * reports must hide them as they hide the token: run the check against a target that accepts
 * one of them (so its exchanges become failure evidence) and look for the token in every format.
 */
import { describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../reference/startReferenceServer.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { renderHtmlReport } from "../../../reports/html/renderHtmlReport.js";
import { renderJsonReport } from "../../../reports/writeJsonReport.js";
import { renderJunitReport } from "../../../reports/writeJunitReport.js";
import { runSecrets } from "../../../runner/engine/createTargetSession.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { runInProcess } from "./runInProcess.js";

describe("near-miss tokens in the reports", () => {
  it("appear only as placeholders that say how they were made", async () => {
    const server = await startReferenceServer({ seed: 2, fault: "token-last-char-ignored" });
    try {
      const layer = referenceRunConfig(server);
      const report = await runInProcess(layer, {
        checks: ["auth.near-miss-token-401"],
        operations: ["listLandingPages"],
      });
      expect(report.results.map((result) => result.outcome)).toEqual(["failed"]);
      const secrets = runSecrets(resolveRunSettings([layer])).map((secret) => secret.value);
      const texts = [
        JSON.stringify(report),
        renderJsonReport(report, secrets),
        renderHtmlReport(report, { secrets }),
        renderJunitReport(report, { secrets }),
      ];
      // Every near-miss shares the token's first n − 1 characters.
      const stem = server.credentials.token.slice(0, -1);
      for (const text of texts) expect(text.includes(stem)).toBe(false);
      expect(JSON.stringify(report)).toContain("$CMS_TOKEN_LAST_CHARACTER_CHANGED");
    } finally {
      await server.close();
    }
  });

  it("name the case-swapped token by its own placeholder, so the curl command sends what was sent", async () => {
    const server = await startReferenceServer({ seed: 2, fault: "token-case-insensitive" });
    try {
      const layer = referenceRunConfig(server);
      const report = await runInProcess(layer, {
        checks: ["auth.near-miss-token-401"],
        operations: ["listLandingPages"],
      });
      expect(report.results.map((result) => result.outcome)).toEqual(["failed"]);
      const secrets = runSecrets(resolveRunSettings([layer])).map((secret) => secret.value);
      const written = renderJsonReport(report, secrets);
      expect(written.toLowerCase().includes(server.credentials.token.toLowerCase())).toBe(false);
      expect(written).toContain("Bearer $CMS_TOKEN_LETTER_CASE_SWAPPED");
      expect(report.results[0]?.message).toContain("letter case of every letter swapped got status 200");
    } finally {
      await server.close();
    }
  });
});
