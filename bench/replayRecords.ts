/**
 * The floor for a Node client: sends recorded requests again with a bare undici Pool (same
 * paths, headers, bodies and concurrency), reads each body and parses the JSON ones — no
 * generation, validation, evidence or reporting.
 */
import { Pool } from "undici";
import { CREDENTIAL_PLACEHOLDERS, type ReferenceRequestRecord } from "../reference/http/ReferenceRequestRecord.js";

/** Credentials that replace the placeholders of the records. */
export interface ReplayCredentials {
  readonly clientId: string;
  readonly token: string;
  readonly restrictedToken: string;
}

/** Headers the client sets itself (or must not send). */
const CONNECTION_HEADERS = new Set([
  "host",
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "expect",
]);

function withCredentials(value: string, credentials: ReplayCredentials): string {
  let result = value;
  for (const key of ["restrictedToken", "token", "clientId"] as const)
    result = result.split(CREDENTIAL_PLACEHOLDERS[key]).join(credentials[key]);
  return result;
}

/** The request a record describes, ready for undici. */
function replayableRequest(record: ReferenceRequestRecord, credentials: ReplayCredentials) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(record.headers)) {
    if (!CONNECTION_HEADERS.has(name)) headers[name] = withCredentials(value, credentials);
  }
  // A body over the server's limit was not kept: send one of the same size.
  const body = record.body ?? (record.bodyBytes > 0 ? "x".repeat(record.bodyBytes) : undefined);
  return {
    path: withCredentials(record.path, credentials),
    method: record.method as "POST",
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** Sends every record, `concurrency` at a time; resolves with the statuses received, in record order. */
export async function replayRecords(
  records: readonly ReferenceRequestRecord[],
  baseUrl: string,
  credentials: ReplayCredentials,
  concurrency: number,
): Promise<number[]> {
  const pool = new Pool(new URL(baseUrl).origin, { connections: concurrency });
  const statuses: number[] = new Array<number>(records.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < records.length) {
      const index = next++;
      const response = await pool.request(replayableRequest(records[index]!, credentials));
      const text = await response.body.text();
      if (String(response.headers["content-type"] ?? "").includes("json")) {
        try {
          JSON.parse(text);
        } catch {
          // The floor only pays for parsing; a body that is not JSON costs nothing more.
        }
      }
      statuses[index] = response.statusCode;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  } finally {
    await pool.close();
  }
  return statuses;
}
