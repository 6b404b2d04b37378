/**
 * Decoding of a Content-Encoding the target used unasked. The suite sends no Accept-Encoding,
 * and RFC 9110 §12.5.3 then lets a server use any coding, so gzip, deflate and br are decoded
 * (streaming: the caller caps the decoded bytes, so a gzip bomb stops at the cap); a coding the
 * suite cannot decode is named in the failure, never mistaken for a body that is not JSON.
 */
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Transform } from "node:stream";
import type { TransportFailure } from "../model/Exchange.js";

/** How to read a body: as it came, through a decoder, or not at all. */
export type BodyDecoding =
  | { readonly kind: "identity" }
  | { readonly kind: "decode"; readonly encoding: string; readonly stream: Transform }
  | { readonly kind: "unsupported"; readonly failure: TransportFailure };

const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => createGunzip(),
  "x-gzip": () => createGunzip(),
  deflate: () => createInflate(),
  br: () => createBrotliDecompress(),
};

/** The decoding for a Content-Encoding header value (absent or "identity": none). */
export function bodyDecoding(header: string | undefined): BodyDecoding {
  const encoding = (header ?? "").trim().toLowerCase();
  if (encoding === "" || encoding === "identity") return { kind: "identity" };
  const make = DECODERS[encoding];
  if (make) return { kind: "decode", encoding, stream: make() };
  return {
    kind: "unsupported",
    failure: {
      kind: "protocol",
      message: `the body is encoded with Content-Encoding ${JSON.stringify(header)}, which the suite cannot decode (it reads gzip, deflate and br).`,
    },
  };
}

/** A decoder's own error (corrupt data), as a failure naming the encoding; undefined for any other error. */
export function decodingFailure(error: unknown, encoding: string): TransportFailure | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (
    typeof code !== "string" ||
    !(code.startsWith("Z_") || code.startsWith("ERR_BROTLI") || code === "ERR__ERROR_FORMAT_PADDING_1")
  )
    return undefined;
  return { kind: "protocol", message: `the body declares Content-Encoding ${encoding} but does not decode (${code}).` };
}
