/**
 * classifyTransportError, error by error (issue 25.3): each kind of failure and its whole sentence, from errors
 * shaped as undici and Node throw them (a code, perhaps on a cause), and what was known when it came.
 */
import { describe, expect, it } from "vitest";
import { classifyTransportError, isParserRefusal } from "../../../../runner/http/classifyTransportError.js";

const ORIGIN = "https://cms.test:8443";
const before = {
  timedOut: false,
  timeoutMs: 500,
  headersReceived: false,
  bytesReceived: 0,
  contentLength: undefined,
  origin: ORIGIN,
};
const midBody = { ...before, headersReceived: true, bytesReceived: 120, contentLength: 400 };

const coded = (code: string, message = `failed with ${code}`): Error => Object.assign(new Error(message), { code });
const caused = (code: string): Error => new Error("fetch failed", { cause: coded(code) });

describe("classifyTransportError", () => {
  it("names timeouts: connecting, waiting for headers, reading the body, and our own deadline", () => {
    expect(classifyTransportError(coded("UND_ERR_CONNECT_TIMEOUT"), before)).toEqual({
      kind: "timeout",
      message: `could not connect to ${ORIGIN} within 500 ms.`,
    });
    expect(classifyTransportError(caused("ETIMEDOUT"), before).message).toBe(
      `could not connect to ${ORIGIN} within 500 ms.`,
    );
    expect(classifyTransportError(coded("UND_ERR_HEADERS_TIMEOUT"), before)).toEqual({
      kind: "timeout",
      message: "no response headers within 500 ms.",
    });
    expect(classifyTransportError(coded("UND_ERR_BODY_TIMEOUT"), midBody)).toEqual({
      kind: "timeout",
      message: "response body not complete within 500 ms (120 bytes received).",
    });
    // Our deadline fired: whatever undici threw is a timeout.
    expect(classifyTransportError(new Error("This operation was aborted"), { ...before, timedOut: true })).toEqual({
      kind: "timeout",
      message: "no response headers within 500 ms.",
    });
  });

  it("names each TLS failure with what to do about it", () => {
    expect(classifyTransportError(caused("SELF_SIGNED_CERT_IN_CHAIN"), before)).toEqual({
      kind: "tls",
      message: `the certificate of ${ORIGIN} is signed by an unknown authority (SELF_SIGNED_CERT_IN_CHAIN): give --ca-file with your company's CA certificate (PEM), or --insecure to skip verification.`,
    });
    for (const code of [
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "CERT_UNTRUSTED",
      "CERT_SIGNATURE_FAILURE",
      "UNABLE_TO_GET_ISSUER_CERT",
      "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    ])
      expect(classifyTransportError(coded(code), before).message, code).toContain("is signed by an unknown authority");
    expect(classifyTransportError(coded("CERT_HAS_EXPIRED"), before)).toEqual({
      kind: "tls",
      message: `the certificate of ${ORIGIN} is not valid at this time (CERT_HAS_EXPIRED); --insecure skips verification.`,
    });
    expect(classifyTransportError(coded("CERT_NOT_YET_VALID"), before).message).toContain("is not valid at this time");
    expect(classifyTransportError(coded("ERR_TLS_CERT_ALTNAME_INVALID"), before)).toEqual({
      kind: "tls",
      message: `the certificate of ${ORIGIN} is not valid for this host name (ERR_TLS_CERT_ALTNAME_INVALID): use the host name it was issued for, or --insecure.`,
    });
    expect(classifyTransportError(coded("HOSTNAME_MISMATCH"), before).message).toContain(
      "is not valid for this host name",
    );
    expect(classifyTransportError(coded("ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED"), before)).toEqual({
      kind: "tls",
      message: `${ORIGIN} refused the TLS handshake for want of an acceptable client certificate (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED): give --cert and --key (mTLS) with a certificate signed by an authority it trusts.`,
    });
    expect(classifyTransportError(coded("ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE"), before).message).toContain(
      "client certificate",
    );
    expect(classifyTransportError(coded("ERR_SSL_WRONG_VERSION_NUMBER", "wrong version number\nmore"), before)).toEqual(
      {
        kind: "tls",
        message: `the TLS handshake with ${ORIGIN} failed (ERR_SSL_WRONG_VERSION_NUMBER: wrong version number.) Is it an https port?`,
      },
    );
    for (const code of ["ERR_TLS_HANDSHAKE_TIMEOUT", "EPROTO", "CERT_REJECTED", "UNABLE_TO_DECRYPT_CERT_SIGNATURE"])
      expect(classifyTransportError(coded(code, "x."), before).message, code).toBe(
        `the TLS handshake with ${ORIGIN} failed (${code}: x.) Is it an https port?`,
      );
  });

  it("names a proxy's refusal, with what to check for a 407", () => {
    expect(classifyTransportError(new Error("Proxy response (407) !== 200 when HTTP Tunneling"), before)).toEqual({
      kind: "proxy",
      message: `the proxy refused to connect to ${ORIGIN} (407); check the user and password in HTTPS_PROXY / HTTP_PROXY.`,
    });
    expect(classifyTransportError(new Error("Proxy response (502) !== 200 when HTTP Tunneling"), before).message).toBe(
      `the proxy refused to connect to ${ORIGIN} (502); check HTTPS_PROXY, HTTP_PROXY and NO_PROXY.`,
    );
    expect(classifyTransportError(coded("UND_ERR_PRX_TLS", "tls to proxy"), before).message).toBe(
      `the proxy refused to connect to ${ORIGIN}; check HTTPS_PROXY, HTTP_PROXY and NO_PROXY.`,
    );
  });

  it("names refused connections, unknown hosts, resets and closed sockets", () => {
    expect(classifyTransportError(caused("ECONNREFUSED"), before)).toEqual({
      kind: "connection-refused",
      message: `connection refused by ${ORIGIN}: is the target running?`,
    });
    for (const code of ["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_NODATA"])
      expect(classifyTransportError(coded(code), before)).toEqual({
        kind: "dns",
        message: `the host name of ${ORIGIN} could not be resolved (${code}).`,
      });
    expect(classifyTransportError(coded("ECONNRESET"), before)).toEqual({
      kind: "connection-reset",
      message: "the target reset the connection before answering.",
    });
    expect(classifyTransportError(coded("EPIPE"), midBody)).toEqual({
      kind: "connection-reset",
      message: "the target reset the connection mid-body after 120 bytes.",
    });
    expect(classifyTransportError(coded("UND_ERR_SOCKET"), before)).toEqual({
      kind: "connection-reset",
      message: "the target closed the connection without answering.",
    });
    expect(classifyTransportError(coded("UND_ERR_SOCKET"), midBody)).toEqual({
      kind: "protocol",
      message: "truncated body: the connection ended after 120 bytes of the 400 announced by Content-Length.",
    });
    expect(classifyTransportError(coded("UND_ERR_SOCKET"), { ...midBody, bytesReceived: 400 })).toEqual({
      kind: "protocol",
      message: "the target closed the connection mid-body after 400 bytes.",
    });
    expect(classifyTransportError(coded("UND_ERR_SOCKET"), { ...midBody, contentLength: undefined }).message).toBe(
      "the target closed the connection mid-body after 120 bytes.",
    );
  });

  it("tells a wrong Content-Length found while parsing from a body cut short", () => {
    const refused = classifyTransportError(coded("UND_ERR_RES_CONTENT_LENGTH_MISMATCH"), before);
    expect(refused).toEqual({
      kind: "protocol",
      message:
        "the target answered with a response the HTTP parser refuses (its Content-Length does not match its body: a Content-Length header sent twice (RFC 9112 §6.3 lets a recipient accept equal values; this client reads them as one number and refuses them), or a wrong length).",
    });
    expect(isParserRefusal(refused)).toBe(true);
    expect(
      classifyTransportError(coded("UND_ERR_RES_CONTENT_LENGTH_MISMATCH"), { ...midBody, contentLength: undefined })
        .message,
    ).toBe(refused.message);
    expect(classifyTransportError(coded("UND_ERR_RES_CONTENT_LENGTH_MISMATCH"), midBody)).toEqual({
      kind: "protocol",
      message: "truncated body: the connection ended after 120 bytes of the 400 announced by Content-Length.",
    });
  });

  it("names what the parser refused, and obs-fold for what it is", () => {
    const folded = classifyTransportError(
      coded(
        "HPE_INVALID_HEADER_TOKEN",
        "Response does not match the HTTP/1.1 protocol (Invalid whitespace after header value)",
      ),
      before,
    );
    expect(folded).toEqual({
      kind: "protocol",
      message:
        "the target answered with a response the HTTP parser refuses (Invalid whitespace after header value: a header continued on the next line (obs-fold), which RFC 9112 §5.2 deprecates).",
    });
    const long = classifyTransportError(
      new Error(`Response does not match the HTTP/1.1 protocol (${"r".repeat(301)})`),
      before,
    );
    expect(long.message).toBe(`the target answered with a response the HTTP parser refuses (${"r".repeat(300)}…).`);
    const exact = classifyTransportError(
      new Error(`Response does not match the HTTP/1.1 protocol (${"r".repeat(300)})`),
      before,
    );
    expect(exact.message).toBe(`the target answered with a response the HTTP parser refuses (${"r".repeat(300)}).`);
    const bare = classifyTransportError(new Error("Response does not match the HTTP/1.1 protocol"), before);
    expect(bare.message).toBe(
      "the target answered with a response the HTTP parser refuses (Response does not match the HTTP/1.1 protocol).",
    );
    expect(isParserRefusal({ kind: "protocol", message: "malformed HTTP from the target" })).toBe(false);
    expect(isParserRefusal({ kind: "other", message: folded.message })).toBe(false);
    expect(isParserRefusal(undefined)).toBe(false);
  });

  it("names other malformed HTTP, oversized headers, a closed client, a bad argument, and anything else", () => {
    expect(classifyTransportError(coded("HPE_INVALID_CONSTANT", "Expected HTTP/"), before)).toEqual({
      kind: "protocol",
      message: "malformed HTTP from the target (HPE_INVALID_CONSTANT: Expected HTTP/.)",
    });
    expect(classifyTransportError(coded("UND_ERR_HEADERS_OVERFLOW"), before)).toEqual({
      kind: "protocol",
      message: "the response headers exceed 16 KiB.",
    });
    for (const code of ["UND_ERR_DESTROYED", "UND_ERR_CLOSED"])
      expect(classifyTransportError(coded(code), before)).toEqual({
        kind: "other",
        message: "the HTTP client was closed before the answer came.",
      });
    expect(classifyTransportError(coded("UND_ERR_INVALID_ARG", "invalid header value!"), before)).toEqual({
      kind: "other",
      message: "the request could not be sent: invalid header value!",
    });
    expect(classifyTransportError(coded("EWHATEVER", "odd"), before)).toEqual({
      kind: "other",
      message: "the request failed: odd. (EWHATEVER)",
    });
    expect(classifyTransportError("a thrown string", before)).toEqual({
      kind: "other",
      message: "the request failed: a thrown string.",
    });
    expect(classifyTransportError(new Error(`  ${"m".repeat(201)}  `), before).message).toBe(
      `the request failed: ${"m".repeat(200)}….`,
    );
    expect(classifyTransportError(new Error("ends well?"), before).message).toBe("the request failed: ends well?");
    expect(classifyTransportError(Object.assign(new Error("x"), { code: 5 }), before).message).toBe(
      "the request failed: x.",
    );
  });
});

describe("classifyTransportError's edge cases", () => {
  it("classifies a thrown null, or an error whose cause is null, as another failure", () => {
    expect(classifyTransportError(null, before)).toEqual({ kind: "other", message: "the request failed: null." });
    expect(classifyTransportError(new Error("fetch failed", { cause: null }), before)).toEqual({
      kind: "other",
      message: "the request failed: fetch failed.",
    });
  });

  it("takes only codes that begin with CERT_ or UNABLE_ as certificate errors", () => {
    expect(classifyTransportError(coded("X_CERT_Y", "odd"), before)).toEqual({
      kind: "other",
      message: "the request failed: odd. (X_CERT_Y)",
    });
  });

  it("takes only a message that begins with Proxy response as a proxy's refusal", () => {
    expect(classifyTransportError(new Error("Upstream Proxy response (502) seen"), before)).toEqual({
      kind: "other",
      message: "the request failed: Upstream Proxy response (502) seen.",
    });
  });

  it("keeps a message of 200 characters whole, ends it with a full stop unless it ends a sentence already", () => {
    const twoHundred = `${"a".repeat(199)}!`;
    expect(classifyTransportError(new Error(twoHundred), before).message).toBe(`the request failed: ${twoHundred}`);
    expect(classifyTransportError(new Error(`${"a".repeat(201)}`), before).message).toBe(
      `the request failed: ${"a".repeat(200)}….`,
    );
    expect(classifyTransportError(new Error("v1.2 broke"), before).message).toBe("the request failed: v1.2 broke.");
  });
});
