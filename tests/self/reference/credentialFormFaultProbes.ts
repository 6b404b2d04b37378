/**
 * Probes of the credential-form faults: each sends the valid credentials in one form §5 does not
 * define (or a wrong client id) to the reference, which refuses it with 401, and to the fault,
 * which serves it (or answers 403), while the fault still refuses what it should.
 */
import { expect } from "vitest";
import type { RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { call, headersFor, PATHS } from "./referenceClient.js";
import type { ProbeContext } from "./faultProbes.js";

/** The admin's §5 headers with `changes` applied (undefined removes a header). */
function adminWith(
  server: RunningReferenceServer,
  changes: Record<string, string | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = { ...headersFor(server, "admin") };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return headers;
}

/** The statuses of one listLandingPages request (query appended to the path) on the reference and the fault. */
async function statuses(
  { reference, faulty }: ProbeContext,
  headers: Record<string, string>,
  query = "",
): Promise<[number, number]> {
  const path = `${PATHS.listLandingPages}${query}`;
  const [onReference, onFault] = await Promise.all(
    [reference, faulty].map((base) => call(base, path, { body: {}, headers })),
  );
  return [onReference?.status ?? 0, onFault?.status ?? 0];
}

/** Probes by fault name. */
export const CREDENTIAL_FORM_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "token-without-bearer-accepted": async (context) => {
    const { token } = context.server.credentials;
    for (const authorization of [token, `Token ${token}`, `Basic ${token}`])
      expect(await statuses(context, adminWith(context.server, { Authorization: authorization }))).toEqual([401, 200]);
    expect(await statuses(context, adminWith(context.server, { Authorization: `Token ${token}x` }))).toEqual([
      401, 401,
    ]);
  },
  "token-in-query-accepted": async (context) => {
    const headers = adminWith(context.server, { Authorization: undefined });
    const query = `?access_token=${encodeURIComponent(context.server.credentials.token)}`;
    expect(await statuses(context, headers, query)).toEqual([401, 200]);
    expect(await statuses(context, headers)).toEqual([401, 401]);
  },
  "client-id-header-alias-accepted": async (context) => {
    const { clientId } = context.server.credentials;
    for (const name of ["X-Client-Id", "clientId", "my-client-id"])
      expect(await statuses(context, adminWith(context.server, { client_id: undefined, [name]: clientId }))).toEqual([
        401, 200,
      ]);
    expect(await statuses(context, adminWith(context.server, { client_id: undefined }))).toEqual([401, 401]);
    // client-id is client_id's CGI/WSGI twin (variant cgi-header-names): this fault leaves it to the reference.
    expect(await statuses(context, adminWith(context.server, { client_id: undefined, "client-id": clientId }))).toEqual(
      [401, 401],
    );
  },
  "client-id-in-query-accepted": async (context) => {
    const headers = adminWith(context.server, { client_id: undefined });
    const query = `?client_id=${encodeURIComponent(context.server.credentials.clientId)}`;
    expect(await statuses(context, headers, query)).toEqual([401, 200]);
    expect(await statuses(context, headers)).toEqual([401, 401]);
  },
  "unknown-client-id-403": async (context) => {
    const { clientId } = context.server.credentials;
    expect(await statuses(context, adminWith(context.server, { client_id: `${clientId}x` }))).toEqual([401, 403]);
    expect(await statuses(context, adminWith(context.server, { client_id: undefined }))).toEqual([401, 401]);
    const roleFilters = await call(context.faulty, PATHS.getRoleFilters, {
      body: { roles: [] },
      headers: adminWith(context.server, { client_id: "not-issued" }),
    });
    expect(roleFilters.status).toBe(403);
  },
};
