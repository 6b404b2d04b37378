import { afterEach, describe, expect, it } from "vitest";
import { replayRecords } from "../../../bench/replayRecords.js";
import type { ReferenceRequestRecord } from "../../../reference/http/ReferenceRequestRecord.js";
import { startReferenceServer, type RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { call, PATHS } from "../reference/referenceClient.js";

describe("replayRecords (the bench's bare client)", () => {
  let server: RunningReferenceServer | undefined;
  afterEach(async () => server?.close());

  it("sends the recorded requests again: same paths, bodies, headers and answers, credentials restored", async () => {
    // Arrange: a server that records, and a mix of requests (admin, restricted, wrong token, oversized body)
    const seen: ReferenceRequestRecord[] = [];
    server = await startReferenceServer({ sizes: { widgets: 12 }, onRequest: (record) => seen.push(record) });
    const { clientId, token, restrictedToken } = server.credentials;
    const headers = (bearer: string) => ({
      "Content-Type": "application/json",
      client_id: clientId,
      Authorization: `Bearer ${bearer}`,
    });
    await call(server.baseUrl, PATHS.listFactoryDefaultWidgets, {
      body: { pagination: { pageNumber: 1, pageSize: 5 } },
      headers: headers(token),
    });
    await call(server.baseUrl, PATHS.listLandingPages, { body: {}, headers: headers(restrictedToken) });
    await call(server.baseUrl, PATHS.getWidget, { body: {}, headers: headers("not-a-token") });
    await call(server.baseUrl, PATHS.listLandingPages, {
      body: { searchValue: "x".repeat(70 * 1024) },
      headers: headers(token),
    });
    const recorded = seen.splice(0);
    // Act
    const statuses = await replayRecords(recorded, server.baseUrl, server.credentials, 2);
    // Assert
    const strip = ({ at: _at, ...rest }: ReferenceRequestRecord) => rest;
    expect(statuses).toEqual(recorded.map((record) => record.status));
    expect(statuses).toEqual([200, 200, 401, 413]);
    expect([...seen].sort((a, b) => a.path.localeCompare(b.path) || a.bodyBytes - b.bodyBytes).map(strip)).toEqual(
      [...recorded].sort((a, b) => a.path.localeCompare(b.path) || a.bodyBytes - b.bodyBytes).map(strip),
    );
  });
});
