/** Shared fixtures of the HTTP layer's tests: fake secrets, a timed send, a leak search. */
import { expect } from "vitest";
import { exchangeRedactor } from "../../../../runner/http/exchangeRedactor.js";
import { redactExchange } from "../../../../runner/http/redactExchange.js";
import type { Exchange } from "../../../../runner/model/Exchange.js";
import type { HttpClient, OutgoingRequest } from "../../../../runner/http/types.js";

/** A bearer token no real system uses. */
export const TOKEN = "tok-3f9a1c2b7e-SECRET-d41d8c";
/** A client id no real system uses. */
export const CLIENT_ID = "client-7d1e4b9a-SECRET";

/** The secrets option every test client gets. */
export const SECRETS = [
  { value: TOKEN, placeholder: "$CMS_TOKEN" },
  { value: CLIENT_ID, placeholder: "$CMS_CLIENT_ID" },
] as const;

/** Headers of spec §5. */
export const CREDENTIAL_HEADERS = {
  Authorization: `Bearer ${TOKEN}`,
  client_id: CLIENT_ID,
  "Content-Type": "application/json",
  Accept: "application/json",
} as const;

/** A POST with §5 headers and a small JSON body. */
export function postRequest(path: string, extra: Partial<OutgoingRequest> = {}): OutgoingRequest {
  return { path, headers: CREDENTIAL_HEADERS, body: { json: { widgetId: "w-1" } }, ...extra };
}

/** The curl command an exchange of postRequest records: `url` as the shell word, `maxTime` in seconds. */
export function postRequestCurl(url: string, maxTime: string): string {
  return [
    "curl -sS -i",
    "-X POST",
    url,
    '-H "Authorization: Bearer $CMS_TOKEN"',
    '-H "client_id: $CMS_CLIENT_ID"',
    "-H 'Content-Type: application/json'",
    "-H 'Accept: application/json'",
    "-H User-Agent:",
    `--data-raw '{"widgetId":"w-1"}'`,
    `--max-time ${maxTime}`,
  ].join(" \\\n  ");
}

/** Sends and measures how long `send` took to resolve. */
export async function timedSend(
  client: HttpClient,
  request: OutgoingRequest,
): Promise<{ exchange: Exchange; elapsedMs: number }> {
  const started = performance.now();
  const exchange = await client.send(request);
  return { exchange, elapsedMs: performance.now() - started };
}

/** Asserts that neither secret (nor the token's first 12 characters) appears, in any case, in the JSON of the value. */
export function expectNoSecrets(value: unknown): void {
  const text = JSON.stringify(value).toLowerCase();
  expect(text).not.toContain(TOKEN.toLowerCase());
  expect(text).not.toContain(CLIENT_ID.toLowerCase());
  expect(text).not.toContain(TOKEN.slice(0, 12).toLowerCase());
}

/** The exchange as a report or log writes it: redacted with the secrets of the client that made it. */
export function writtenCopy(exchange: Exchange): Exchange {
  return redactExchange(exchange, exchangeRedactor(exchange));
}
