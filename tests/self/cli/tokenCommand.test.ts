/**
 * --token-command (issue 27.2): the token a command prints is the run's, and a token that expires in the
 * middle of a run is obtained anew after its 401 and the request sent again, so the run passes clean; no
 * token the command printed appears in any output. Runs the CLI in process against the reference behind a
 * proxy whose tokens expire (tests/self/support/tokenRotatingProxy.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFileOf } from "../../../cli/configFileKeys.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { executeWithVitest } from "../../../runner/execute/executeWithVitest.js";
import { listenForLearnedSecrets } from "../../../runner/http/learnedSecrets.js";
import { runTokenCommand } from "../../../runner/http/runTokenCommand.js";
import { planRun } from "../../../runner/planRun.js";
import { resolveRunSettings } from "../../../runner/settings/resolveRunSettings.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { referenceRunConfig } from "../../../reference/referenceRunConfig.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { startTokenRotatingProxy, type TokenRotatingProxy } from "../support/tokenRotatingProxy.js";
import { runWith } from "./cliInProcess.js";
import type { RunReport } from "../../../runner/model/RunReport.js";

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 11 });
});
afterAll(() => server.close());

/** A config file for the proxy in front of the reference, without the main token (nor the restricted one when asked). */
function configFile(baseUrl: string, { withoutRestrictedToken = false } = {}): string {
  const { token: _token, restrictedToken, ...rest } = referenceRunConfig(server, baseUrl);
  const config = withoutRestrictedToken ? rest : { ...rest, restrictedToken };
  const file = join(mkdtempSync(join(tmpdir(), "cms-token-command-")), "config.json");
  writeFileSync(file, JSON.stringify(configFileOf(config)));
  return file;
}

/** Every file the run wrote, and what it printed. */
function outputsOf(outDir: string, printed: { stdout: string; stderr: string }): string[] {
  return [
    printed.stdout,
    printed.stderr,
    ...readdirSync(outDir).map((name) => readFileSync(join(outDir, name), "utf8")),
  ];
}

describe("--token-command", () => {
  let proxy: TokenRotatingProxy;
  afterAll(() => proxy?.close());

  it("renews a token that expires mid-run: the run passes clean and no token it printed is written anywhere", async () => {
    proxy = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, 150);
    const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
    const result = await runWith(
      [
        ...["--config", configFile(proxy.baseUrl)],
        ...["--token-command", proxy.tokenCommand()],
        ...["--max-examples", "3", "--seed", "5", "--out", outDir, "--format", "json,junit,html,har"],
      ],
      {},
      { executor: executeInProcess },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // The first token at start, then a new one after each expiry the run met.
    expect(proxy.issued().length).toBeGreaterThanOrEqual(3);
    expect(proxy.expiredRefusals()).toBeGreaterThanOrEqual(2);
    const outputs = outputsOf(outDir, result);
    for (const token of proxy.issued())
      expect(
        outputs.findIndex((text) => text.includes(token)),
        token,
      ).toBe(-1);
    const report = JSON.parse(readFileSync(join(outDir, "report.json"), "utf8")) as {
      verdict: string;
      meta: { notes: string[] };
    };
    expect(report.verdict).toBe("pass");
    expect(report.meta.notes).toContain(
      `A bearer token expired mid-run and was obtained anew ${proxy.issued().length - 1} times (--token-command or --restricted-token-command); the requests that met the expiry were sent again with it.`,
    );
  });

  it("renews the restricted user's token too (--restricted-token-command), beside the main one", async () => {
    // A token must outlive the requests in flight when it expires (up to 64, --max-concurrency's range): those
    // sent again with the token obtained anew use it up at once otherwise, whatever the client does.
    const restricted = await startTokenRotatingProxy(server.baseUrl, server.credentials.restrictedToken, 64, {
      name: "restricted-proxy",
    });
    const main = await startTokenRotatingProxy(restricted.baseUrl, server.credentials.token, 150);
    try {
      const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
      const result = await runWith(
        [
          ...["--config", configFile(main.baseUrl, { withoutRestrictedToken: true })],
          ...["--token-command", main.tokenCommand(), "--restricted-token-command", restricted.tokenCommand()],
          ...["--max-examples", "3", "--seed", "5", "--out", outDir, "--format", "json,junit,html,har"],
        ],
        {},
        { executor: executeInProcess },
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(restricted.expiredRefusals()).toBeGreaterThanOrEqual(2);
      expect(restricted.issued().length).toBeGreaterThanOrEqual(3);
      const report = JSON.parse(readFileSync(join(outDir, "report.json"), "utf8")) as {
        verdict: string;
        results: { family: string; outcome: string }[];
        meta: { notes: string[] };
      };
      expect(report.verdict).toBe("pass");
      // The restricted user's checks ran with its renewed tokens, none skipped for want of one.
      const permissions = report.results.filter((verdict) => verdict.family === "permissions");
      expect(permissions.length).toBeGreaterThan(0);
      expect(permissions.filter((verdict) => verdict.outcome === "skipped")).toEqual([]);
      expect(report.meta.notes).toContain(
        `A bearer token expired mid-run and was obtained anew ${main.issued().length - 1 + restricted.issued().length - 1} times (--token-command or --restricted-token-command); the requests that met the expiry were sent again with it.`,
      );
      const outputs = outputsOf(outDir, result);
      for (const token of [...main.issued(), ...restricted.issued()])
        expect(
          outputs.findIndex((text) => text.includes(token)),
          token,
        ).toBe(-1);
    } finally {
      await main.close();
      await restricted.close();
    }
  });

  it("runs the command no more once the target refuses the token just obtained mid-run (a 401 to every credential)", async () => {
    const revoking = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, 60, { acceptedTokens: 1 });
    try {
      const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
      const result = await runWith(
        [
          ...["--config", configFile(revoking.baseUrl), "--token-command", revoking.tokenCommand()],
          ...["--max-examples", "3", "--out", outDir, "--format", "json"],
        ],
        {},
        { executor: executeInProcess },
      );
      expect(result.code).toBe(1);
      // Many requests met the 401, the first token at start and one more after the first expiry.
      expect(revoking.expiredRefusals()).toBeGreaterThan(50);
      expect(revoking.issued()).toHaveLength(2);
    } finally {
      await revoking.close();
    }
  });

  it("through the vitest worker (npm start's path): the CLI process's writers redact every token the worker obtained", async () => {
    const rotating = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, 40);
    try {
      const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
      // A command line may hold a secret of its own (a client secret): it is written nowhere either.
      const command = `${rotating.tokenCommand()} # --client-secret s3cr3t-in-the-command-line`;
      const result = await runWith(
        [
          ...["--config", configFile(rotating.baseUrl), "--token-command", command],
          ...["--checks", "pagination.*,schema.*", "--max-examples", "2", "--seed", "3"],
          ...["--out", outDir, "--format", "json,junit,html,har"],
        ],
        {},
        {},
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      // Tokens obtained in the worker: the first one at start in the CLI process, the others mid-run.
      expect(rotating.issued().length).toBeGreaterThanOrEqual(3);
      const outputs = outputsOf(outDir, result);
      expect(outputs).toHaveLength(2 + 4);
      // The exchanges that carried the renewed tokens reached the reports, with the placeholder in their place.
      expect(readFileSync(join(outDir, "report.json"), "utf8")).toContain("Bearer $CMS_TOKEN");
      for (const secret of [...rotating.issued(), "s3cr3t-in-the-command-line"])
        expect(
          outputs.findIndex((text) => text.includes(secret)),
          secret,
        ).toBe(-1);
    } finally {
      await rotating.close();
    }
  });

  it("the CLI process has learned every token the vitest worker obtained when the run returns: the writers' own layer of redaction", async () => {
    // The worker redacts its exchanges too; this layer is the one a pool of processes instead of threads would lose.
    const rotating = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, 40);
    const listener = listenForLearnedSecrets();
    try {
      const tokenCommand = rotating.tokenCommand();
      const settings = resolveRunSettings([
        referenceRunConfig(server, rotating.baseUrl),
        { token: await runTokenCommand(tokenCommand, "--token-command"), tokenCommand, seed: 3, maxExamples: 2 },
      ]);
      const planned = planRun(settings, CHECK_CATALOGUE).filter(({ check }) => check.id.startsWith("pagination."));
      const execution = await executeWithVitest(settings, planned, () => undefined);
      expect(execution.runErrors).toEqual([]);
      const renewed = rotating.issued().slice(1);
      expect(renewed.length).toBeGreaterThanOrEqual(2);
      expect(listener.secrets()).toEqual(renewed.map((value) => ({ value, placeholder: "$CMS_TOKEN" })));
    } finally {
      listener.close();
      await rotating.close();
    }
  });

  it("runs the command once when no token expires: a 401 to a wrong or missing client_id beside the valid token is the answer asked for", async () => {
    const lasting = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, Number.MAX_SAFE_INTEGER);
    try {
      const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
      const result = await runWith(
        [
          ...["--config", configFile(lasting.baseUrl), "--token-command", lasting.tokenCommand()],
          ...["--checks", "auth.*,errors.unauthorized-body", "--out", outDir, "--format", "json"],
        ],
        {},
        { executor: executeInProcess },
      );
      expect(result.code).toBe(0);
      expect(lasting.issued()).toHaveLength(1);
      const report = JSON.parse(readFileSync(join(outDir, "report.json"), "utf8")) as {
        results: { checkId: string; outcome: string }[];
        meta: { notes: string[] };
      };
      // The probes ran and got their 401s: the client-id checks passed on every operation.
      const clientIdVerdicts = report.results.filter((verdict) => verdict.checkId.startsWith("auth.invalid-client-id"));
      expect(clientIdVerdicts.map((verdict) => verdict.outcome)).toEqual(Array(5).fill("passed"));
      expect(report.meta.notes.filter((note) => note.includes("obtained anew"))).toEqual([]);
    } finally {
      await lasting.close();
    }
  });

  it("ends the run with exit 2 and one sentence when the command fails on refresh: no verdict of the target fails for it, and those judged before keep their outcome (issue 41.2)", async () => {
    const expiring = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, 150);
    try {
      const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
      const once = join(outDir, "ran-once");
      const command = `if [ -e '${once}' ]; then exit 5; fi; touch '${once}'; ${expiring.tokenCommand()}`;
      const result = await runWith(
        ["--config", configFile(expiring.baseUrl), "--token-command", command, "--max-examples", "3", "--out", outDir],
        {},
        { executor: executeInProcess },
      );
      const sentence =
        "a token expired mid-run and could not be obtained anew: the --token-command command exited with status 5; run it by hand to see why; the verdicts still open then are errors, not failures of the target";
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`cms-conformance run: ${sentence}\n`);
      const report = JSON.parse(readFileSync(join(outDir, "report.json"), "utf8")) as RunReport;
      expect(report.meta.suiteTrouble).toBe(sentence);
      expect(report.verdict).toBe("fail");
      expect(report.meta.gateFailures).toContain(`the suite's own trouble ended the run: ${sentence}`);
      expect(report.results.filter((verdict) => verdict.outcome === "failed")).toEqual([]);
      expect(report.summary.passed, "verdicts judged before the token expired keep their outcome").toBeGreaterThan(0);
      expect(report.summary.errors).toBeGreaterThan(0);
      expect(report.meta.notes).toContain(
        "A token could not be obtained anew after a 401: the --token-command command exited with status 5; run it by hand to see why; the run stopped there (the suite's own trouble).",
      );
    } finally {
      await expiring.close();
    }
  });

  it("stops before running (exit 2) when the target refuses even a token just obtained, having run the command at most twice", async () => {
    const refusing = await startTokenRotatingProxy(server.baseUrl, server.credentials.token, 0);
    try {
      const outDir = mkdtempSync(join(tmpdir(), "cms-token-command-out-"));
      const result = await runWith(
        ["--config", configFile(refusing.baseUrl), "--token-command", refusing.tokenCommand(), "--out", outDir],
        {},
        { executor: executeInProcess },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/401/);
      expect(refusing.issued().length).toBeLessThanOrEqual(2);
      for (const token of refusing.issued()) expect(result.stderr.includes(token)).toBe(false);
    } finally {
      await refusing.close();
    }
  });

  it("stops before running (exit 2) in one sentence when the command fails, repeating nothing it printed", async () => {
    const result = await runWith(
      ["--config", configFile(server.baseUrl), "--token-command", "echo half-printed-token; exit 4"],
      {},
      { executor: executeInProcess },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "cms-conformance run: the --token-command command exited with status 4; run it by hand to see why\n",
    );
  });

  it("refuses --token-command beside a token from another source", async () => {
    const result = await runWith(
      ["--config", configFile(server.baseUrl), "--token-command", "echo x"],
      { CMS_TOKEN: "from-the-environment" },
      { executor: executeInProcess },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/both --token and --token-command are given/);
  });
});
