/** --wait-for-target (issue 27.3): the run waits for a target started in the background, or stops in one sentence. */
import { mkdtempSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { executeInProcess } from "../../../checks/executeInProcess.js";
import { runCommand } from "../../../cli/commands/run.js";
import type { CliIo } from "../../../cli/io.js";
import { runCli, runWith } from "./cliInProcess.js";

const out = () => mkdtempSync(join(tmpdir(), "cms-wait-"));
const ENV = { CMS_CLIENT_ID: "client-6a6a6a6a6a", CMS_TOKEN: "token-6b6b6b6b6b6b" };

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let server: RunningReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("--wait-for-target", () => {
  it("waits for a target that starts later, then runs", async () => {
    server = await startReferenceServer({ seed: 2 });
    const target = server.baseUrl;
    const port = await freePort();
    // The service comes up 1.2 s after the run started: a forwarding front end on the port the run was given.
    let front: Server | undefined;
    const starting = new Promise<void>((resolve) =>
      setTimeout(() => {
        front = createHttpServer((request, response) => {
          const chunks: Buffer[] = [];
          request.on("data", (chunk: Buffer) => chunks.push(chunk));
          request.on("end", () => {
            const headers = Object.entries(request.headers).filter(
              (entry): entry is [string, string] =>
                typeof entry[1] === "string" && entry[0] !== "host" && entry[0] !== "content-length",
            );
            fetch(`${target}${request.url}`, { method: "POST", headers, body: Buffer.concat(chunks) })
              .then(async (answer) => {
                response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
                response.end(Buffer.from(await answer.arrayBuffer()));
              })
              .catch(() => response.destroy());
          });
        });
        front.listen(port, "127.0.0.1", () => resolve());
      }, 1_200),
    );
    try {
      const result = await runWith(
        [
          "--base-url",
          `http://127.0.0.1:${port}`,
          "--wait-for-target",
          "20s",
          "--checks",
          "http.valid-request-ok",
          "--operation",
          "listLandingPages",
          "--max-examples",
          "1",
          "--out",
          out(),
        ],
        { CMS_CLIENT_ID: server.credentials.clientId, CMS_TOKEN: server.credentials.token },
        { executor: executeInProcess },
      );
      await starting;
      expect(result.stderr).toMatch(
        /^waiting up to 20s for http:\/\/127\.0\.0\.1:\d+ to answer \(--wait-for-target\) …\n$/,
      );
      expect(result.code).toBe(0);
    } finally {
      await starting;
      await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
    }
  });

  it("stops with one sentence and exit 2 when nothing answers within the duration", async () => {
    // The 1 s asked for is in the sentence; how the tries fit in it is judged on a fake clock in
    // tests/self/runner/waitForTarget.test.ts. A wait that never ends fails at the test's timeout.
    const port = await freePort();
    const result = await runCli(
      ["run", "--base-url", `http://127.0.0.1:${port}`, "--wait-for-target", "1s", "--out", out()],
      ENV,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `cms-conformance run: the target at http://127\\.0\\.0\\.1:${port} did not answer within 1s \\(--wait-for-target; \\d+ tries, last: `,
      ),
    );
  });

  it("refuses a value that is no duration", async () => {
    const result = await runCli(["run", "--wait-for-target", "soon", "--out", out()], ENV);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--wait-for-target takes a duration such as 30s, 2m or 1500ms, not "soon"/);
  });

  /**
   * A run waiting for a target that takes each try in but answers only when `answer` says, with the listener
   * `signal` added for it called (not process.emit: vitest's own listeners must not run) as the first try arrives.
   */
  async function signalledWhileWaiting(signal: "SIGINT" | "SIGTERM", answer: boolean) {
    let tries = 0;
    const before = process.listeners(signal);
    const target = createHttpServer((request, response) => {
      tries += 1;
      request.resume();
      const added = process.listeners(signal).filter((listener) => !before.includes(listener));
      // Once: the listener ends the process at a second signal.
      if (tries === 1) (added[0] as (name: NodeJS.Signals) => void)(signal);
      // The target comes up just after the signal: the cancelled run must not go on.
      if (answer) response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    let stderr = "";
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      readStdin: async () => "",
    };
    let checksStarted = 0;
    try {
      const code = await runCommand(
        [
          ...["--base-url", `http://127.0.0.1:${(target.address() as { port: number }).port}`],
          ...["--wait-for-target", "10m", "--timeout", "10m", "--out", out()],
        ],
        io,
        ENV,
        { executor: () => Promise.reject(new Error(`check started ${(checksStarted += 1)}`)) },
      );
      return { code, stderr, tries, checksStarted };
    } finally {
      target.closeAllConnections();
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  }

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s ends a wait whose try never comes back, at once, with exit %i (issue 50.4)", async (signal, code) => {
    const result = await signalledWhileWaiting(signal, false);
    expect(result).toEqual({
      code,
      stderr: expect.stringContaining(
        `${signal}: stopping the run and writing the reports of what finished (${signal} again stops at once)\n` +
          "cms-conformance run: stopped while waiting for the target; no check ran, no report was written\n",
      ) as string,
      tries: 1,
      checksStarted: 0,
    });
  });

  it("a cancelled run never goes on when the target comes up after the signal (issue 50.4)", async () => {
    const result = await signalledWhileWaiting("SIGINT", true);
    expect([result.code, result.tries, result.checksStarted]).toEqual([130, 1, 0]);
    expect(result.stderr).toContain("no check ran, no report was written");
  });
});
