/**
 * Issue 24.3 end to end: a target echoes the token, the client id and two secret extra headers
 * (X-Backend-Pin, a name that looks harmless, marked by --secret-header; X-JWT-Assertion, a JWT) in every encoded form, in its body
 * and in its response headers; a run writes every report, and no written text — report.json,
 * junit.xml, index.html, exchanges.har, the console — shows any form of any of them.
 */
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { runWith } from "../cli/cliInProcess.js";
import { ECHO_FORMS, startHostileTarget, type HostileTarget } from "../../../reference/transport/hostileTarget.js";
import { shows } from "../support/secretOracle.js";

const SECRETS = {
  token: "tok-7Hq2kXsW9pLm4Rt8Vz",
  clientId: "client-5d3b9a1f7e2c",
  backendPin: "pin-Zr8Nq4Lk2Jh6Gf",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.q9Xv2Lk8Rt4Wm7Zp3Nc6Hb1Jd5Gf0Sa",
};

describe("encoded echoes of every secret in every written file", () => {
  let target: HostileTarget;
  beforeAll(async () => {
    target = await startHostileTarget();
  });
  afterAll(() => target.close());

  it("no report, HAR or console line shows any secret in any form", async () => {
    // Arrange
    const out = mkdtempSync(join(tmpdir(), "cms-encoded-echo-"));
    const args = [
      ["--base-url", target.baseUrlFor("echo-encoded-credentials")],
      ["--client-id", SECRETS.clientId, "--token", SECRETS.token],
      ["--header", `X-Backend-Pin: ${SECRETS.backendPin}`, "--secret-header", "X-Backend-Pin"],
      ["--header", `X-JWT-Assertion: ${SECRETS.jwt}`],
      ["--analytic-id", "analytic://tenant/a1", "--role", "role-a"],
      ["--checks", "http.valid-request-ok,schema.response-body", "--operation", "listLandingPages"],
      ["--seed", "3", "--max-examples", "1", "--format", "json,junit,html,har", "--out", out],
    ].flat();
    // Act
    const result = await runWith(args, {}, { executor: executeInProcess });
    // Assert: the run judged the echoes (they break the schema) and wrote every file.
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const files = readdirSync(out).sort();
    expect(files).toEqual(["exchanges.har", "index.html", "junit.xml", "report.json"]);
    const written: Record<string, string> = { console: result.stdout };
    for (const file of files) written[file] = readFileSync(join(out, file), "utf8");
    // The echoes reached every file: the placeholders stand where they were.
    for (const file of files) expect(written[file], file).toContain("$CMS_TOKEN");
    expect(written["report.json"]).toContain("$CMS_HEADER_X_BACKEND_PIN");
    expect(written["exchanges.har"]).toContain("$CMS_HEADER_X_JWT_ASSERTION");
    const tried: string[] = [];
    for (const [where, text] of Object.entries(written)) {
      for (const [secret, value] of Object.entries(SECRETS)) {
        for (const [form, { encode }] of Object.entries(ECHO_FORMS)) {
          for (const echoed of [value, `Bearer ${value}`]) {
            expect(text.includes(encode(echoed)), `${where}: ${secret} as ${form}`).toBe(false);
          }
        }
        expect(shows(text, value), `${where}: ${secret} in a form the oracle decodes`).toBe(false);
        tried.push(`${where} × ${secret}`);
      }
    }
    expect(tried).toHaveLength(5 * 4);
  });
});
