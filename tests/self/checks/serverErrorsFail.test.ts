/**
 * A 5xx is never a conforming answer (§7, docs/design.md §3): every check fails on one, SHOULD checks
 * included, instead of skipping or passing because two 5xx answers happen to agree.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../suite/runInProcess.js";

const WIDGET = { id: "widget://tenant/platform/cms/kpi", name: "platform.cms.kpi", url: "https://example.com/kpi" };

/** Lists one widget and answers every other request with the same 500. */
function startServerThatFailsReads(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const listing = request.url?.endsWith("/listFactoryDefaultWidgets");
      response.writeHead(listing ? 200 : 500, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          listing
            ? { widgets: [WIDGET], listInformation: { totalElements: 1, totalPages: 1 } }
            : { message: "internal error" },
        ),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("a 5xx fails SHOULD checks too", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startServerThatFailsReads();
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(["consistency.repeatable-reads"])("%s fails when getWidget answers 500", async (checkId) => {
    const report = await runInProcess({
      baseUrl,
      clientId: "client-5xx",
      token: "token-5xx",
      checks: [checkId],
      operations: ["getWidget"],
    });
    const [result] = report.results;
    expect(result?.level).toBe("SHOULD");
    expect(result?.outcome).toBe("failed");
    expect(result?.message).toMatch(/status 500: a server error is never a conforming answer/);
    expect(result?.expected).toBe("a status below 500 (§7)");
  });
});
