/**
 * Faults that take credentials in forms §5 does not define ("Authorization: Bearer <ACCESS_TOKEN>",
 * the header client_id), or refuse a wrong client id with the status of another condition. Reading
 * the first of two repeated credential lines, and client-id as client_id, are variants, not faults
 * (register credential-form-status).
 */
import type { IncomingHttpHeaders } from "node:http";
import { isJsonObject } from "../../contract/jsonValue.js";
import { forbidden } from "../http/errorResponses.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/**
 * A header whose name ends in "client-id" or "clientid" (x-client-id, clientid …), where lenient servers look
 * for the client id; neither client_id nor client-id, which a CGI/WSGI stack reads as one variable (a variant).
 */
function clientIdAlias(headers: IncomingHttpHeaders): string | undefined {
  const name = Object.keys(headers).find((key) => /client-?id$/i.test(key) && key.toLowerCase() !== "client-id");
  const value = name === undefined ? undefined : headers[name];
  return typeof value === "string" ? value : undefined;
}

/** The headers with `name` set to `value` when the request did not send `name` and `value` is given. */
function filledIn(headers: IncomingHttpHeaders, name: string, value: string | null | undefined): IncomingHttpHeaders {
  return headers[name] === undefined && typeof value === "string" ? { ...headers, [name]: value } : headers;
}

/** Each accepts the valid credentials in one form §5 does not define, or answers a wrong client id 403. */
export const CREDENTIAL_FORM_FAULTS: readonly ReferenceFault[] = [
  {
    name: "token-without-bearer-accepted",
    section: "§5",
    description:
      "The last word of the Authorization header is taken as the token whatever its scheme: the token alone, or under Token or Basic, is served.",
    caughtBy: ["auth.token-form-refused"],
    requestHeaders: (headers) => {
      const sent = headers.authorization;
      if (sent === undefined || /^Bearer\s/i.test(sent)) return headers;
      return { ...headers, authorization: `Bearer ${sent.trim().split(/\s+/).pop() ?? ""}` };
    },
  },
  {
    name: "token-in-query-accepted",
    section: "§5",
    description:
      "A request without the Authorization header is served with the token of its access_token query parameter.",
    caughtBy: ["auth.token-form-refused"],
    requestHeaders: (headers, _credentials, query) => {
      const token = query.get("access_token");
      return headers.authorization === undefined && token !== null
        ? { ...headers, authorization: `Bearer ${token}` }
        : headers;
    },
  },
  {
    name: "client-id-header-alias-accepted",
    section: "§5",
    description:
      "A request without the client_id header is served with the value of a header named clientId, X-Client-Id " +
      "or any other name ending in client-id or clientid (client-id itself, a CGI/WSGI twin of client_id, is left alone).",
    caughtBy: ["auth.client-id-form-refused"],
    requestHeaders: (headers) => filledIn(headers, "client_id", clientIdAlias(headers)),
  },
  {
    name: "client-id-in-query-accepted",
    section: "§5",
    description:
      "A request without the client_id header is served with the client id of its client_id query parameter.",
    caughtBy: ["auth.client-id-form-refused"],
    requestHeaders: (headers, _credentials, query) => filledIn(headers, "client_id", query.get("client_id")),
  },
  {
    name: "unknown-client-id-403",
    section: "§5",
    description:
      "A client_id the server never issued is answered 403 (permission denied) instead of 401 (invalid credentials).",
    caughtBy: ["auth.invalid-client-id-401"],
    respond: (response, { headers }) => {
      const sent = headers["client_id"];
      const unknownClient =
        response.status === 401 && isJsonObject(response.json) && response.json.error === "invalid_client";
      return unknownClient && typeof sent === "string" && sent !== ""
        ? forbidden("The client is not allowed to call this operation.")
        : response;
    },
  },
];
