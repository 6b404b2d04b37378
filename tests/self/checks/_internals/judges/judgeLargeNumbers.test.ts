/**
 * judgeLargeNumbers.ts (§2.11, §8; register large-page-numbers): each boundary integer as pageNumber and
 * as pageSize, against a scripted listing of `total` items: a 400 or a consistent 200 passes; items past
 * the end, totals that stop describing what is served, and a status that is neither fail or depart.
 */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../../../runner/engine/CheckDefinition.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import type { PageSizeLimits } from "../../../../../checks/_internals/discovery/pageSizeLimits.js";
import { judgeLargeNumbers } from "../../../../../checks/_internals/judges/judgeLargeNumbers.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";

const TOTAL = 25;
const NO_LIMIT = { operation: "listFactoryDefaultWidgets", probes: [], accepted: [10], largest: 10, ceiling: 100 };

/** A correct listing of TOTAL widgets, its answer to each page passed through `tweak`. */
function listing(tweak: (answer: FakeAnswer, pageNumber: number, pageSize: number) => FakeAnswer = (answer) => answer) {
  return (request: OutgoingRequest): FakeAnswer => {
    const body = (request.body && "json" in request.body ? request.body.json : {}) as {
      pagination: { pageNumber: number; pageSize: number };
    };
    const { pageNumber, pageSize } = body.pagination;
    const start = Math.min(TOTAL, pageNumber * pageSize);
    const widgets = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - start)) }, (_, index) => ({
      id: `widget://t/w${start + index}`,
    }));
    const answer = {
      status: 200,
      json: { widgets, listInformation: { totalElements: TOTAL, totalPages: Math.ceil(TOTAL / pageSize) } },
    };
    return tweak(answer, pageNumber, pageSize);
  };
}

async function verdictOn(answer: (request: OutgoingRequest) => FakeAnswer) {
  const { session, client } = scriptedSession(answer);
  const judge = new Judgement("default");
  const context: CheckContext = { operation: "listFactoryDefaultWidgets", target: session, judge, seed: 1 };
  await judgeLargeNumbers(context, TOTAL, NO_LIMIT as unknown as PageSizeLimits);
  return { verdict: judge.verdict(), requests: client.sent };
}

describe("judgeLargeNumbers", () => {
  it("sends each boundary integer as pageNumber and as pageSize, and passes a target that serves them consistently", async () => {
    const { verdict, requests } = await verdictOn(listing());
    expect(verdict.outcome).toBe("passed");
    const sent = requests.map((request) => JSON.stringify(request.body));
    const page = (pageNumber: number, pageSize: number) =>
      JSON.stringify({ json: { pagination: { pageNumber, pageSize } } });
    // Each as pageNumber, as pageSize on page 1, and (a listing this small) as pageSize on page 0, in turn.
    expect(sent).toEqual(
      [2147483647, 2147483648, 4294967296, 9007199254740991, 1e20].flatMap((value) => [
        page(value, 10),
        page(1, value),
        page(0, value),
      ]),
    );
  });

  it("passes a target that refuses every such number with 400", async () => {
    const { verdict } = await verdictOn(() => ({ status: 400, json: { message: "too large" } }));
    expect(verdict.outcome).toBe("passed");
  });

  it("fails items served past the end, as a wrapped 32-bit offset would serve them", async () => {
    const wrapped = listing((answer, pageNumber) =>
      pageNumber > 1000
        ? listing()({ path: "", headers: {}, body: { json: { pagination: { pageNumber: 0, pageSize: 10 } } } })
        : answer,
    );
    const { verdict } = await verdictOn(wrapped);
    expect(verdict.outcome).toBe("failed");
    expect(verdict.message).toMatch(/holds 10 items, though it is past the end of 25 items/);
  });

  it("fails totals that change on a huge page, as an overflowing counter would report them", async () => {
    const { verdict } = await verdictOn(
      listing((answer, _pageNumber, pageSize) =>
        pageSize > 1000
          ? {
              ...answer,
              json: { ...(answer.json as object), listInformation: { totalElements: TOTAL, totalPages: 0 } },
            }
          : answer,
      ),
    );
    expect(verdict.outcome).toBe("failed");
    expect(verdict.message).toMatch(/totalPages 0 does not count pages of/);
  });

  it("fails a 5xx, and departs from the register for another status", async () => {
    expect((await verdictOn(() => ({ status: 500, json: {} }))).verdict.outcome).toBe("failed");
    const other = await verdictOn(() => ({ status: 422, json: { message: "no" } }));
    expect(other.verdict.outcome).toBe("warning");
    expect(other.verdict.message).toMatch(/large-page-numbers/);
    expect(other.verdict.registerRefs).toEqual(["large-page-numbers"]);
  });
});
