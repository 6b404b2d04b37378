/** TargetSession sends requests with the headers of §5 for each caller and shares discoveries; createTargetSession names the run's secrets. */
import { describe, expect, it } from "vitest";
import { runSecrets, SECRET_PLACEHOLDERS } from "../../../../runner/engine/createTargetSession.js";
import { extraHeaderSecrets } from "../../../../runner/http/extraHeaderSecrets.js";
import { nearMissSecrets } from "../../../../runner/engine/nearMissTokens.js";
import type { SampledWalk } from "../../../../runner/engine/describeSampledWalks.js";
import { otherClientId, type Caller } from "../../../../runner/engine/TargetSession.js";
import { scriptedSession, testSettings } from "./engineDoubles.js";

describe("TargetSession.send", () => {
  const sendAs = async (caller: Caller | undefined) => {
    const { session, client } = scriptedSession(() => ({}));
    await session.send("getWidget", caller === undefined ? {} : { caller });
    return client.sent[0]?.headers ?? {};
  };

  it("sends the admin's token, the client id and the JSON headers of §5 by default", async () => {
    expect(await sendAs(undefined)).toEqual({
      "Content-Type": "application/json",
      Accept: "application/json",
      client_id: "client-id-1234",
      Authorization: "Bearer token-abcdef",
    });
    expect(await sendAs("admin")).toEqual(await sendAs(undefined));
  });

  it("sends the restricted user's token as restricted", async () => {
    expect(await sendAs("restricted")).toMatchObject({
      Authorization: "Bearer restricted-987654",
      client_id: "client-id-1234",
    });
  });

  it("sends no Authorization header as no-token, and still the client id", async () => {
    const headers = await sendAs("no-token");
    expect(headers).not.toHaveProperty("Authorization");
    expect(headers.client_id).toBe("client-id-1234");
  });

  it("sends a token derived from the seed, never the real one, as invalid-token", async () => {
    const headers = await sendAs("invalid-token");
    expect(headers.Authorization).toBe(`Bearer cms-conformance-invalid-token-${(7).toString(36)}`);
    const { session, client } = scriptedSession(() => ({}), { seed: 123456 });
    await session.send("getWidget", { caller: "invalid-token" });
    expect(client.sent[0]?.headers.Authorization).toBe("Bearer cms-conformance-invalid-token-2n9c");
  });

  it("sends the scheme alone as bare-bearer, the scheme and a space as empty-bearer, and each near-miss of the admin's token", async () => {
    expect((await sendAs("bare-bearer")).Authorization).toBe("Bearer");
    expect((await sendAs("empty-bearer")).Authorization).toBe("Bearer ");
    expect((await sendAs("token-appended")).Authorization).toBe("Bearer token-abcdefA");
    expect((await sendAs("token-truncated")).Authorization).toBe("Bearer token-abcde");
    expect((await sendAs("token-changed")).Authorization).toBe("Bearer token-abcde_");
    expect((await sendAs("token-case-changed")).Authorization).toBe("Bearer TOKEN-ABCDEF");
  });

  it("sends the admin's token without client_id as no-client-id", async () => {
    const headers = await sendAs("no-client-id");
    expect(headers).not.toHaveProperty("client_id");
    expect(headers.Authorization).toBe("Bearer token-abcdef");
  });

  it("sends the admin's token with the client id one character off as client-id-changed, and one of another shape as client-id-other", async () => {
    expect(await sendAs("client-id-changed")).toMatchObject({
      client_id: "client-id-123Y",
      Authorization: "Bearer token-abcdef",
    });
    const other = (await sendAs("client-id-other")).client_id;
    expect(other).toMatch(/^[0-9a-f]{8}-c0f0-4c0f-8c0f-[0-9a-f]{12}$/);
    expect(otherClientId(other as string, 7)).toBe("cms-conformance-client-00000007");
  });

  it("marks every caller's request but the two users' as a probe of wrong credentials (its 401 renews no token)", async () => {
    const callers: Caller[] = [
      "admin",
      "restricted",
      "no-token",
      "invalid-token",
      "no-client-id",
      "client-id-changed",
      "client-id-other",
      "token-appended",
      "token-truncated",
      "token-changed",
      "token-case-changed",
      "empty-bearer",
      "bare-bearer",
    ];
    const probes: Caller[] = [];
    for (const caller of callers) {
      const { session, client } = scriptedSession(() => ({}));
      await session.send("getWidget", { caller });
      if (client.sent[0]?.probesCredentials === true) probes.push(caller);
    }
    expect(probes).toEqual(callers.slice(2));
  });

  it("adds the run's extra headers, which cannot replace the JSON headers of §5", async () => {
    const { session, client } = scriptedSession(() => ({}), {
      headers: { "X-Tenant": "acme", Accept: "text/html", "Content-Type": "text/plain" },
    });
    await session.send("listLandingPages");
    expect(client.sent[0]?.headers).toMatchObject({
      "X-Tenant": "acme",
      Accept: "application/json",
      "Content-Type": "application/json",
    });
  });

  it("posts to the operation's path of §4, or where --operation-path moved it", async () => {
    const { session, client } = scriptedSession(() => ({}), { operationPaths: { getWidget: "/gateway/widgets/get" } });
    await session.send("getWidget");
    await session.send("getRoleFilters");
    expect(client.sent.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/gateway/widgets/get"],
      ["POST", "/platform/authorization/getRoleFilters"],
    ]);
  });

  it("sends {} without a body, the JSON given (null included), or raw text", async () => {
    const { session, client } = scriptedSession(() => ({}));
    await session.send("getWidget");
    await session.send("getWidget", { json: { widgetId: "widget://t/x" } });
    await session.send("getWidget", { json: null });
    await session.send("getWidget", { json: undefined });
    await session.send("getWidget", { raw: '{"a": ' });
    await session.send("getWidget", { raw: "", json: { ignored: true } });
    expect(client.sent.map((request) => request.body)).toEqual([
      { json: {} },
      { json: { widgetId: "widget://t/x" } },
      { json: null },
      { json: undefined },
      { raw: '{"a": ' },
      { raw: "" },
    ]);
  });

  it("returns the exchange the client recorded", async () => {
    const { session } = scriptedSession(() => ({ status: 404, json: { reason: "OBJECT_NOT_FOUND" } }));
    const exchange = await session.send("getWidget");
    expect(exchange.response?.status).toBe(404);
    expect(exchange.json).toEqual({ reason: "OBJECT_NOT_FOUND" });
  });
});

describe("TargetSession", () => {
  it("knows whether a restricted user is configured", () => {
    expect(scriptedSession(() => ({})).session.hasRestrictedUser()).toBe(true);
    expect(
      scriptedSession(() => ({}), { credentials: { clientId: "c-1234", token: "t-1234" } }).session.hasRestrictedUser(),
    ).toBe(false);
    expect(
      scriptedSession(() => ({}), {
        credentials: { clientId: "c-1234", token: "t-1234", restrictedToken: "" },
      }).session.hasRestrictedUser(),
    ).toBe(false);
  });

  it("reports the walks it was told were sampled, against the run's --max-pages", () => {
    const { session } = scriptedSession(() => ({}), { maxPagesWalked: 3 });
    expect(session.samplingNotes()).toEqual([]);
    const walk: SampledWalk = {
      operation: "listLandingPages",
      kind: "listing",
      maxPages: 3,
      pageSize: 10,
      totalPages: 9,
      totalElements: 85,
      itemsSeen: 30,
    };
    session.noteSampledWalk(walk);
    expect(session.samplingNotes()).toEqual([
      "listLandingPages: 1 listing walk stopped at --max-pages 3 (pageSize 10; the target reports 9 pages), so items after pageNumber 2 were not seen (55 of 85 items)",
    ]);
  });

  it("passes stats, durations and close through to its client", async () => {
    const { session, client } = scriptedSession(() => ({}));
    await session.send("getWidget");
    expect(session.stats()).toEqual({ requests: 1, retries429: 0, transportFailures: 0 });
    expect([...session.durationsByPath()]).toEqual([["/x", [1, 2]]]);
    await session.close();
    expect(client.closed).toBe(true);
  });
});

describe("runSecrets", () => {
  it("names the token, the restricted token and the client id with their placeholders", () => {
    expect(runSecrets(testSettings())).toEqual([
      { value: "token-abcdef", placeholder: SECRET_PLACEHOLDERS.token },
      ...nearMissSecrets("token-abcdef"),
      { value: "restricted-987654", placeholder: SECRET_PLACEHOLDERS.restrictedToken },
      { value: "client-id-1234", placeholder: SECRET_PLACEHOLDERS.clientId },
      { value: "client-id-123Y", placeholder: "$CMS_CLIENT_ID_LAST_CHARACTER_CHANGED" },
    ]);
    expect(SECRET_PLACEHOLDERS).toEqual({
      token: "$CMS_TOKEN",
      restrictedToken: "$CMS_RESTRICTED_TOKEN",
      clientId: "$CMS_CLIENT_ID",
    });
  });

  it("leaves out a restricted token that is not configured, and adds secret-looking extra headers", () => {
    const settings = testSettings({
      credentials: { clientId: "client-id-1234", token: "token-abcdef" },
      headers: { "X-Api-Key": "key-5678", "X-Tenant": "acme" },
    });
    expect(runSecrets(settings)).toEqual([
      { value: "token-abcdef", placeholder: "$CMS_TOKEN" },
      ...nearMissSecrets("token-abcdef"),
      { value: "client-id-1234", placeholder: "$CMS_CLIENT_ID" },
      { value: "client-id-123Y", placeholder: "$CMS_CLIENT_ID_LAST_CHARACTER_CHANGED" },
      { value: "key-5678", placeholder: "$CMS_HEADER_X_API_KEY" },
    ]);
  });
});

describe("extraHeaderSecrets", () => {
  it.each([
    "Authorization",
    "X-Auth-User",
    "Cookie",
    "X-Token",
    "Api-Key",
    "X-Secret",
    "X-Passphrase",
    "Session-Id",
    "X-Credential",
    "X-Signature",
    "proxy-AUTHORIZATION",
  ])("treats %s as a secret", (name) => {
    expect(extraHeaderSecrets({ [name]: "value-1" })).toHaveLength(1);
  });

  it.each(["X-Tenant", "Accept-Language", "X-Request-Id", "Origin"])("leaves %s alone", (name) => {
    expect(extraHeaderSecrets({ [name]: "value-1" })).toEqual([]);
  });

  it("gives each a shell variable named after the header, runs of other characters as one underscore", () => {
    expect(extraHeaderSecrets({ "x-api-key": "a", "X--Session..id": "b", Cookie: "c" })).toEqual([
      { value: "a", placeholder: "$CMS_HEADER_X_API_KEY" },
      { value: "b", placeholder: "$CMS_HEADER_X_SESSION_ID" },
      { value: "c", placeholder: "$CMS_HEADER_COOKIE" },
    ]);
  });

  it("has nothing to say without extra headers", () => {
    expect(extraHeaderSecrets()).toEqual([]);
    expect(extraHeaderSecrets({})).toEqual([]);
  });
});
