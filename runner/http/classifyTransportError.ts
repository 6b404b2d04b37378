/** Turns whatever undici or the socket threw into a TransportFailure: a kind and one sentence. */
import type { TransportFailure } from "../model/Exchange.js";
import type { ProxyHop } from "./proxyForOrigin.js";

/** What was known when the error came. */
export interface TransportErrorContext {
  /** Our own deadline fired (the abort reason is then ours, whatever undici calls it). */
  readonly timedOut: boolean;
  readonly timeoutMs: number;
  /** Whether the status line and headers had arrived. */
  readonly headersReceived: boolean;
  readonly bytesReceived: number;
  /** The response's Content-Length, when it announced one. */
  readonly contentLength: number | undefined;
  /** scheme://host:port of the target, for messages. */
  readonly origin: string;
  /** The proxy the request went through, when one did: a connection that failed is then the proxy's. */
  readonly proxy?: ProxyHop;
}

/** The start of the failure of an answer whose headers are over the client's limit (suiteTrouble.ts recognises it). */
export const RESPONSE_HEADERS_LIMIT_WORDS = "the response headers exceed";

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  return codeOf((error as { cause?: unknown }).cause);
}

/** TLS alerts a server sends when it wants a client certificate it did not get, or does not accept the one it got. */
const CLIENT_CERTIFICATE_ALERT =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|ACCESS_DENIED)$/;

/** Certificate errors that mean "the issuer is not trusted here". */
const UNKNOWN_AUTHORITY = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_UNTRUSTED",
  "CERT_SIGNATURE_FAILURE",
]);

/** The TLS failure an error code stands for, named for the user; undefined when the code is no TLS code. */
function tlsFailure(code: string, origin: string, error: unknown): TransportFailure | undefined {
  if (UNKNOWN_AUTHORITY.has(code)) {
    return {
      kind: "tls",
      message:
        `the certificate of ${origin} is signed by an unknown authority (${code}): ` +
        "give --ca-file with your company's CA certificate (PEM), or --insecure to skip verification.",
    };
  }
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") {
    return {
      kind: "tls",
      message: `the certificate of ${origin} is not valid at this time (${code}); --insecure skips verification.`,
    };
  }
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID" || code === "HOSTNAME_MISMATCH") {
    return {
      kind: "tls",
      message: `the certificate of ${origin} is not valid for this host name (${code}): use the host name it was issued for, or --insecure.`,
    };
  }
  if (CLIENT_CERTIFICATE_ALERT.test(code)) {
    return {
      kind: "tls",
      message:
        `${origin} refused the TLS handshake for want of an acceptable client certificate (${code}): ` +
        "give --cert and --key (mTLS) with a certificate signed by an authority it trusts.",
    };
  }
  if (code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_") || code === "EPROTO" || /^(CERT|UNABLE)_/.test(code)) {
    return {
      kind: "tls",
      message: `the TLS handshake with ${origin} failed (${code}: ${firstSentence(messageOf(error))}) Is it an https port?`,
    };
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "ETIMEDOUT",
]);

/** Our deadline, or undici's or the socket's timers: which phase timed out. */
function timeoutFailure(code: string | undefined, context: TransportErrorContext): TransportFailure | undefined {
  const { timeoutMs, headersReceived, bytesReceived, origin } = context;
  if (!context.timedOut && (code === undefined || !TIMEOUT_CODES.has(code))) return undefined;
  if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") {
    return { kind: "timeout", message: `could not connect to ${origin} within ${timeoutMs} ms.` };
  }
  return {
    kind: "timeout",
    message: headersReceived
      ? `response body not complete within ${timeoutMs} ms (${bytesReceived} bytes received).`
      : `no response headers within ${timeoutMs} ms.`,
  };
}

/** A proxy that refused the tunnel (its status in undici's message), or the TLS to the proxy failed. */
function proxyFailure(text: string, code: string | undefined, origin: string): TransportFailure | undefined {
  if (!/^Proxy response \((\d+)\)/.test(text) && code !== "UND_ERR_PRX_TLS") return undefined;
  const status = /\((\d+)\)/.exec(text)?.[1];
  const what =
    status === "407" ? "the user and password in HTTPS_PROXY / HTTP_PROXY" : "HTTPS_PROXY, HTTP_PROXY and NO_PROXY";
  return {
    kind: "proxy",
    message: `the proxy refused to connect to ${origin}${status ? ` (${status})` : ""}; check ${what}.`,
  };
}

/** The codes of a connection that could not be opened: refused, no such host, or not within the time. */
const UNOPENED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "EAI_NODATA",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * A connection to the proxy that could not be opened: with a proxy the suite connects to it, never to the
 * target (a target the proxy cannot reach is the proxy's answer, a 502 or "Proxy response (502)").
 */
function proxyHopFailure(code: string | undefined, context: TransportErrorContext): TransportFailure | undefined {
  const { proxy, origin } = context;
  if (proxy === undefined || code === undefined || !UNOPENED.has(code)) return undefined;
  const what =
    code === "ECONNREFUSED"
      ? `connection refused by the proxy ${proxy.url}`
      : code === "UND_ERR_CONNECT_TIMEOUT"
        ? `could not connect to the proxy ${proxy.url} within ${context.timeoutMs} ms`
        : `the host name of the proxy ${proxy.url} could not be resolved (${code})`;
  return {
    kind: "proxy",
    message:
      `${what} (${proxy.variable}), on the way to ${origin}: the request never reached the target; ` +
      `is the proxy running? Check ${proxy.variable} and NO_PROXY.`,
  };
}

/** Failures of the connection itself: refused, no such host, reset, closed by this client, unsendable. */
function connectionFailure(
  code: string | undefined,
  context: TransportErrorContext,
  error: unknown,
): TransportFailure | undefined {
  const { headersReceived, bytesReceived, origin } = context;
  switch (code) {
    case "ECONNREFUSED":
      return { kind: "connection-refused", message: `connection refused by ${origin}: is the target running?` };
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
    case "EAI_NODATA":
      return { kind: "dns", message: `the host name of ${origin} could not be resolved (${code}).` };
    case "ECONNRESET":
    case "EPIPE":
      return {
        kind: "connection-reset",
        message: headersReceived
          ? `the target reset the connection mid-body after ${bytesReceived} bytes.`
          : "the target reset the connection before answering.",
      };
    case "UND_ERR_DESTROYED":
    case "UND_ERR_CLOSED":
      return { kind: "other", message: "the HTTP client was closed before the answer came." };
    case "UND_ERR_INVALID_ARG":
      return { kind: "other", message: `the request could not be sent: ${firstSentence(messageOf(error))}` };
    default:
      return undefined;
  }
}

/** Failures of an answer that came in part: a body shorter than announced, a socket closed mid-answer, headers too large. */
function answerFailure(code: string | undefined, context: TransportErrorContext): TransportFailure | undefined {
  const { headersReceived, bytesReceived, contentLength } = context;
  switch (code) {
    case "UND_ERR_RES_CONTENT_LENGTH_MISMATCH":
      // Before the headers were handed over, the whole answer was parsed at once and found inconsistent.
      if (!headersReceived || contentLength === undefined) return parserRefused(CONTENT_LENGTH_REFUSED);
      return truncated(bytesReceived, contentLength);
    case "UND_ERR_SOCKET":
      if (!headersReceived)
        return { kind: "connection-reset", message: "the target closed the connection without answering." };
      if (contentLength !== undefined && bytesReceived < contentLength) return truncated(bytesReceived, contentLength);
      return { kind: "protocol", message: `the target closed the connection mid-body after ${bytesReceived} bytes.` };
    case "UND_ERR_HEADERS_OVERFLOW":
      return { kind: "protocol", message: `${RESPONSE_HEADERS_LIMIT_WORDS} 16 KiB.` };
    default:
      return undefined;
  }
}

/** Anything else: an answer the parser refused, malformed HTTP, or the error's own words. */
function otherFailure(code: string | undefined, text: string, error: unknown): TransportFailure {
  if (PARSER_REFUSAL.test(text)) return parserRefused(refusalReason(text));
  if (code?.startsWith("HPE_") === true) {
    return {
      kind: "protocol",
      message: `malformed HTTP from the target (${code}: ${firstSentence(messageOf(error))})`,
    };
  }
  return {
    kind: "other",
    message: `the request failed: ${firstSentence(messageOf(error))}${code === undefined ? "" : ` (${code})`}`,
  };
}

/** Classifies an error thrown while sending a request or reading its answer. Never throws. */
export function classifyTransportError(error: unknown, context: TransportErrorContext): TransportFailure {
  const code = codeOf(error);
  const text = messageOf(error);
  return (
    proxyHopFailure(code, context) ??
    timeoutFailure(code, context) ??
    (code === undefined ? undefined : tlsFailure(code, context.origin, error)) ??
    proxyFailure(text, code, context.origin) ??
    connectionFailure(code, context, error) ??
    answerFailure(code, context) ??
    otherFailure(code, text, error)
  );
}

/** undici's message for an answer its HTTP/1.1 parser (llhttp) refuses, with the parser's reason in parentheses. */
const PARSER_REFUSAL = /^Response does not match the HTTP\/1\.1 protocol/;

const CONTENT_LENGTH_REFUSED =
  "its Content-Length does not match its body: a Content-Length header sent twice " +
  "(RFC 9112 §6.3 lets a recipient accept equal values; this client reads them as one number and refuses them), " +
  "or a wrong length";

/** The parser's reason, with what it usually means. */
function refusalReason(text: string): string {
  const reason = /\(([^)]*)\)/.exec(text)?.[1] ?? text;
  if (/whitespace after header value/i.test(reason))
    return `${reason}: a header continued on the next line (obs-fold), which RFC 9112 §5.2 deprecates`;
  return reason;
}

const PARSER_REFUSED = "the target answered with a response the HTTP parser refuses";

/** The target answered, but with a response the HTTP parser refuses: named as such, never "cannot be reached". */
function parserRefused(reason: string): TransportFailure {
  const bounded = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
  return { kind: "protocol", message: `${PARSER_REFUSED} (${bounded}).` };
}

/** True for a failure of an answer that came but that the HTTP parser refused. */
export function isParserRefusal(failure: TransportFailure | undefined): boolean {
  return failure?.kind === "protocol" && failure.message.startsWith(PARSER_REFUSED);
}

function truncated(bytesReceived: number, contentLength: number | undefined): TransportFailure {
  const announced = contentLength === undefined ? "" : ` of the ${contentLength} announced by Content-Length`;
  return {
    kind: "protocol",
    message: `truncated body: the connection ended after ${bytesReceived} bytes${announced}.`,
  };
}

/** The first line of an error message, bounded, so a failure stays one sentence. */
function firstSentence(text: string): string {
  const line = (text.split("\n")[0] ?? "").trim();
  const bounded = line.length > 200 ? `${line.slice(0, 200)}…` : line;
  return /[.!?]$/.test(bounded) ? bounded : `${bounded}.`;
}
