/** Hostile answers that echo the request's credentials back, plain and encoded, in the body and in headers. */
import { JSON_HEADERS, type HostileAnswers, type HostileExchange } from "../HostileExchange.js";
import { headerText } from "../requestHeaders.js";

/** The request headers "echo-encoded-credentials" echoes: the whole Authorization value, and the bare token. */
const ECHOED_HEADERS = ["authorization", "client_id", "x-backend-pin", "x-jwt-assertion"] as const;

/** The forms "echo-encoded-credentials" writes a value in; `header` when an HTTP header can carry it (Latin-1). */
export const ECHO_FORMS: Readonly<
  Record<string, { readonly encode: (value: string) => string; readonly header: boolean }>
> = {
  base64: { encode: (value) => Buffer.from(value, "utf8").toString("base64"), header: true },
  base64url: { encode: (value) => Buffer.from(value, "utf8").toString("base64url"), header: true },
  hex: { encode: (value) => Buffer.from(value, "utf8").toString("hex"), header: true },
  decimalReferences: { encode: (value) => [...value].map((c) => `&#${c.codePointAt(0)};`).join(""), header: true },
  hexReferences: {
    encode: (value) => [...value].map((c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join(""),
    header: true,
  },
  zeroWidthSplit: { encode: (value) => [...value].join("\u200b"), header: false },
  softHyphenSplit: { encode: (value) => [...value].join("\u00ad"), header: true },
};

/** 200 JSON echoing Authorization and client_id in the body and in response headers. */
function echoCredentials({ request, response }: HostileExchange): void {
  const authorization = headerText(request.headers.authorization);
  const clientId = headerText(request.headers.client_id);
  response
    .writeHead(200, {
      ...JSON_HEADERS,
      "x-echo-authorization": authorization,
      "x-echo-client-id": clientId,
      [`x-echo-${clientId.toLowerCase().replace(/[^a-z0-9-]/g, "-")}`]: "header name too",
    })
    .end(JSON.stringify({ authorization, client_id: clientId, message: `token was ${authorization}` }));
}

/** 200 JSON echoing each credential in every form of ECHO_FORMS, and in headers where a header can carry it. */
function echoEncodedCredentials({ request, response }: HostileExchange): void {
  const values: Record<string, string> = {};
  for (const name of ECHOED_HEADERS) values[name] = headerText(request.headers[name]);
  values.token = values.authorization?.replace(/^Bearer /, "") ?? "";
  const body: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    for (const [form, { encode, header }] of Object.entries(ECHO_FORMS)) {
      body[`${name}-${form}`] = encode(value);
      if (header && value !== "") headers[`x-echo-${name.replace(/_/g, "-")}-${form}`] = encode(value);
    }
  }
  response.writeHead(200, { ...JSON_HEADERS, ...headers }).end(JSON.stringify(body));
}

/** The long fragments "echo-credential-fragments" echoes of a value: five characters off each end, and the whole with one inserted. */
export function credentialFragments(value: string): Record<string, string> {
  const middle = Math.floor(value.length / 2);
  return { inner: value.slice(5, -5), inserted: `${value.slice(0, middle)}~${value.slice(middle)}` };
}

/** 200 JSON echoing long fragments of the token and the client id, plain and in every form of ECHO_FORMS. */
function echoCredentialFragments({ request, response }: HostileExchange): void {
  const values: Record<string, string> = {
    token: headerText(request.headers.authorization).replace(/^Bearer /, ""),
    client_id: headerText(request.headers.client_id),
  };
  const body: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    for (const [kind, fragment] of Object.entries(credentialFragments(value))) {
      body[`${name}-${kind}`] = `seen ${fragment} here`;
      if (fragment !== "") headers[`x-echo-${name.replace(/_/g, "-")}-${kind}`] = fragment;
      for (const [form, { encode }] of Object.entries(ECHO_FORMS)) body[`${name}-${kind}-${form}`] = encode(fragment);
    }
  }
  response.writeHead(200, { ...JSON_HEADERS, ...headers }).end(JSON.stringify(body));
}

/** "echo-credentials", "echo-encoded-credentials" and "echo-credential-fragments". */
export const ECHO_ANSWERS = {
  "echo-credentials": echoCredentials,
  "echo-encoded-credentials": echoEncodedCredentials,
  "echo-credential-fragments": echoCredentialFragments,
} satisfies HostileAnswers;
