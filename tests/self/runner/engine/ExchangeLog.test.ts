/** ExchangeLog.ts: the run's last exchanges for the HAR file, in bounded memory, counting what it dropped. */
import { describe, expect, it } from "vitest";
import { ExchangeLog } from "../../../../runner/engine/ExchangeLog.js";
import { fakeExchange } from "./engineDoubles.js";

const numbered = (index: number, body = "{}") =>
  fakeExchange({ text: `answer ${index}` }, { url: `http://target.test/${index}`, body });

describe("ExchangeLog", () => {
  it("keeps every exchange, oldest first, while under its limit", () => {
    const log = new ExchangeLog(3);
    for (const index of [1, 2]) log.add(numbered(index));
    const snapshot = log.snapshot();
    expect(snapshot.entries.map((entry) => entry.request.url)).toEqual([
      "http://target.test/1",
      "http://target.test/2",
    ]);
    expect(snapshot).toMatchObject({ seen: 2, dropped: 0, limit: 3 });
  });

  it("keeps the last `limit` exchanges and counts the ones it dropped", () => {
    const log = new ExchangeLog(3);
    for (const index of [1, 2, 3, 4, 5]) log.add(numbered(index));
    const snapshot = log.snapshot();
    expect(snapshot.entries.map((entry) => entry.response?.bodyText)).toEqual(["answer 3", "answer 4", "answer 5"]);
    expect(snapshot).toMatchObject({ seen: 5, dropped: 2 });
  });

  it("cuts each body at maxBodyChars and says how many characters it left out", () => {
    const log = new ExchangeLog(5, 4);
    log.add(numbered(1, "0123456789"));
    const [entry] = log.snapshot().entries;
    expect(entry?.request.body).toBe("0123");
    expect(entry?.response?.bodyText).toBe("answ");
    expect(entry?.bodyCharsCut).toBe(6 + 4);
  });

  it("drops the oldest while the kept bodies exceed maxTotalChars, but always keeps the newest", () => {
    const log = new ExchangeLog(10, 1000, 25);
    for (const index of [1, 2, 3]) log.add(numbered(index, "x".repeat(10)));
    // Each entry holds 10 + 8 characters: two exceed 25, so only the newest stays.
    expect(log.snapshot().entries.map((entry) => entry.response?.bodyText)).toEqual(["answer 3"]);
    expect(log.snapshot().dropped).toBe(2);
    const tiny = new ExchangeLog(10, 1000, 1);
    tiny.add(numbered(9, "x".repeat(100)));
    expect(tiny.snapshot().entries).toHaveLength(1);
  });

  it("refuses a limit below 1 or not whole", () => {
    for (const limit of [0, -1, 1.5]) expect(() => new ExchangeLog(limit)).toThrow(RangeError);
  });
});
