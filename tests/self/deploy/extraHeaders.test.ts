/**
 * --header: sent on every request, values of secret-looking names redacted from every output,
 * and a header that cannot be sent refused with exit 2.
 */
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "./runBin.js";
import { main } from "../../../cli/main.js";
import type { ReferenceRequestRecord } from "../../../reference/http/ReferenceRequestRecord.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { runSecrets } from "../../../runner/engine/createTargetSession.js";
import { resolveExtraHeaders } from "../../../runner/settings/resolveExtraHeaders.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { reproduceCommand } from "../../../runner/report/reproduceCommand.js";

const API_KEY = "k-9f3c2a71-secret-api-key";
const TENANT = "acme-tenant-7";

describe("--header against a local target", () => {
  let server: RunningReferenceServer;
  const seen: ReferenceRequestRecord[] = [];
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 5, onRequest: (record) => seen.push(record) });
  });
  afterAll(() => server.close());

  it("sends the headers on every request and redacts the secret one from every output", async () => {
    // Arrange: a fault, so that a failure carries evidence and a curl command with every header.
    const out = mkdtempSync(join(tmpdir(), "cms-headers-"));
    const env = { CMS_CLIENT_ID: server.credentials.clientId, CMS_TOKEN: server.credentials.token };
    const args = [
      "run",
      "--base-url",
      server.faultBaseUrl("pagination-default-20"),
      "--checks",
      "pagination.default-first-10",
      "--seed",
      "2",
      "--out",
      out,
      "--header",
      `X-Api-Key: ${API_KEY}`,
      "--header",
      `X-Tenant:${TENANT}`,
    ];
    // Act
    const result = await runBin(args, env);
    // Assert
    expect(result.code).toBe(1);
    expect(seen.length).toBeGreaterThan(2);
    for (const record of seen) expect(record.headers).toMatchObject({ "x-api-key": API_KEY, "x-tenant": TENANT });
    const outputs = [
      result.stdout,
      result.stderr,
      ...readdirSync(out).map((name) => readFileSync(join(out, name), "utf8")),
    ];
    for (const text of outputs) expect(text).not.toContain(API_KEY);
    const report = readFileSync(join(out, "report.json"), "utf8");
    expect(report).toContain("X-Api-Key: $CMS_HEADER_X_API_KEY"); // in the curl command that reproduces the failure
    expect(report).toContain(`X-Tenant: ${TENANT}`); // a name that does not look secret is shown as is
  });

  it.each([
    [["--header", "X Api: 1"], /the header "X Api" cannot be sent: a header name holds only/],
    [["--header", "X-Note: one\ntwo"], /the header "X-Note" cannot be sent: its value holds a newline/],
    [["--header", "X-Note: caf\u0113"], /outside Latin-1/],
    [
      ["--header", "Authorization: Bearer abc"],
      /"Authorization" cannot be sent: the suite sends the bearer token per request/,
    ],
    [["--header", "client_id: abc"], /--client-id/],
    [["--header", "Content-Length: 3"], /the HTTP client sets it itself/],
    [["--header", "X-Api-Key: abc"], /cannot be redacted/],
    [["--header", "no colon here"], /--header takes 'Name: value'/],
    [["--header", "X-A: 1", "--header", "x-a: 2"], /given twice/],
    [["--operation-path", "getWidgets=/x"], /unknown operation "getWidgets"/],
    [["--operation-path", "getWidget=platform/x"], /the path of getWidget must start with \//],
    [["--operation-path", "getWidget"], /--operation-path takes OPERATION=\/path/],
    [
      ["--operation-path", "getWidget=/platform/cms/getAnalytic"],
      /getAnalytic and getWidget would both be at \/platform\/cms\/getAnalytic/,
    ],
  ])("refuses %j with exit 2 and one sentence", async (flags, message) => {
    let stderr = "";
    const io = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      readStdin: async () => "",
    };
    const code = await main(
      ["run", "--base-url", server.baseUrl, "--client-id", "c-1234", "--token", "t-1234", ...flags],
      io,
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("extra headers in the settings", () => {
  const base = { baseUrl: "http://127.0.0.1:9", clientId: "client-1", token: "token-1" };

  it("merges the config file's headers with the flags', a later layer winning per name whatever its case", () => {
    const settings = resolveRunSettings([
      { ...base, headers: { "X-Tenant": "file", "X-Trace": "on" } },
      { headers: { "x-tenant": "flag" } },
    ]);
    expect(settings.headers).toEqual({ "x-tenant": "flag", "X-Trace": "on" });
  });

  it("registers secret-looking values as secrets with a placeholder named after the header", () => {
    const settings = resolveRunSettings([
      {
        ...base,
        headers: {
          "X-Api-Key": "key-value",
          Cookie: "session=abcdef",
          "X-Session-Token": "tok-value",
          "X-Tenant": "acme",
        },
      },
    ]);
    const secrets = runSecrets(settings).filter((secret) => secret.placeholder.startsWith("$CMS_HEADER_"));
    expect(secrets).toEqual([
      { value: "key-value", placeholder: "$CMS_HEADER_X_API_KEY" },
      { value: "session=abcdef", placeholder: "$CMS_HEADER_COOKIE" },
      { value: "tok-value", placeholder: "$CMS_HEADER_X_SESSION_TOKEN" },
    ]);
  });

  it("puts headers and operation paths in the command line that reproduces the run, secrets as variables", () => {
    const settings = resolveRunSettings([
      {
        ...base,
        headers: { "X-Api-Key": "key-value", "X-Tenant": "acme corp" },
        operationPaths: { getWidget: "/platform/cms/queries/getWidget" },
      },
    ]);
    const command = reproduceCommand(settings);
    expect(command).toBe(
      'cms-conformance run --base-url http://127.0.0.1:9 --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN"' +
        ` --header "X-Api-Key: $CMS_HEADER_X_API_KEY" --header 'X-Tenant: acme corp'` +
        ` --operation-path getWidget=/platform/cms/queries/getWidget --seed ${settings.seed}`,
    );
    expect(command).not.toContain("key-value");
  });

  it("counts as secret a header --secret-header names, one named like a JWT or password, and one whose value is shaped like a credential", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg";
    const settings = resolveRunSettings([
      {
        ...base,
        headers: {
          "X-Custom-Thing": "custom-secret-1",
          "X-Api-Pw": "pw-value-1",
          "X-JWT-Assertion": "assertion-1",
          "X-Forwarded-Credential-Shape": jwt,
          "X-Upstream": "Bearer upstream-token-1",
          "X-Tenant": "acme",
        },
        secretHeaders: ["x-custom-thing"],
      },
    ]);
    const secrets = runSecrets(settings).filter((secret) => secret.placeholder.startsWith("$CMS_HEADER_"));
    expect(secrets.map((secret) => secret.placeholder)).toEqual([
      "$CMS_HEADER_X_CUSTOM_THING",
      "$CMS_HEADER_X_API_PW",
      "$CMS_HEADER_X_JWT_ASSERTION",
      "$CMS_HEADER_X_FORWARDED_CREDENTIAL_SHAPE",
      "$CMS_HEADER_X_UPSTREAM",
    ]);
    const command = reproduceCommand(settings);
    for (const value of ["custom-secret-1", "pw-value-1", "assertion-1", jwt, "upstream-token-1"])
      expect(command).not.toContain(value);
    expect(command).toBe(
      'cms-conformance run --base-url http://127.0.0.1:9 --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN"' +
        ' --header "X-Custom-Thing: $CMS_HEADER_X_CUSTOM_THING" --header "X-Api-Pw: $CMS_HEADER_X_API_PW"' +
        ' --header "X-JWT-Assertion: $CMS_HEADER_X_JWT_ASSERTION"' +
        ' --header "X-Forwarded-Credential-Shape: $CMS_HEADER_X_FORWARDED_CREDENTIAL_SHAPE"' +
        ` --header "X-Upstream: $CMS_HEADER_X_UPSTREAM" --header 'X-Tenant: acme' --secret-header x-custom-thing` +
        ` --seed ${settings.seed}`,
    );
  });

  it("refuses a --secret-header that names no extra header, and a secret header too short to redact", () => {
    expect(() => resolveRunSettings([{ ...base, headers: { "X-A": "value-1" }, secretHeaders: ["X-B"] }])).toThrow(
      /names "X-B", which is no extra header of the run; give the name of a header given with --header/,
    );
    expect(() => resolveRunSettings([{ ...base, headers: { "X-A": "abc" }, secretHeaders: ["x-a"] }])).toThrow(
      /cannot be redacted/,
    );
  });

  it("keeps tabs and spaces inside a value and refuses a carriage return", () => {
    expect(resolveExtraHeaders([{ "X-Note": "a\tb c" }])).toEqual({ "X-Note": "a\tb c" });
    expect(() => resolveExtraHeaders([{ "X-Note": "a\rb" }])).toThrow(/newline/);
  });
});
