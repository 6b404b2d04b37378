import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { reproduceCommand, shellQuote } from "../../../runner/report/reproduceCommand.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";

const TOKEN = "tok_live_secret_123";
const RESTRICTED = "tok_restricted_456";
const CLIENT = "client-id-789";

/** The argv a POSIX shell makes of `command`, with the secrets exported as their variables. */
function shellArgv(command: string): string[] {
  const output = execFileSync("sh", ["-c", `set -- ${command}; printf '%s\\0' "$@"`], {
    env: { PATH: process.env.PATH ?? "", CMS_TOKEN: TOKEN, CMS_RESTRICTED_TOKEN: RESTRICTED, CMS_CLIENT_ID: CLIENT },
    encoding: "utf8",
  });
  return output.split("\0").slice(0, -1);
}

const external = resolveRunSettings([
  {
    baseUrl: "https://cms.example.com/api",
    clientId: CLIENT,
    token: TOKEN,
    restrictedToken: RESTRICTED,
    analyticIds: ["analytic://acme/pie 1", "analytic://acme/bar"],
    roles: ["admin", "it's me"],
    domainName: "hr",
    serviceName: "payroll",
    profile: "strict",
    checks: ["pagination.*", "http.no-server-error"],
    excludeChecks: ["pagination.past-end-empty"],
    operations: ["listLandingPages", "getWidget"],
    seed: 77,
    maxExamples: 25,
    timeoutMs: 3000,
    concurrency: 2,
    rateLimit: 5,
    maxPageSize: 40,
    maxPages: 7,
  },
]);

describe("reproduceCommand", () => {
  it("names every non-default option and the seed, and a shell reads back the same values", () => {
    const command = reproduceCommand({ ...external, insecure: true, waivers: "acceptance/waivers 2025.json" });
    expect(shellArgv(command)).toEqual([
      "cms-conformance",
      "run",
      "--base-url",
      "https://cms.example.com/api",
      "--client-id",
      CLIENT,
      "--token",
      TOKEN,
      "--restricted-token",
      RESTRICTED,
      "--analytic-id",
      "analytic://acme/pie 1",
      "--analytic-id",
      "analytic://acme/bar",
      "--role",
      "admin",
      "--role",
      "it's me",
      "--domain-name",
      "hr",
      "--service-name",
      "payroll",
      "--insecure",
      "--profile",
      "strict",
      "--checks",
      "pagination.*,http.no-server-error",
      "--exclude-checks",
      "pagination.past-end-empty",
      "--operation",
      "listLandingPages",
      "--operation",
      "getWidget",
      "--waivers",
      "acceptance/waivers 2025.json",
      "--seed",
      "77",
      "--max-examples",
      "25",
      "--timeout",
      "3000",
      "--concurrency",
      "2",
      "--rate-limit",
      "5/s",
      "--max-page-size",
      "40",
      "--max-pages",
      "7",
    ]);
  });

  it("writes secrets only as $CMS_TOKEN, $CMS_RESTRICTED_TOKEN and $CMS_CLIENT_ID", () => {
    const command = reproduceCommand(external);
    for (const secret of [TOKEN, RESTRICTED, CLIENT]) expect(command).not.toContain(secret);
    expect(command).toContain('--token "$CMS_TOKEN"');
    expect(command).toContain('--restricted-token "$CMS_RESTRICTED_TOKEN"');
    expect(command).toContain('--client-id "$CMS_CLIENT_ID"');
  });

  it("leaves defaults out and keeps the seed; the embedded reference target needs no target options", () => {
    const embedded = resolveRunSettings(
      [{ baseUrl: "http://127.0.0.1:39123", clientId: CLIENT, token: TOKEN, roles: ["admin"], seed: 5 }],
      true,
    );
    expect(reproduceCommand(embedded)).toBe("cms-conformance run --seed 5");
    const plain = resolveRunSettings([{ baseUrl: "http://127.0.0.1:4010", clientId: CLIENT, token: TOKEN, seed: 0 }]);
    expect(reproduceCommand(plain)).toBe(
      'cms-conformance run --base-url http://127.0.0.1:4010 --client-id "$CMS_CLIENT_ID" --token "$CMS_TOKEN" --seed 0',
    );
  });

  it("quotes what a shell would expand or split", () => {
    for (const value of ["$HOME", "a b", "it's", "x;rm -rf /", "`id`", "*", ""])
      expect(shellArgv(`printf ${shellQuote(value)}`)).toEqual(["printf", value]);
  });
});
