/** Hostile answers too big to hold or to parse naively: a huge stream, deep nesting, a million non-objects. */
import type { ServerResponse } from "node:http";
import { JSON_HEADERS, type HostileAnswers, type HostileExchange } from "../HostileExchange.js";

/** Writes `total` bytes of JSON-ish filler in 64 KiB chunks, waiting for 'drain' (memory stays flat). */
function streamHuge(response: ServerResponse, total: number, count: (bytes: number) => void): void {
  const chunk = Buffer.alloc(64 * 1024, "a");
  let left = total;
  response.writeHead(200, { "content-type": "application/json", "content-length": String(total) });
  const pump = (): void => {
    while (left > 0 && !response.destroyed) {
      const size = Math.min(left, chunk.length);
      left -= size;
      count(size);
      if (!response.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        response.once("drain", pump);
        return;
      }
    }
    if (left === 0) response.end();
  };
  pump();
}

/** 200 JSON whose listings hold one item nested deepJsonLevels arrays deep. */
function deepJson({ response, settings, cachedBody }: HostileExchange): void {
  const body = cachedBody("deep-json", () => {
    const deep = "[".repeat(settings.deepJsonLevels) + "]".repeat(settings.deepJsonLevels);
    const info = '{"totalElements":1,"totalPages":1}';
    const listings = `"widgets":[${deep}],"landingPages":[${deep}],"filters":[${deep}]`;
    return `{${listings},"analytic":${deep},"id":${deep},"listInformation":${info}}`;
  });
  response.writeHead(200, JSON_HEADERS).end(body);
}

/** 200 listing of invalidItems items that are not objects, with consistent totals. */
function invalidItems({ path, response, settings, cachedBody }: HostileExchange): void {
  const field = path.endsWith("listLandingPages")
    ? "landingPages"
    : path.endsWith("getRoleFilters")
      ? "filters"
      : "widgets";
  const body = cachedBody(`invalid-items ${field}`, () => {
    const items = new Array<string>(settings.invalidItems).fill("0").join(",");
    const totals = `{"totalElements":${settings.invalidItems},"totalPages":${Math.ceil(settings.invalidItems / 10)}}`;
    return `{"${field}":[${items}],"listInformation":${totals}}`;
  });
  response.writeHead(200, JSON_HEADERS).end(body);
}

/** "huge", "deep-json" and "invalid-items". */
export const OVERSIZED_ANSWERS = {
  huge: ({ response, settings, countStreamed }) => streamHuge(response, settings.hugeBytes, countStreamed),
  "deep-json": deepJson,
  "invalid-items": invalidItems,
} satisfies HostileAnswers;
