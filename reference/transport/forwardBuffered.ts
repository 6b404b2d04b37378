/** Forwards a request to a target whole and hands back the target's whole answer (the gateway's and the proxy's upstream leg). */
import {
  request as httpRequest,
  type Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from "node:http";

/** The target's answer, read to its end. */
export interface BufferedAnswer {
  /** The status, 502 when the target gave none. */
  readonly status: number;
  /** The end-to-end headers, each as one string (the hop-by-hop ones left out: the body is re-sent with a length). */
  readonly headers: Record<string, string>;
  readonly payload: Buffer;
}

/** Where and how to forward. */
export interface ForwardTo {
  readonly target: URL;
  /** The headers sent upstream. */
  readonly headers: OutgoingHttpHeaders;
  /** The agent of the upstream connections (Node's global one when left out). */
  readonly agent?: Agent;
}

const HOP_BY_HOP = new Set(["transfer-encoding", "connection", "keep-alive"]);

function endToEndHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/** Reads `request` to its end, sends it to the target with the same method and path, and calls `answered` or `failed`. */
export function forwardBuffered(
  request: IncomingMessage,
  forward: ForwardTo,
  answered: (answer: BufferedAnswer) => void,
  failed: () => void,
): void {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const upstream = httpRequest(
      {
        agent: forward.agent,
        host: forward.target.hostname,
        port: forward.target.port,
        path: request.url,
        method: request.method,
        headers: forward.headers,
      },
      (answer) => {
        const body: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => body.push(chunk));
        answer.on("end", () =>
          answered({
            status: answer.statusCode ?? 502,
            headers: endToEndHeaders(answer.headers),
            payload: Buffer.concat(body),
          }),
        );
      },
    );
    upstream.on("error", failed);
    upstream.end(Buffer.concat(chunks));
  });
}
