/**
 * Issue 50.7 end to end: a target echoes long fragments of the token and of the client id — 28 of the
 * token's 38 characters, the token with a character inserted — plain, in every encoded form and in its
 * response headers; no written text (report.json, junit.xml, index.html, exchanges.har, the console) shows
 * any 16 consecutive characters of either secret, in any form the oracle decodes.
 */
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import {
  credentialFragments,
  ECHO_FORMS,
  startHostileTarget,
  type HostileTarget,
} from "../../../reference/transport/hostileTarget.js";
import { runWith } from "../cli/cliInProcess.js";
import { shows } from "../support/secretOracle.js";

const SECRETS = { token: "tok-7Hq2kXsW9pLm4Rt8Vz3Nc6Hb1Jd5Gf0Sa2", clientId: "client-5d3b9a1f7e2c4b8a60e1f2a3b4c5d6" };

/** Every stretch of 16 characters of a value. */
const windows = (value: string): string[] =>
  Array.from({ length: value.length - 15 }, (_, at) => value.slice(at, at + 16));

describe("long fragments of secrets echoed by the target, in every written file", () => {
  let target: HostileTarget;
  beforeAll(async () => {
    target = await startHostileTarget();
  });
  afterAll(() => target.close());

  it("no report, HAR or console line shows 16 consecutive characters of a secret in any form", async () => {
    expect(SECRETS.token).toHaveLength(38);
    expect(credentialFragments(SECRETS.token).inner).toHaveLength(28);
    const out = mkdtempSync(join(tmpdir(), "cms-fragment-echo-"));
    const args = [
      ["--base-url", target.baseUrlFor("echo-credential-fragments")],
      ["--client-id", SECRETS.clientId, "--token", SECRETS.token],
      ["--analytic-id", "analytic://tenant/a1", "--role", "role-a"],
      ["--checks", "http.valid-request-ok,schema.response-body", "--operation", "listLandingPages"],
      ["--seed", "3", "--max-examples", "1", "--format", "json,junit,html,har", "--out", out],
    ].flat();
    const result = await runWith(args, {}, { executor: executeInProcess });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const files = readdirSync(out).sort();
    expect(files).toEqual(["exchanges.har", "index.html", "junit.xml", "report.json"]);
    const written: Record<string, string> = { console: result.stdout };
    for (const file of files) written[file] = readFileSync(join(out, file), "utf8");
    // The echoes reached the files: the fragments stand as placeholders.
    expect(written["report.json"]).toMatch(/seen \$CMS_TOKEN here/);
    expect(written["exchanges.har"]).toMatch(/seen \$CMS_CLIENT_ID here/);
    for (const [where, text] of Object.entries(written)) {
      for (const [secret, value] of Object.entries(SECRETS)) {
        for (const window of windows(value)) {
          expect(text.toLowerCase().includes(window.toLowerCase()), `${where}: ${secret} ${window}`).toBe(false);
          expect(shows(text, window), `${where}: ${secret} ${window} in a form the oracle decodes`).toBe(false);
        }
        for (const [kind, fragment] of Object.entries(credentialFragments(value)))
          for (const [form, { encode }] of Object.entries(ECHO_FORMS))
            expect(text.includes(encode(fragment)), `${where}: ${secret} ${kind} as ${form}`).toBe(false);
      }
    }
  });
});
