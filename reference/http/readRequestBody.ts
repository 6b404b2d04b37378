/** Reads a request body up to a limit, draining (not storing) the rest so the client always gets an answer. */
import type { IncomingMessage } from "node:http";

/** Largest accepted request body; the spec states no payload limit (§8), requests here are tiny. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** Beyond this the connection is dropped instead of drained. */
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

/** A request body: its text, unless more than the limit arrived; its size either way. */
export interface ReadBody {
  readonly text?: string;
  readonly bytes: number;
}

/** Reads the body; `text` is absent once more than `limit` bytes arrived. */
export function readRequestBody(request: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) request.destroy();
      else if (size <= limit) chunks.push(chunk);
    });
    request.on("end", () =>
      resolve(size > limit ? { bytes: size } : { text: Buffer.concat(chunks).toString("utf8"), bytes: size }),
    );
    request.on("error", reject);
  });
}
