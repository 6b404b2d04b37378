/**
 * Up-front sanity (issue 13.9): one valid request per operation before the run; credentials the
 * target refuses everywhere, or no operation under the base URL, is one sentence and exit 2
 * instead of 80 failures.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { runCli, runWith } from "../cli/cliInProcess.js";

const ENV = { CMS_CLIENT_ID: "client-0a0a0a0a0a", CMS_TOKEN: "token-SECRET-0b0b0b0b" };

/** A target answering each path with the status `statusOf` gives, counting requests by path. */
async function statusTarget(
  statusOf: (path: string) => number,
): Promise<{ baseUrl: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    request.resume();
    const status = statusOf(request.url ?? "");
    response
      .writeHead(status, { "content-type": "application/json" })
      .end(status === 200 ? "{}" : JSON.stringify({ message: "no", error: "no" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const out = () => mkdtempSync(join(tmpdir(), "cms-preflight-"));

describe("preflight against targets that answer every operation alike", () => {
  let target: Awaited<ReturnType<typeof statusTarget>> | undefined;
  afterEach(() => target?.close());

  it("stops with one sentence when every operation answers 401, after one request per operation", async () => {
    target = await statusTarget(() => 401);
    const result = await runCli(["run", "--base-url", target.baseUrl, "--out", out()], ENV);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^cms-conformance run: the token or client id was refused by the target: every content management operation answered 401 to a valid request; check CMS_TOKEN and CMS_CLIENT_ID/,
    );
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toContain("SECRET");
    expect(target.requests).toHaveLength(5);
  });

  it("stops when the four content management operations answer 401, whatever getRoleFilters does (§5 does not say it needs the token)", async () => {
    target = await statusTarget((path) => (path.includes("/authorization/") ? 200 : 401));
    const result = await runCli(["run", "--base-url", target.baseUrl, "--out", out()], ENV);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the token or client id was refused by the target/);
  });

  it("stops with one sentence when every operation answers 404", async () => {
    target = await statusTarget(() => 404);
    const result = await runCli(["run", "--base-url", `${target.baseUrl}/api`, "--out", out()], ENV);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^cms-conformance run: no operation found under ${target.baseUrl}/api — check the path prefix`),
    );
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(target.requests).toHaveLength(5);
  });

  it("stops naming the operation and --operation-path when one listing answers 404 while the others answer", async () => {
    target = await statusTarget((path) => (path.endsWith("/listLandingPages") ? 404 : 200));
    const result = await runCli(["run", "--base-url", target.baseUrl, "--out", out()], ENV);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^cms-conformance run: an operation is not served where the run asks: listLandingPages \\(${target.baseUrl}/platform/cms/listLandingPages\\) answered 404 to a valid request while other operations answered; give where the deployment serves it with --operation-path listLandingPages=/…\\n$`,
      ),
    );
  });

  it("runs when an operation answers 401 alone, or a read answers 404 for an id it was never shown: those are the checks' business", async () => {
    target = await statusTarget((path) =>
      path.endsWith("/getAnalytic") ? 404 : path.endsWith("/getWidget") ? 401 : 200,
    );
    const result = await runWith(
      [
        "--base-url",
        target.baseUrl,
        "--checks",
        "auth.missing-token-401",
        "--operation",
        "listFactoryDefaultWidgets",
        "--max-examples",
        "1",
        "--out",
        out(),
      ],
      ENV,
      { executor: executeInProcess },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    // The listing answers 200 without a token: the check, not the preflight, says so.
    expect(result.stdout).toMatch(/FAIL .*listFactoryDefaultWidgets auth\.missing-token-401/);
  });

  it("stops with the Location when every operation answers a redirect", async () => {
    const server: Server = createServer((request, response) => {
      request.resume();
      response.writeHead(308, { location: "https://gateway.example/rest/" }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await runCli(["run", "--base-url", baseUrl, "--out", out()], ENV);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /every operation under .* answered a redirect \(308 to https:\/\/gateway\.example\/rest\/\); the suite follows none/,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("preflight against the reference server", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 8 });
  });
  afterAll(() => server.close());

  it("stops on a token the target does not know", async () => {
    const result = await runCli(["run", "--base-url", server.baseUrl, "--out", out()], {
      CMS_CLIENT_ID: server.credentials.clientId,
      CMS_TOKEN: "token-the-server-never-issued",
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the token or client id was refused by the target/);
  });

  it("stops on a restricted token the target refuses, naming it, without running a check", async () => {
    const result = await runCli(["run", "--base-url", server.baseUrl, "--out", out()], {
      CMS_CLIENT_ID: server.credentials.clientId,
      CMS_TOKEN: server.credentials.token,
      CMS_RESTRICTED_TOKEN: "restricted-token-the-server-never-issued",
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cms-conformance run: the restricted token was refused by the target/);
    expect(result.stderr).not.toContain("never-issued");
  });

  it("stops when the restricted token is the main token", async () => {
    const result = await runCli(["run", "--base-url", server.baseUrl, "--out", out()], {
      CMS_CLIENT_ID: server.credentials.clientId,
      CMS_TOKEN: server.credentials.token,
      CMS_RESTRICTED_TOKEN: server.credentials.token,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the restricted token is the main token/);
  });

  it("stops naming getWidget when only it is served elsewhere (a listed widget answered 404 without the §7 body)", async () => {
    const result = await runCli(
      [
        "run",
        "--base-url",
        server.baseUrl,
        "--operation-path",
        "getWidget=/platform/cms/queries/getWidget",
        "--out",
        out(),
      ],
      { CMS_CLIENT_ID: server.credentials.clientId, CMS_TOKEN: server.credentials.token },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /not served where the run asks: getWidget \(.*\/queries\/getWidget\).*--operation-path getWidget=/,
    );
  });

  it("stops on a wrong path prefix", async () => {
    const result = await runCli(["run", "--base-url", `${server.baseUrl}/cms/v1`, "--out", out()], {
      CMS_CLIENT_ID: server.credentials.clientId,
      CMS_TOKEN: server.credentials.token,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no operation found under .*\/cms\/v1 — check the path prefix/);
  });
});
