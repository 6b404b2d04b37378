/** pagination.large-numbers on scripted targets: the answers a correct backend may give pass, the overflows fail. */
import { describe, expect, it } from "vitest";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";
import { fakeCms, listingAnswer, widgetsTagged } from "./fakeCms.js";

const TOTAL = 12;
const widgets = Array.from({ length: TOTAL }, (_, n) => ({ id: `widget://t/w${n}` }));

/** The page asked for, computed with exact arithmetic; `tweak` may change the answer for large numbers. */
function listing(
  tweak: (pageNumber: number, pageSize: number, correct: FakeAnswer) => FakeAnswer = (_n, _s, correct) => correct,
) {
  return (request: OutgoingRequest): FakeAnswer => {
    const { pagination } = jsonOf(request) as { pagination?: { pageNumber: number; pageSize: number } };
    const { pageNumber, pageSize } = pagination ?? { pageNumber: 0, pageSize: 10 };
    const start = pageNumber * pageSize;
    const items = start >= TOTAL ? [] : widgets.slice(start, start + pageSize);
    return tweak(pageNumber, pageSize, {
      status: 200,
      json: { widgets: items, listInformation: { totalElements: TOTAL, totalPages: Math.ceil(TOTAL / pageSize) } },
    });
  };
}

const large = (value: number) => value >= 2 ** 31 - 1;
const run = (tweak?: Parameters<typeof listing>[0]) =>
  checkOnScript("pagination.large-numbers", "listFactoryDefaultWidgets", listing(tweak));

describe("pagination.large-numbers", () => {
  it("passes a target that serves every boundary integer exactly, and says how many it judged", async () => {
    const { result } = await run();
    expect(result.outcome).toBe("passed");
    expect(result.message).toMatch(
      /^15 page number\(s\) and size\(s\) from 2\^31 − 1 to 10\^20 answered with 400 or a well-formed page \(12 items\)\.$/,
    );
  });

  it("passes a target that refuses them all with 400", async () => {
    const { result } = await run((n, s, correct) =>
      large(n) || large(s) ? { status: 400, json: { error: "bad_request" } } : correct,
    );
    expect(result.outcome).toBe("passed");
  });

  it("fails a server error, naming the request", async () => {
    const { result } = await run((n, _s, correct) => (n === 2 ** 31 ? { status: 500, json: {} } : correct));
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(
      /^page 2147483648 of size 10 got status 500: a server error is never a conforming answer\./,
    );
  });

  it("another 4xx is the register's warning", async () => {
    const { result } = await run((n, s, correct) => (large(n) || large(s) ? { status: 422, json: {} } : correct));
    expect(result.outcome).toBe("warning");
    expect(result.registerRefs).toEqual(["large-page-numbers"]);
    expect(result.message).toBe(
      [
        "page 2147483647 of size 10 got 422. [register: large-page-numbers] (+14 more findings)",
        "- page 1 of size 2147483647 got 422. [register: large-page-numbers]",
        "- page 0 of size 2147483647 got 422. [register: large-page-numbers]",
        "- page 2147483648 of size 10 got 422. [register: large-page-numbers]",
        "- page 1 of size 2147483648 got 422. [register: large-page-numbers]",
        "- page 0 of size 2147483648 got 422. [register: large-page-numbers]",
      ].join("\n"),
    );
    expect(result.expected).toBe("400 with the §7 body, or 200");
  });

  it("fails a page number that wraps around to items (a 32-bit offset)", async () => {
    const { result } = await run((n, s, correct) =>
      n === 2 ** 32
        ? {
            status: 200,
            json: { widgets: widgets.slice(0, s), listInformation: { totalElements: TOTAL, totalPages: 2 } },
          }
        : correct,
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/holds 10 items, though it is past the end of 12 items\./);
    expect(result).toMatchObject({
      expected: "0 items, totalElements 12, totalPages 2 (pages of 10)",
      actual: "10 items, totalElements 12, totalPages 2",
    });
  });

  it("fails a huge page size that serves fewer items than page 0 holds, with totals that do not describe a cap", async () => {
    const { result } = await run((n, s, correct) =>
      n === 0 && large(s)
        ? {
            status: 200,
            json: { widgets: widgets.slice(0, 3), listInformation: { totalElements: TOTAL, totalPages: 1 } },
          }
        : correct,
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/holds 3 items where 12 were expected\./);
  });

  it("a huge page size capped consistently on page 0 is the max-page-size warning", async () => {
    const { result } = await run((n, s, correct) =>
      n === 0 && large(s)
        ? {
            status: 200,
            json: { widgets: widgets.slice(0, 4), listInformation: { totalElements: TOTAL, totalPages: 3 } },
          }
        : correct,
    );
    expect(result.outcome).toBe("warning");
    expect(result.message).toMatch(/holds 4 items: the page size is capped\. \[register: max-page-size\]/);
  });

  it("fails totals that change for a page inside the listing, and warns (page-past-end) when they change past the end", async () => {
    const inside = await run((n, s, correct) =>
      n === 0 && large(s)
        ? { status: 200, json: { widgets, listInformation: { totalElements: 13, totalPages: 1 } } }
        : correct,
    );
    expect(inside.result.outcome).toBe("failed");
    expect(inside.result.message).toMatch(/totalElements is 13, not 12\./);
    const pastEnd = await run((n, _s, correct) =>
      large(n) ? { status: 200, json: { widgets: [], listInformation: { totalElements: 0, totalPages: 0 } } } : correct,
    );
    expect(pastEnd.result.outcome).toBe("warning");
    expect(pastEnd.result.message).toMatch(/totalElements changed to 0\. \[register: page-past-end\]/);
  });

  it("fails totalPages that do not count pages of the size asked (a wrapped division)", async () => {
    const { result } = await run((n, s, correct) =>
      n === 1 && s === 2 ** 32
        ? { status: 200, json: { widgets: [], listInformation: { totalElements: TOTAL, totalPages: 7 } } }
        : correct,
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/totalPages 7 does not count pages of 4294967296\./);
  });

  it("fails a 200 that is not a listing", async () => {
    const { result } = await run((n, _s, correct) =>
      n === 2 ** 53 - 1 ? { status: 200, json: { widgets: "none" } } : correct,
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/a 200 without a listing and its totals\./);
    expect(result.expected).toBe("200 with the listing and listInformation (§4.1, §4.2)");
  });

  it("asks page 0 of each huge size only of a listing of at most 1,000 items", async () => {
    const note = async (count: number) =>
      (
        await checkOnScript(
          "pagination.large-numbers",
          "listFactoryDefaultWidgets",
          fakeCms({ widgets: widgetsTagged(count, () => []) }),
        )
      ).result.message;
    expect(await note(1_000)).toMatch(/^15 page number\(s\) and size\(s\) .* \(1000 items\)\.$/);
    expect(await note(1_001)).toMatch(/^10 page number\(s\) and size\(s\) .* \(1001 items\)\.$/);
  });

  it("accepts totalPages 0 or 1 for an empty listing, and says so when it fails one", async () => {
    const oneOrZero = await checkOnScript(
      "pagination.large-numbers",
      "listFactoryDefaultWidgets",
      fakeCms({ widgets: [], tamper: (call) => listingAnswer(call, [], 0, 1) }),
    );
    expect(oneOrZero.result.outcome).toBe("passed");
    const served = await checkOnScript(
      "pagination.large-numbers",
      "listFactoryDefaultWidgets",
      fakeCms({
        widgets: [],
        tamper: (call) => listingAnswer(call, call.pageSize > 10 ? [{ id: "ghost" }] : [], 0, 0),
      }),
    );
    expect(served.result).toMatchObject({
      outcome: "failed",
      expected: "0 items, totalElements 0, totalPages 0 or 1 (pages of 2147483647)",
    });
  });

  it("fails a page holding more than the listing, and a short page under a cap discovery found", async () => {
    const { result } = await run((n, s, correct) =>
      n === 0 && large(s)
        ? {
            status: 200,
            json: { widgets: [...widgets, { id: "extra" }], listInformation: { totalElements: TOTAL, totalPages: 1 } },
          }
        : correct,
    );
    expect(result.message).toMatch(/^page 0 of size 2147483647 holds 13 items, more than the 12 the page can hold\./);
    const items = widgetsTagged(30, () => []);
    const capped = await checkOnScript(
      "pagination.large-numbers",
      "listFactoryDefaultWidgets",
      // Pages of 20 whatever the size above 20, except page 0 of a huge size, which holds 15.
      fakeCms({
        widgets: items,
        tamper: (call) =>
          call.pageSize > 20
            ? listingAnswer(
                call,
                items.slice(
                  call.pageNumber * 20,
                  call.pageNumber * 20 + (call.pageSize > 50 && call.pageNumber === 0 ? 15 : 20),
                ),
                30,
                2,
              )
            : undefined,
      }),
    );
    expect(capped.result.outcome).toBe("failed");
    expect(capped.result.message).toMatch(
      /^page 0 of size 2147483647 holds 15 items where 20 were expected\. \(\+4 more findings\)/,
    );
  });
});
