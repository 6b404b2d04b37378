/** bodyDecoding and decodingFailure (issue 25.3): which codings are decoded, which are named as unreadable, and which errors are a decoder's. */
import { gzipSync, deflateSync, brotliCompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bodyDecoding, decodingFailure } from "../../../../runner/http/bodyDecoding.js";

async function decoded(header: string, data: Buffer): Promise<string> {
  const decoding = bodyDecoding(header);
  if (decoding.kind !== "decode") throw new Error(`expected a decoder for ${header}, got ${decoding.kind}`);
  decoding.stream.end(data);
  const chunks: Buffer[] = [];
  for await (const chunk of decoding.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

describe("bodyDecoding", () => {
  it("reads no coding, identity, and any case or padding of them as the body as it came", () => {
    for (const header of [undefined, "", " identity ", "IDENTITY"])
      expect(bodyDecoding(header)).toEqual({ kind: "identity" });
  });

  it("decodes gzip, x-gzip, deflate and br, whatever their case", async () => {
    expect(await decoded("gzip", gzipSync("g"))).toBe("g");
    expect(await decoded(" X-GZIP", gzipSync("x"))).toBe("x");
    expect(await decoded("Deflate", deflateSync("d"))).toBe("d");
    expect(await decoded("br", brotliCompressSync("b"))).toBe("b");
    const gzip = bodyDecoding("GZIP");
    expect(gzip.kind === "decode" ? gzip.encoding : gzip.kind).toBe("gzip");
  });

  it("names a coding it cannot decode, as the target wrote it", () => {
    expect(bodyDecoding("Zstd")).toEqual({
      kind: "unsupported",
      failure: {
        kind: "protocol",
        message:
          'the body is encoded with Content-Encoding "Zstd", which the suite cannot decode (it reads gzip, deflate and br).',
      },
    });
    expect(bodyDecoding("gzip, br").kind).toBe("unsupported");
  });
});

describe("decodingFailure", () => {
  it("names a decoder's own errors with the coding, and leaves others alone", () => {
    for (const code of [
      "Z_DATA_ERROR",
      "Z_BUF_ERROR",
      "ERR_BROTLI_DECOMPRESSION_FAILED",
      "ERR__ERROR_FORMAT_PADDING_1",
    ])
      expect(decodingFailure(Object.assign(new Error("bad"), { code }), "gzip")).toEqual({
        kind: "protocol",
        message: `the body declares Content-Encoding gzip but does not decode (${code}).`,
      });
    for (const error of [
      Object.assign(new Error("reset"), { code: "ECONNRESET" }),
      new Error("no code"),
      null,
      "Z_DATA_ERROR",
      { code: 5 },
    ])
      expect(decodingFailure(error, "gzip")).toBeUndefined();
  });
});
