/**
 * The credential forms of the auth checks as they leave the HTTP client (runner/engine/credentialForms.ts):
 * two keys of one name in different letter case go out as two field lines in order (undici writes each
 * key as its own line), the query carries its credential, and the written exchange and its curl command
 * show neither secret. The reference reads two Authorization lines as one combined value and refuses it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BEARER_CASE_FORMS,
  CLIENT_ID_FORMS,
  credentialsInForm,
  TOKEN_FORMS,
  withQuery,
} from "../../../../runner/engine/credentialForms.js";
import { createHttpClient } from "../../../../runner/http/createHttpClient.js";
import type { HttpClient } from "../../../../runner/http/types.js";
import { startReferenceServer } from "../../../../reference/startReferenceServer.js";
import { CLIENT_ID, expectNoSecrets, SECRETS, TOKEN, writtenCopy } from "../http/httpTestKit.js";

const VALUES = {
  token: TOKEN,
  clientId: CLIENT_ID,
  invalidToken: "not-issued-token",
  otherClientId: "not-issued-client",
};

/** What the target saw: the URL and each credential field line, "name: value" with the name lower-cased. */
interface Seen {
  readonly url: string;
  readonly lines: string[];
}

let server: Server;
let client: HttpClient;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const lines: string[] = [];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      const name = (request.rawHeaders[index] ?? "").toLowerCase();
      if (/authorization|client/.test(name)) lines.push(`${name}: ${request.rawHeaders[index + 1] ?? ""}`);
    }
    seen.push({ url: request.url ?? "", lines });
    response.writeHead(401, { "Content-Type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  client = createHttpClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secrets: SECRETS,
  });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("credential forms on the wire", () => {
  it("send every form as the checks mean it, and write neither secret", async () => {
    const forms = [...TOKEN_FORMS, ...CLIENT_ID_FORMS, ...BEARER_CASE_FORMS];
    for (const form of forms) {
      const { headers, query } = credentialsInForm(form, VALUES);
      const exchange = await client.send({
        path: withQuery("/p", query),
        headers,
        body: { json: {} },
        probesCredentials: true,
      });
      expectNoSecrets(writtenCopy(exchange));
    }
    expect(seen.slice(0, 6)).toEqual([
      { url: "/p", lines: [`client_id: ${CLIENT_ID}`, `authorization: ${TOKEN}`] },
      { url: "/p", lines: [`client_id: ${CLIENT_ID}`, `authorization: Token ${TOKEN}`] },
      { url: "/p", lines: [`client_id: ${CLIENT_ID}`, `authorization: Basic ${TOKEN}`] },
      { url: `/p?access_token=${TOKEN}`, lines: [`client_id: ${CLIENT_ID}`] },
      {
        url: "/p",
        lines: [`client_id: ${CLIENT_ID}`, `authorization: Bearer ${TOKEN}`, "authorization: Bearer not-issued-token"],
      },
      {
        url: "/p",
        lines: [`client_id: ${CLIENT_ID}`, "authorization: Bearer not-issued-token", `authorization: Bearer ${TOKEN}`],
      },
    ]);
    expect(
      seen.slice(6, 12).map(({ url, lines }) => [url, ...lines.filter((line) => !line.startsWith("authorization"))]),
    ).toEqual([
      ["/p", `client-id: ${CLIENT_ID}`],
      ["/p", `clientid: ${CLIENT_ID}`],
      ["/p", `x-client-id: ${CLIENT_ID}`],
      [`/p?client_id=${CLIENT_ID}`],
      ["/p", `client_id: ${CLIENT_ID}`, "client_id: not-issued-client"],
      ["/p", "client_id: not-issued-client", `client_id: ${CLIENT_ID}`],
    ]);
    expect(seen.slice(12).map(({ lines }) => lines[1])).toEqual([
      `authorization: bearer ${TOKEN}`,
      `authorization: BEARER ${TOKEN}`,
    ]);
  });

  it("write both lines of a repeated header in the curl command, each secret as its variable", async () => {
    const { headers } = credentialsInForm("authorization-invalid-then-valid", VALUES);
    const exchange = writtenCopy(await client.send({ path: "/p", headers, probesCredentials: true }));
    expect(exchange.curl).toContain("-H 'Authorization: Bearer not-issued-token'");
    expect(exchange.curl).toContain('-H "authorization: Bearer $CMS_TOKEN"');
  });
});

describe("the reference and two Authorization lines", () => {
  it("refuses the valid token beside another in either order, and serves it alone", async () => {
    const reference = await startReferenceServer({ seed: 1 });
    const toReference = createHttpClient({ baseUrl: reference.baseUrl, secrets: [] });
    try {
      const values = { ...reference.credentials, invalidToken: "not-issued", otherClientId: "not-issued" };
      const statusOf = async (
        form: "authorization-valid-then-invalid" | "authorization-invalid-then-valid" | "bearer-lower-case",
      ) => {
        const { headers } = credentialsInForm(form, values);
        const exchange = await toReference.send({
          path: "/platform/cms/listLandingPages",
          headers,
          body: { json: {} },
        });
        return exchange.response?.status;
      };
      expect(await statusOf("authorization-valid-then-invalid")).toBe(401);
      expect(await statusOf("authorization-invalid-then-valid")).toBe(401);
      expect(await statusOf("bearer-lower-case")).toBe(200);
    } finally {
      await toReference.close();
      await reference.close();
    }
  });
});
