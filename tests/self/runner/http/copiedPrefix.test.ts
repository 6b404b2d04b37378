/** Texts kept for the run hold no answer they were cut from (V8 keeps slices as views on the whole). */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { copiedPrefix, copiedText } from "../../../../runner/http/copiedPrefix.js";
import { compactResult } from "../../../../runner/execute/compactResult.js";
import type { CheckResult } from "../../../../runner/model/RunReport.js";
import { ExchangeLog } from "../../../../runner/engine/ExchangeLog.js";
import type { Exchange } from "../../../../runner/model/Exchange.js";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const MiB = 1024 * 1024;
const BODIES = 100;

/** A fresh 2 MB body each time (no constant V8 could share). */
const body = (i: number): string => Buffer.alloc(2_000_000, 48 + (i % 10)).toString("latin1") + String(i);

/** Heap growth after keeping what `keep` returns for 100 bodies of 2 MB. */
function heapKept(keep: (text: string) => unknown): number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: BODIES }, (_, i) => keep(body(i)));
  collectGarbage();
  const grown = process.memoryUsage().heapUsed - before;
  expect(kept).toHaveLength(BODIES);
  return grown;
}

describe("copiedPrefix and copiedText", () => {
  it("a slice kept from each of 100 bodies of 2 MB holds the bodies; a copied prefix does not", () => {
    expect(heapKept((text) => text.slice(0, 64 * 1024))).toBeGreaterThan(150 * MiB); // the hazard is real
    expect(heapKept((text) => copiedPrefix(text, 64 * 1024))).toBeLessThan(30 * MiB);
  });

  it("keeps the text exactly, lone surrogates and all, cut at maxChars code units", () => {
    const text = "a\uD83D\uDE00b\uD800c";
    expect(copiedText(text)).toBe(text);
    expect(copiedPrefix(text, 2)).toBe("a\uD83D");
    expect(copiedPrefix(text, 100)).toBe(text);
  });

  const exchangeWith = (bodyText: string): Exchange =>
    ({
      request: { method: "POST", url: "http://t/x", headers: {} },
      response: { status: 200, headers: {}, bodyText, truncated: false },
      startedAt: "",
      durationMs: 1,
      isJson: false,
      curl: "curl",
    }) as unknown as Exchange;

  it("the HAR log keeps cut bodies, not the answers they were cut from", () => {
    const log = new ExchangeLog();
    expect(heapKept((text) => log.add(exchangeWith(text)))).toBeLessThan(30 * MiB);
    expect(log.snapshot().entries).toHaveLength(BODIES);
  });

  it("compactResult keeps neither the answers its evidence quotes nor those its message quotes", () => {
    const grown = heapKept((text) => {
      const exchange = exchangeWith(text);
      const result = {
        checkId: "c.x",
        operation: "getWidget",
        outcome: "failed",
        message: `saw ${text.slice(0, 200)}`,
        actual: text.slice(0, 300),
        evidence: [{ label: "page", exchange }],
      };
      return compactResult(result as unknown as CheckResult);
    });
    expect(grown).toBeLessThan(30 * MiB);
  });
});
