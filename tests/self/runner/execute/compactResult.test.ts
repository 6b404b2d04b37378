/**
 * compactResult, value by value (issue 25.3; its memory bound is copiedPrefix.test's): evidence redacted as it
 * will be written, bodies cut at 64 KiB with a note and marked truncated, the parsed body dropped, and the
 * verdict's own texts kept as they are.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { compactResult } from "../../../../runner/execute/compactResult.js";
import type { CheckResult } from "../../../../runner/model/RunReport.js";
import { fakeExchange } from "../engine/engineDoubles.js";

const LIMIT = 64 * 1024;

function result(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    checkId: "http.x",
    title: "X",
    family: "http",
    operation: "getWidget",
    outcome: "failed",
    level: "MUST",
    specRefs: ["7"],
    registerRefs: [],
    message: "m",
    evidence: [],
    durationMs: 1,
    ...overrides,
  };
}

describe("compactResult", () => {
  it("keeps bodies of up to 64 KiB whole, and cuts a longer one with a note, marking the answer truncated", () => {
    const exact = "a".repeat(LIMIT);
    const long = `${"b".repeat(LIMIT)}c`;
    const compact = compactResult(
      result({
        evidence: [
          { label: "exact", exchange: fakeExchange({ text: exact }, { body: exact }) },
          { label: "long", exchange: fakeExchange({ text: long }, { body: long }) },
        ],
      }),
    );
    const [first, second] = compact.evidence;
    expect(first?.exchange.request.body).toBe(exact);
    expect(first?.exchange.response?.bodyText).toBe(exact);
    expect(first?.exchange.response?.truncated).toBe(false);
    const cutText = `${"b".repeat(LIMIT)}\n… [evidence cut: ${LIMIT + 1} characters in all]`;
    expect(second?.exchange.request.body).toBe(cutText);
    expect(second?.exchange.response?.bodyText).toBe(cutText);
    expect(second?.exchange.response?.truncated).toBe(true);
  });

  it("keeps an answer the client already cut marked truncated, and an exchange without body or answer as it is", () => {
    const truncated = fakeExchange({ text: "short" });
    const kept = compactResult(
      result({
        evidence: [
          {
            label: "cut",
            exchange: {
              ...truncated,
              response: { ...(truncated.response as NonNullable<typeof truncated.response>), truncated: true },
            },
          },
          { label: "none", exchange: fakeExchange({ noResponse: true }, { body: undefined }) },
        ],
      }),
    );
    expect(kept.evidence[0]?.exchange.response?.truncated).toBe(true);
    expect(kept.evidence[1]?.exchange.response).toBeUndefined();
    expect("body" in (kept.evidence[1]?.exchange.request ?? {})).toBe(false);
  });

  it("drops the parsed body and keeps the verdict's texts, expected and actual only when given", () => {
    const compact = compactResult(
      result({
        message: "msg",
        expected: "e",
        actual: "a",
        evidence: [{ label: "j", exchange: fakeExchange({ json: { a: 1 } }) }],
      }),
    );
    expect([compact.message, compact.expected, compact.actual]).toEqual(["msg", "e", "a"]);
    expect("json" in (compact.evidence[0]?.exchange ?? {})).toBe(false);
    expect(compact.evidence[0]?.exchange.response?.bodyText).toBe('{"a":1}');
    const bare = compactResult(result());
    expect("expected" in bare || "actual" in bare).toBe(false);
    expect(bare).toEqual(result());
  });

  it("keeps copies of expected and actual, not the answers they were cut from", () => {
    setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    const MiB = 1024 * 1024;
    /** Heap growth after keeping the compact results of 40 verdicts, each quoting 300 characters of a fresh 1 MB answer. */
    const heapKept = (quote: (text: string) => Partial<CheckResult>): number => {
      collectGarbage();
      const before = process.memoryUsage().heapUsed;
      const kept = Array.from({ length: 40 }, (_, i) =>
        compactResult(result(quote(Buffer.alloc(1_000_000, 48 + (i % 10)).toString("latin1") + String(i)))),
      );
      collectGarbage();
      expect(kept).toHaveLength(40);
      return process.memoryUsage().heapUsed - before;
    };
    // A slice of 300 characters is a view on its whole answer (V8): kept as is, the 40 answers would stay, 40 MB.
    expect(heapKept((text) => ({ expected: text.slice(0, 300) }))).toBeLessThan(10 * MiB);
    expect(heapKept((text) => ({ actual: text.slice(0, 300) }))).toBeLessThan(10 * MiB);
  });
});
