/** Hostile answers that break HTTP on the wire: bodies cut short, stalled or reset, an unasked 100 Continue. */
import { JSON_HEADERS, type HostileAnswers, type HostileExchange } from "../HostileExchange.js";

/** Headers and part of the body, then a TCP reset. */
function resetMidBody({ request, response, later }: HostileExchange): void {
  response.writeHead(200, { ...JSON_HEADERS, "content-length": "100000" });
  response.write('{"reset":"' + "x".repeat(1000), () => {
    later(20, () => request.socket.resetAndDestroy());
  });
}

/** An unsolicited "100 Continue", then the 200 JSON answer. */
function continue100({ request }: HostileExchange): void {
  // Raw bytes: Node's response object sends 100 only when the client asked for it.
  const body = JSON.stringify({ ok: true, after: "100 Continue" });
  const head = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close`;
  request.socket.end(`HTTP/1.1 100 Continue\r\n\r\n${head}\r\n\r\n${body}`);
}

/** "stall-mid-body", "reset-mid-body", "truncated" and "continue-100". */
export const BROKEN_WIRE_ANSWERS = {
  "stall-mid-body": ({ response }) => {
    response.writeHead(200, { ...JSON_HEADERS, "content-length": "1000" });
    response.write('{"stalled":"...'); // never more
  },
  "reset-mid-body": resetMidBody,
  // Raw bytes: Node's own response object refuses to send fewer bytes than it announced.
  truncated: ({ request }) =>
    request.socket.end(
      "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n" + '{"truncated":"abc"',
    ),
  "continue-100": continue100,
} satisfies HostileAnswers;
