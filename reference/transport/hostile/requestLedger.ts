/** What the hostile target keeps of its requests: each one, the hits per path and how many were open at once. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HostileRequestRecord } from "./HostileRequestRecord.js";
import { flatHeaders } from "./requestHeaders.js";

type MutableRecord = { -readonly [K in keyof HostileRequestRecord]: HostileRequestRecord[K] };

/** The record of every request, filled in as requests arrive and end. */
export interface RequestLedger {
  /** Records a request that just arrived; the record's body is set once read, its end when the answer ends. */
  track(path: string, request: IncomingMessage, response: ServerResponse): { body: string };
  /** Requests received on exactly this path (without query). */
  hits(path: string): number;
  /** Copies of every record, in arrival order. */
  requests(): readonly HostileRequestRecord[];
  /** The most requests that were open at the same time. */
  maxConcurrent(): number;
}

/** An empty ledger. */
export function createRequestLedger(): RequestLedger {
  const records: MutableRecord[] = [];
  const hitsByPath = new Map<string, number>();
  let open = 0;
  let maxOpen = 0;
  return {
    track: (path, request, response) => {
      hitsByPath.set(path, (hitsByPath.get(path) ?? 0) + 1);
      const record: MutableRecord = {
        method: request.method ?? "",
        path,
        headers: flatHeaders(request),
        body: "",
        arrivedAt: performance.now(),
        endedAt: undefined,
      };
      records.push(record);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      const end = (): void => {
        if (record.endedAt !== undefined) return;
        record.endedAt = performance.now();
        open -= 1;
      };
      response.once("finish", end);
      response.once("close", end); // also when the connection goes away first
      return record;
    },
    hits: (path) => hitsByPath.get(path) ?? 0,
    requests: () => records.map((record) => ({ ...record })),
    maxConcurrent: () => maxOpen,
  };
}
