/**
 * The credential forms of the auth checks as they leave the HTTP client (runner/engine/credentialForms.ts):
 * each carries the configured credentials where the checks mean it (another scheme, another header name, the
 * query string), never a repeated line nor client_id's CGI twin client-id (register credential-form-status),
 * and the written exchange and its curl command show neither secret.
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

const VALUES = { token: TOKEN, clientId: CLIENT_ID };

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
    expect(seen.slice(0, 4)).toEqual([
      { url: "/p", lines: [`client_id: ${CLIENT_ID}`, `authorization: ${TOKEN}`] },
      { url: "/p", lines: [`client_id: ${CLIENT_ID}`, `authorization: Token ${TOKEN}`] },
      { url: "/p", lines: [`client_id: ${CLIENT_ID}`, `authorization: Basic ${TOKEN}`] },
      { url: `/p?access_token=${TOKEN}`, lines: [`client_id: ${CLIENT_ID}`] },
    ]);
    expect(
      seen.slice(4, 7).map(({ url, lines }) => [url, ...lines.filter((line) => !line.startsWith("authorization"))]),
    ).toEqual([["/p", `clientid: ${CLIENT_ID}`], ["/p", `x-client-id: ${CLIENT_ID}`], [`/p?client_id=${CLIENT_ID}`]]);
    expect(seen.slice(7).map(({ lines }) => lines[1])).toEqual([
      `authorization: bearer ${TOKEN}`,
      `authorization: BEARER ${TOKEN}`,
    ]);
    expect(seen).toHaveLength(forms.length);
  });

  it("never repeat a credential line, nor send the client id under a name a CGI/WSGI stack reads as client_id", () => {
    const values = { token: TOKEN, clientId: CLIENT_ID };
    for (const form of [...TOKEN_FORMS, ...CLIENT_ID_FORMS, ...BEARER_CASE_FORMS]) {
      const names = Object.keys(credentialsInForm(form, values).headers);
      const asCgi = names.map((name) => name.toUpperCase().replaceAll("-", "_"));
      expect(new Set(asCgi).size, form).toBe(names.length);
      if (!names.includes("client_id")) expect(asCgi, form).not.toContain("CLIENT_ID");
    }
  });
});

describe("the reference and the credential forms", () => {
  it("refuses the token without its scheme and the client id under another name, and serves bearer in lower case", async () => {
    const reference = await startReferenceServer({ seed: 1 });
    const toReference = createHttpClient({ baseUrl: reference.baseUrl, secrets: [] });
    try {
      const statusOf = async (form: "token-without-scheme" | "client-id-as-x-client-id" | "bearer-lower-case") => {
        const { headers } = credentialsInForm(form, reference.credentials);
        const exchange = await toReference.send({
          path: "/platform/cms/listLandingPages",
          headers,
          body: { json: {} },
        });
        return exchange.response?.status;
      };
      expect(await statusOf("token-without-scheme")).toBe(401);
      expect(await statusOf("client-id-as-x-client-id")).toBe(401);
      expect(await statusOf("bearer-lower-case")).toBe(200);
    } finally {
      await toReference.close();
      await reference.close();
    }
  });
});
