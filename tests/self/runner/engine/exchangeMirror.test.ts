/** The CLI's mirror of the exchanges the checks' thread keeps (runner/engine/exchangeMirror.ts, issue 41.3). */
import { describe, expect, it } from "vitest";
import { exchangePoster, openExchangeMirror } from "../../../../runner/engine/exchangeMirror.js";
import { ExchangeLog } from "../../../../runner/engine/ExchangeLog.js";
import type { Exchange } from "../../../../runner/model/Exchange.js";

function exchange(path: string): Exchange {
  return {
    request: { method: "POST", url: `http://127.0.0.1:1${path}`, headers: { authorization: "Bearer t" } },
    response: { status: 200, headers: {}, bodyText: "{}", json: {} },
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1,
  } as unknown as Exchange;
}

describe("exchange mirror", () => {
  it("holds every entry posted on its channel, as the sender's log kept it, within its own bounds", async () => {
    const mirror = openExchangeMirror(2);
    try {
      const post = exchangePoster(mirror.name);
      const log = new ExchangeLog(10);
      for (const path of ["/a", "/b", "/c"]) post(log.add(exchange(path)));
      const snapshot = await mirror.snapshot();
      expect(snapshot.entries.map((entry) => entry.request.url)).toEqual([
        "http://127.0.0.1:1/b",
        "http://127.0.0.1:1/c",
      ]);
      expect(snapshot.seen).toBe(3);
      expect(snapshot.dropped).toBe(1);
    } finally {
      mirror.close();
    }
  });

  it("hears nothing of another run's channel", async () => {
    const mine = openExchangeMirror(5);
    const other = openExchangeMirror(5);
    try {
      exchangePoster(other.name)(new ExchangeLog(5).add(exchange("/x")));
      expect((await mine.snapshot()).entries).toEqual([]);
      expect((await other.snapshot()).entries).toHaveLength(1);
    } finally {
      mine.close();
      other.close();
    }
  });
});
