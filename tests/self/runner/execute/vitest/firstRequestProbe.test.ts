/** The bench's start-up mark: written once, at this thread's first undici request, with the CPU so far and its split by thread. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markFirstRequest, type FirstRequestMark } from "../../../../../runner/execute/vitest/firstRequestProbe.js";

let server: Server;
let url: string;
const dir = mkdtempSync(join(tmpdir(), "cms-first-request-"));
beforeAll(async () => {
  server = createServer((_, response) => response.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe("markFirstRequest", () => {
  it("marks the first request only, with the time, the process's CPU and that CPU by thread", async () => {
    const file = join(dir, "first.json");
    const before = Date.now();
    markFirstRequest(file, true);
    expect(existsSync(file)).toBe(false);
    await (await request(url)).body.text();
    const mark = JSON.parse(readFileSync(file, "utf8")) as FirstRequestMark;
    expect(mark.checksCompiled).toBe(true);
    expect(mark.at).toBeGreaterThanOrEqual(before);
    expect(mark.at).toBeLessThanOrEqual(Date.now());
    const usage = process.cpuUsage();
    expect(mark.cpuMs).toBeGreaterThan(0);
    expect(mark.cpuMs).toBeLessThanOrEqual((usage.user + usage.system) / 1000);
    // /proc counts whole 10 ms ticks of the threads alive now; the process's figure also holds ended threads.
    const threads = mark.threadsCpuMs!;
    for (const share of Object.values(threads)) expect(share % 10).toBe(0);
    expect(threads.main + threads.worker + threads.other).toBeGreaterThan(0);
    expect(threads.main + threads.worker + threads.other).toBeLessThanOrEqual(mark.cpuMs + 10 * 16);

    rmSync(file);
    await (await request(url)).body.text();
    expect(existsSync(file)).toBe(false);
  });
});
