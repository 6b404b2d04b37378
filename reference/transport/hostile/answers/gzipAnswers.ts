/** Hostile answers gzipped unasked: a small body, and a bomb that inflates to bombBytes of zeros. */
import { constants as zlibConstants, createGzip, gzipSync } from "node:zlib";
import { JSON_HEADERS, type HostileAnswers } from "../HostileExchange.js";

const bombs = new Map<number, Promise<Buffer>>();

/** `bytes` zeros, gzipped as a stream (only the ~0.1% compressed output is held in memory); made once per size. */
export function gzipOfZeros(bytes: number): Promise<Buffer> {
  let made = bombs.get(bytes);
  if (!made) bombs.set(bytes, (made = makeGzipOfZeros(bytes)));
  return made;
}

function makeGzipOfZeros(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: zlibConstants.Z_BEST_COMPRESSION });
    const out: Buffer[] = [];
    gzip.on("data", (chunk: Buffer) => out.push(chunk));
    gzip.on("end", () => resolve(Buffer.concat(out)));
    gzip.on("error", reject);
    const zeros = Buffer.alloc(1024 * 1024);
    let left = bytes;
    const pump = (): void => {
      while (left > 0) {
        const size = Math.min(left, zeros.length);
        left -= size;
        if (!gzip.write(size === zeros.length ? zeros : zeros.subarray(0, size))) {
          gzip.once("drain", pump);
          return;
        }
      }
      gzip.end();
    };
    pump();
  });
}

/** "gzip" and "gzip-bomb". */
export const GZIP_ANSWERS = {
  gzip: ({ response }) =>
    response
      .writeHead(200, { ...JSON_HEADERS, "content-encoding": "gzip" })
      .end(gzipSync(JSON.stringify({ ok: true, encoded: "gzip" }))),
  "gzip-bomb": ({ response, gzipBomb }) => {
    void gzipBomb().then((body) =>
      response
        .writeHead(200, { ...JSON_HEADERS, "content-encoding": "gzip", "content-length": String(body.length) })
        .end(body),
    );
  },
} satisfies HostileAnswers;
