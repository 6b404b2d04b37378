/**
 * Probes of the credential variants: each refuses credentials differently from the reference, in the
 * way its description says, and still serves the §5 form.
 */
import { expect } from "vitest";
import { call, headersFor, PATHS } from "./referenceClient.js";
import type { VariantProbeContext } from "./variantProbes.js";

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
  "client-id-format-checked-400": async (context) => {
    const admin = headersFor(context.server, "admin");
    const other = "0f0f0f0f-c0f0-4c0f-8c0f-0f0f0f0fc0f0";
    expect(await statuses(context, { ...admin, client_id: other })).toEqual([401, 400]);
    const changed = `${context.server.credentials.clientId.slice(0, -1)}Z`;
    expect(await statuses(context, { ...admin, client_id: changed })).toEqual([401, 401]);
    expect(await statuses(context, admin)).toEqual([200, 200]);
  },
};
