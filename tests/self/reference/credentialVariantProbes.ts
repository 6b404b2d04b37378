/**
 * Probes of the credential variants: each refuses credentials differently from the reference, in the
 * way its description says, and still serves the §5 form.
 */
import { request } from "node:http";
import { expect } from "vitest";
import { call, headersFor, PATHS } from "./referenceClient.js";
import type { VariantProbeContext } from "./variantProbes.js";

/** The status of listLandingPages at `base` with `lines` sent as they are: one field line per pair, in order, repeats kept. */
function statusWithLines(base: string, lines: readonly (readonly [string, string])[]): Promise<number> {
  const url = new URL(`${base}${PATHS.listLandingPages}`);
  // Given as an array, the headers go out as they are: Host and Content-Length are not added for us.
  const fixed = [
    ["Host", url.host],
    ["Content-Type", "application/json"],
    ["Accept", "application/json"],
    ["Content-Length", "2"],
  ];
  const rawHeaders = [...fixed, ...lines].flat();
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: "POST", headers: rawHeaders }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    sent.on("error", reject);
    sent.end("{}");
  });
}

/** [reference, variant] statuses of the same field lines. */
function statusesWithLines(
  { reference, variant }: VariantProbeContext,
  lines: readonly (readonly [string, string])[],
): Promise<number[]> {
  return Promise.all([reference, variant].map((base) => statusWithLines(base, lines)));
}

/** `text` with every letter in the other case. */
const swapped = (text: string) =>
  [...text].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join("");

/** The statuses of one request on the reference and the variant: [reference, variant]. */
async function statuses(
  { reference, variant }: VariantProbeContext,
  headers: Record<string, string>,
  path: string = PATHS.listLandingPages,
): Promise<number[]> {
  const answers = await Promise.all([reference, variant].map((base) => call(base, path, { body: {}, headers })));
  return answers.map((answer) => answer.status);
}

/** Probes by variant name. */
export const CREDENTIAL_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "credential-forms-refused-400": async (context) => {
    const admin = headersFor(context.server, "admin");
    const { token, clientId } = context.server.credentials;
    expect(await statuses(context, { ...admin, Authorization: `Token ${token}` })).toEqual([401, 400]);
    const { client_id: _clientId, ...withoutClientId } = admin;
    expect(await statuses(context, { ...withoutClientId, "X-Client-Id": clientId })).toEqual([401, 400]);
    expect(await statuses(context, withoutClientId)).toEqual([401, 401]);
    expect(await statuses(context, admin)).toEqual([200, 200]);
  },
  "bearer-scheme-case-sensitive": async (context) => {
    const admin = headersFor(context.server, "admin");
    const { token } = context.server.credentials;
    expect(await statuses(context, { ...admin, Authorization: `bearer ${token}` })).toEqual([200, 401]);
    expect(await statuses(context, { ...admin, Authorization: `BEARER ${token}` })).toEqual([200, 401]);
    expect(await statuses(context, admin)).toEqual([200, 200]);
  },
  "first-header-line-wins": async (context) => {
    const { token, clientId } = context.server.credentials;
    const bearer = (value: string) => ["Authorization", `Bearer ${value}`] as const;
    const client = (value: string) => ["client_id", value] as const;
    const lines = (...pairs: (readonly [string, string])[]) => statusesWithLines(context, pairs);
    expect(await lines(client(clientId), bearer(token), bearer("not-issued"))).toEqual([401, 200]);
    expect(await lines(client(clientId), bearer("not-issued"), bearer(token))).toEqual([401, 401]);
    expect(await lines(client(clientId), client("not-issued"), bearer(token))).toEqual([401, 200]);
    expect(await lines(client("not-issued"), client(clientId), bearer(token))).toEqual([401, 401]);
    expect(await lines(client(clientId), bearer(token))).toEqual([200, 200]);
  },
  "cgi-header-names": async (context) => {
    const { token, clientId } = context.server.credentials;
    const bearer = ["Authorization", `Bearer ${token}`] as const;
    for (const name of ["client-id", "CLIENT-ID", "Client-Id"])
      expect(await statusesWithLines(context, [[name, clientId], bearer])).toEqual([401, 200]);
    for (const name of ["X-Client-Id", "clientId", "client.id"])
      expect(await statusesWithLines(context, [[name, clientId], bearer])).toEqual([401, 401]);
    // Both names are one variable, joined as wsgiref joins repeated lines: no client id the server issued.
    expect(await statusesWithLines(context, [["client_id", clientId], ["client-id", clientId], bearer])).toEqual([
      200, 401,
    ]);
    expect(await statusesWithLines(context, [["client_id", clientId], bearer])).toEqual([200, 200]);
  },
  "client-id-case-insensitive": async (context) => {
    const admin = headersFor(context.server, "admin");
    const { clientId } = context.server.credentials;
    expect(await statuses(context, { ...admin, client_id: clientId.toUpperCase() })).toEqual([401, 200]);
    expect(await statuses(context, { ...admin, client_id: swapped(clientId) })).toEqual([401, 200]);
    expect(await statuses(context, { ...admin, client_id: `${clientId}x` })).toEqual([401, 401]);
    expect(await statuses(context, admin)).toEqual([200, 200]);
  },
  "client-id-format-checked-400": async (context) => {
    const admin = headersFor(context.server, "admin");
    const other = "0f0f0f0f-c0f0-4c0f-8c0f-0f0f0f0fc0f0";
    expect(await statuses(context, { ...admin, client_id: other })).toEqual([401, 400]);
    const changed = `${context.server.credentials.clientId.slice(0, -1)}Z`;
    expect(await statuses(context, { ...admin, client_id: changed })).toEqual([401, 401]);
    expect(await statuses(context, admin)).toEqual([200, 200]);
  },
};
