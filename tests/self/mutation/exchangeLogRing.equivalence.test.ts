/**
 * Proof of the claim in runner/engine/ExchangeLog.ts: the ring sized up front (`new Array(limit)`) and an
 * empty one that grows keep the same exchanges, counts and drops, for any bounds and any run of adds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { sideBySide } from "./sideBySide.js";

type LogModule = typeof import("../../../runner/engine/ExchangeLog.js");

const { original, mutant } = await sideBySide<LogModule>({
  file: "runner/engine/ExchangeLog.ts",
  mutator: "ArrayDeclaration",
  at: "new Array<LoggedExchange | undefined>(limit)",
});

/** An exchange with bodies of the given lengths, `index` telling it apart. */
function exchange(index: number, requestChars: number, responseChars: number | undefined): Exchange {
  return {
    request: { method: "POST", url: `http://127.0.0.1:9/x?i=${index}`, headers: {}, body: "q".repeat(requestChars) },
    ...(responseChars === undefined
      ? { failure: { kind: "timeout" as const, message: "slow" } }
      : {
          response: {
            status: 200,
            headers: {},
            bodyText: "r".repeat(responseChars),
            truncated: false,
            bodyBytes: responseChars,
          },
        }),
    isJson: false,
    startedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, index)).toISOString(),
    durationMs: index,
    curl: "",
    retriesAfter429: 0,
  };
}

const bodies = fc.array(fc.tuple(fc.nat(40), fc.option(fc.nat(40), { nil: undefined })), { maxLength: 60 });

describe("ExchangeLog's ring: sized up front or grown (ArrayDeclaration)", () => {
  it("keeps the same snapshot after every add, whatever the limit and the body bounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(30), fc.nat(200), bodies, (limit, maxBody, maxTotal, adds) => {
        const logs = [new original.ExchangeLog(limit, maxBody, maxTotal), new mutant.ExchangeLog(limit, maxBody, maxTotal)];
        for (const [index, [requestChars, responseChars]] of adds.entries()) {
          for (const log of logs) log.add(exchange(index, requestChars, responseChars));
          expect(logs[1]?.snapshot()).toEqual(logs[0]?.snapshot());
        }
      }),
      { numRuns: 300 },
    );
  });

  it("tells the two apart when they differ (the comparison can fail)", () => {
    const log = new original.ExchangeLog(2);
    const other = new original.ExchangeLog(3);
    for (const target of [log, other]) for (let index = 0; index < 3; index += 1) target.add(exchange(index, 1, 1));
    expect(other.snapshot()).not.toEqual(log.snapshot());
  });
});
