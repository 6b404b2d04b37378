/**
 * judgeOutOfRangePage.ts (§2.11, §7; register invalid-field-status): 400 passes; a 200 that reads a
 * negative index as a page outside the listing (no item, the listing's totals) or a pageSize of 0 as
 * not set (the answer without pagination) warns; any other page, or another status, fails.
 */
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import type { AnsweredExchange } from "../../../../../checks/_internals/judges/judgeExchange.js";
import {
  judgeOutOfRangePage,
  type OutOfRangeReading,
} from "../../../../../checks/_internals/judges/judgeOutOfRangePage.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";

const ITEMS = [{ id: "widget://t/w1" }, { id: "widget://t/w2" }, { id: "widget://t/w3" }];
const page = (widgets: unknown[], totalElements = 3, totalPages = 1): FakeAnswer => ({
  status: 200,
  json: { widgets, listInformation: { totalElements, totalPages } },
});

/** The verdict on `answer` to a pagination outside the range, the listing without pagination answering ITEMS. */
async function verdictOn(answer: FakeAnswer, reading: OutOfRangeReading) {
  const { session } = scriptedSession((request: OutgoingRequest) => {
    const body = (request.body && "json" in request.body ? request.body.json : {}) as { pagination?: unknown };
    return body.pagination === undefined ? page(ITEMS) : answer;
  });
  const exchange = await session.send("listFactoryDefaultWidgets", { json: { pagination: { pageNumber: -1 } } });
  const judge = new Judgement("default");
  await judgeOutOfRangePage(
    judge,
    session,
    "listFactoryDefaultWidgets",
    "out of range",
    exchange as AnsweredExchange,
    reading,
  );
  return judge.verdict();
}

describe("judgeOutOfRangePage", () => {
  it("passes a 400 for either reading", async () => {
    for (const reading of ["page-outside-listing", "size-not-set"] as const)
      expect((await verdictOn({ status: 400, json: { message: "bad" } }, reading)).outcome).toBe("passed");
  });

  it("warns for a negative index served as an empty page with the listing's totals, and fails items or other totals", async () => {
    const empty = await verdictOn(page([]), "page-outside-listing");
    expect(empty.outcome).toBe("warning");
    expect(empty.message).toContain("[register: invalid-field-status]");
    expect((await verdictOn(page(ITEMS.slice(0, 1)), "page-outside-listing")).outcome).toBe("failed");
    expect((await verdictOn(page([], 0, 0), "page-outside-listing")).outcome).toBe("failed");
  });

  it("warns for a pageSize of 0 served as without pagination, and fails another page", async () => {
    expect((await verdictOn(page(ITEMS), "size-not-set")).outcome).toBe("warning");
    const other = await verdictOn(page(ITEMS.slice(1)), "size-not-set");
    expect(other.outcome).toBe("failed");
    expect(other.actual).toContain("without pagination: status 200, totalElements 3, totalPages 1");
  });

  it("fails another status: §7 gives 400, and only a 200 may read the value as a convention does", async () => {
    const other = await verdictOn({ status: 404, json: {} }, "page-outside-listing");
    expect(other).toMatchObject({ outcome: "failed", message: "out of range got status 404." });
  });
});
