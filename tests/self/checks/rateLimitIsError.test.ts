/**
 * A 429 that outlasts the client's waits is an error, never a failure (docs/design.md §8): the suite could
 * not judge, and a property never shrinks towards such an answer.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../suite/runInProcess.js";

const WIDGET = { id: "widget://tenant/platform/cms/kpi", name: "platform.cms.kpi", url: "https://example.com/kpi" };

/** Lists one widget; answers every getWidget with 429 and Retry-After: 0, for ever. */
function startServerThatRateLimitsReads(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url?.endsWith("/listFactoryDefaultWidgets")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ widgets: [WIDGET], listInformation: { totalElements: 1, totalPages: 1 } }));
      } else if (request.url?.endsWith("/getWidget")) {
        response.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
        response.end(JSON.stringify({ message: "slow down" }));
      } else {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("a target that keeps answering 429", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startServerThatRateLimitsReads();
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.concurrent.each([
    "consistency.repeatable-reads",
    "errors.unknown-id-404",
    "http.no-server-error",
    "errors.invalid-request-rejected",
  ])("makes %s an error naming the cause, not a failure", async (checkId) => {
    const report = await runInProcess({
      baseUrl,
      clientId: "client-429",
      token: "token-429",
      checks: [checkId],
      operations: ["getWidget"],
      maxExamples: 3,
    });
    const [result] = report.results;
    expect(result?.outcome).toBe("error");
    expect(result?.message).toMatch(/429 \(rate limited\)/);
    expect(result?.message).toMatch(/--rate-limit/);
    expect(result?.property).toBeUndefined();
  });
});
