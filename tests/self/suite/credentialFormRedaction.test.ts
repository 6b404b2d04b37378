/**
 * The credential forms of auth.token-form-refused and auth.client-id-form-refused put the token and the
 * client id where no other check does: the query string, odd header names, a scheme other than Bearer.
 * Against faults that accept those forms (so their exchanges become failure evidence), no written
 * report shows either secret, and the placeholders stand where they were sent.
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

const CASES = [
  { fault: "token-in-query-accepted", check: "auth.token-form-refused", shown: "access_token=$CMS_TOKEN" },
  { fault: "token-without-bearer-accepted", check: "auth.token-form-refused", shown: "Token $CMS_TOKEN" },
  { fault: "client-id-in-query-accepted", check: "auth.client-id-form-refused", shown: "client_id=$CMS_CLIENT_ID" },
  {
    fault: "client-id-header-alias-accepted",
    check: "auth.client-id-form-refused",
    shown: `"X-Client-Id":"$CMS_CLIENT_ID"`,
  },
] as const;

describe("credentials in forms §5 does not define, in the reports", () => {
  it.each(CASES)("$fault: appear only as placeholders", async ({ fault, check, shown }) => {
    const server = await startReferenceServer({ seed: 3, fault });
    try {
      const layer = referenceRunConfig(server);
      const report = await runInProcess(layer, { checks: [check], operations: ["listLandingPages"] });
      expect(report.results.map((result) => result.outcome)).toEqual(["failed"]);
      const secrets = runSecrets(resolveRunSettings([layer])).map((secret) => secret.value);
      const texts = [
        JSON.stringify(report),
        renderJsonReport(report, secrets),
        renderHtmlReport(report, { secrets }),
        renderJunitReport(report, { secrets }),
      ];
      for (const text of texts) {
        expect(text.includes(server.credentials.token)).toBe(false);
        expect(text.includes(server.credentials.clientId)).toBe(false);
      }
      expect(JSON.stringify(report)).toContain(shown);
    } finally {
      await server.close();
    }
  });
});
