/** Writes a ReferenceResponse: JSON with Content-Type application/json (§4), or a fault's raw text. */
import type { ServerResponse } from "node:http";
import type { ReferenceResponse } from "./ReferenceResponse.js";

/** Serialises and sends `response`. */
export function writeReferenceResponse(socket: ServerResponse, response: ReferenceResponse): void {
  const headers: Record<string, string> = { ...response.headers };
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  let payload = "";
  if (response.text !== undefined) {
    payload = response.text;
    if (!hasType) headers["Content-Type"] = "text/plain; charset=utf-8";
  } else if (response.json !== undefined) {
    payload = JSON.stringify(response.json);
    if (!hasType) headers["Content-Type"] = "application/json";
  }
  const bytes = Buffer.from(payload, response.text === undefined ? "utf8" : (response.encoding ?? "utf8"));
  headers["Content-Length"] = String(bytes.length);
  socket.writeHead(response.status, headers);
  socket.end(bytes);
}
