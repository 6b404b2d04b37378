/**
 * The HTTP client renews an expired token (--token-command, issue 27.2): a request carrying the token that
 * gets 401 is sent once more with the token obtained anew, announced before it is sent; a probe of wrong
 * credentials (the valid token beside a client_id the target never issued) keeps its 401 and renews nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import { CLIENT_ID, postRequest, SECRETS, TOKEN, writtenCopy } from "./httpTestKit.js";

const RENEWED = "renewed-4c1f9e-SECRET-77ab02";

let server: Server;
let baseUrl: string;
/** The one token the target accepts, and every Authorization it received. */
let valid = TOKEN;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.headers.authorization ?? "");
    const ok = request.headers.authorization === `Bearer ${valid}` && request.headers.client_id === CLIENT_ID;
    response
      .writeHead(ok ? 200 : 401, { "content-type": "application/json" })
      .end(ok ? '{"ok":true}' : '{"error":"invalid_token","error_description":"refused"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A client whose token's command prints RENEWED, and what it announced. */
function renewingClient(): { client: HttpClient; renew: () => Promise<string>; announced: string[] } {
  const announced: string[] = [];
  const renew = vi.fn(async () => RENEWED);
  const client = createHttpClient({
    baseUrl,
    secrets: SECRETS,
    renewableTokens: [{ original: TOKEN, placeholder: "$CMS_TOKEN", renew }],
    onSecret: (secret) => announced.push(`${secret.placeholder}=${secret.value} after ${received.length} requests`),
  });
  return { client, renew, announced };
}

describe("token renewal in the HTTP client", () => {
  it("sends a request that met an expired token once more with the new one, announced before it is sent", async () => {
    const { client, renew, announced } = renewingClient();
    valid = TOKEN;
    received.length = 0;
    expect((await client.send(postRequest("/ok"))).response?.status).toBe(200);
    valid = RENEWED;
    const exchange = await client.send(postRequest("/expired"));
    expect(exchange.response?.status).toBe(200);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(received).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, `Bearer ${RENEWED}`]);
    expect(announced).toEqual([`$CMS_TOKEN=${RENEWED} after 2 requests`]);
    // Later requests carry the new token from the start.
    await client.send(postRequest("/later"));
    expect(received[3]).toBe(`Bearer ${RENEWED}`);
    expect(JSON.stringify(writtenCopy(exchange))).not.toContain(RENEWED);
    await client.close();
  });

  it("keeps the 401 of a probe of wrong credentials and never runs the command for it", async () => {
    const { client, renew, announced } = renewingClient();
    valid = TOKEN;
    received.length = 0;
    expect((await client.send(postRequest("/ok"))).response?.status).toBe(200);
    const probe = postRequest("/wrong-client-id", {
      headers: { ...postRequest("/").headers, client_id: "client-never-issued" },
      probesCredentials: true,
    });
    expect((await client.send(probe)).response?.status).toBe(401);
    expect(renew).not.toHaveBeenCalled();
    expect(received).toHaveLength(2);
    expect(announced).toEqual([]);
    // The same request, not marked as a probe, is taken for an expired token.
    const { probesCredentials: _probe, ...unmarked } = probe;
    expect((await client.send(unmarked)).response?.status).toBe(401);
    expect(renew).toHaveBeenCalledTimes(1);
    await client.close();
  });
});
