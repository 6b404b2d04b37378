/**
 * Answers Node's HTTP parser refuses are named as such (issue 23.8): a Content-Length sent twice
 * (RFC 9112 §6.3) and a header folded onto the next line (obs-fold, §5.2) came back before as
 * "cannot be reached (truncated body … after 0 bytes)" or "the request failed". Now the failure says
 * the target answered with a response the parser refuses and why, and the CLI's preflight says so
 * in its one sentence (exit 2) instead of suggesting the service is not running.
 * What is not done: undici (llhttp) refuses a duplicated Content-Length even with equal values,
 * which RFC 9112 lets a recipient accept; such a target is refused, not judged.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { sendOnce } from "../../../../runner/http/sendOnce.js";
import { runCli } from "../../cli/cliInProcess.js";

const ANSWERS = {
  "a Content-Length sent twice": `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\nContent-Length: 12\r\n\r\n{"a":"0123"}`,
  "a folded header (obs-fold)": `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Note: first\r\n second\r\nContent-Length: 2\r\n\r\n{}`,
};
const EXPECTED = {
  "a Content-Length sent twice":
    /HTTP parser refuses \(its Content-Length does not match its body: a Content-Length header sent twice/,
  "a folded header (obs-fold)":
    /HTTP parser refuses \(Unexpected whitespace after header value: a header continued on the next line \(obs-fold\)/,
};

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** A target that answers every request with `raw`, whatever it was asked. */
async function rawTarget(raw: string): Promise<string> {
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.on("data", () => socket.write(raw));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe.each(Object.keys(ANSWERS) as (keyof typeof ANSWERS)[])("an answer with %s", (name) => {
  it("is a protocol failure that says the target answered and what the parser refused", async () => {
    const origin = await rawTarget(ANSWERS[name]);
    const agent = new Agent();
    const result = await sendOnce(agent, {
      origin,
      pathAndQuery: "/platform/cms/queries/getWidget",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      timeoutMs: 5_000,
      maxResponseBytes: 1_000_000,
    });
    await agent.close();
    expect(result.failure?.kind).toBe("protocol");
    expect(result.failure?.message).toMatch(EXPECTED[name]);
  });

  it("stops the run in the preflight with one sentence that names it, not 'cannot be reached'", async () => {
    const baseUrl = await rawTarget(ANSWERS[name]);
    const result = await runCli(
      ["run", "--base-url", baseUrl, "--out", join(mkdtempSync(join(tmpdir(), "cms-parser-")), "out")],
      {
        CMS_CLIENT_ID: "client-0123456789",
        CMS_TOKEN: "token-0123456789",
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`the target at ${baseUrl} answered with a response the HTTP parser refuses`),
    );
    expect(result.stderr).toMatch(EXPECTED[name]);
    expect(result.stderr).not.toMatch(/cannot be reached/);
  });
});
