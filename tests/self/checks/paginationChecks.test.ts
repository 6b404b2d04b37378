/**
 * The pagination checks (§2.11, §4.1, §4.2, §8) on in-memory targets: what each asks, and its
 * verdict and words on a right target, on breaks the reference's faults do not make, and on
 * legal oddities (a page-size cap, a refused restricted user, an empty listing).
 */
import { describe, expect, it } from "vitest";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";
import { fakeCms, listingAnswer, widgetsTagged, type FakeCms, type ListingCall } from "./fakeCms.js";

const OPERATION = "listFactoryDefaultWidgets";

async function run(checkId: string, listings: FakeCms, settings: Partial<RunSettings> = {}) {
  const { result, client } = await checkOnScript(checkId, OPERATION, fakeCms(listings), settings);
  return { result, client, bodies: client.jsonBodies() };
}

const widgets = (count: number) => widgetsTagged(count, () => []);
/** Pages cut from `items` as asked, with their right totals. */
const served = (call: ListingCall, items: readonly unknown[], size = call.pageSize) =>
  listingAnswer(
    call,
    items.slice(call.pageNumber * size, (call.pageNumber + 1) * size),
    items.length,
    Math.ceil(items.length / size),
  );
/** A target that serves at most 20 items a page; `totals` says which size its totalPages counts. */
const cappedAt20 = (items: readonly unknown[], totals: "served" | "asked") => (call: ListingCall) =>
  call.pageSize > 20
    ? listingAnswer(
        call,
        items.slice(call.pageNumber * 20, call.pageNumber * 20 + 20),
        items.length,
        Math.ceil(items.length / (totals === "served" ? 20 : call.pageSize)),
      )
    : undefined;

describe("the main user's listing cannot be read, or the restricted user's", () => {
  it("skips for the main user, naming the cause", async () => {
    const { result } = await run("pagination.first-page-index-0", {
      widgets: widgets(5),
      tamper: () => ({ status: 500, json: {} }),
    });
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "the listing's first page could not be read (page 0: status 500); see schema.response-body and http.valid-request-ok.",
    });
  });

  it("judges the main user only when the restricted user is refused listings, and says so", async () => {
    const { result } = await run("pagination.page-size-honoured", {
      widgets: widgets(12),
      tamper: (call) => (call.caller === "restricted" ? { status: 403, json: {} } : undefined),
    });
    expect(result.outcome).toBe("passed");
    expect(result.message).toBe(
      "The restricted user's listing could not be read (page 0: status 403); judged for the main user only.; listFactoryDefaultWidgets: page sizes 10, 20 served as asked; listings are walked with pageSize 20; Page sizes 1, 3, 7, 10, 25 honoured on the first and last pages for admin (12 items).",
    );
  });
});

const late = { noResponse: true, failure: { kind: "timeout" as const, message: "no answer within 1000 ms" } };

describe("a request never answered is an error naming it", () => {
  it.each([
    [
      "pagination.default-first-10",
      (call: ListingCall) => (call.body.pagination === undefined ? late : undefined),
      /^no pagination: no complete answer to judge \(timeout: /,
    ],
    [
      "pagination.page-size-honoured",
      (call: ListingCall) => (call.pageSize === 3 && call.caller === "admin" ? late : undefined),
      /^page 0 of size 3: no complete answer to judge \(timeout: /,
    ],
    [
      "pagination.past-end-empty",
      (call: ListingCall) => (call.pageNumber > 3 ? late : undefined),
      /^page 4 of size 10: no complete answer to judge \(timeout: /,
    ],
  ] as const)("%s", async (checkId, tamper, message) => {
    const { result } = await run(checkId, { widgets: widgets(12), tamper });
    expect(result.outcome).toBe("error");
    expect(result.message).toMatch(message);
  });
});

describe("pagination.default-first-10", () => {
  it("asks without pagination and for page 0 of size 10, and passes when they agree", async () => {
    const { result, bodies } = await run("pagination.default-first-10", { widgets: widgets(12) });
    expect(bodies).toStrictEqual([{}, { pagination: { pageNumber: 0, pageSize: 10 } }]);
    expect(result).toMatchObject({
      outcome: "passed",
      message: "Without pagination: 10 of 12 items, identical to page 0 of size 10.",
    });
  });

  it("fails other items than page 0 of size 10, showing both lists (at most 10 each)", async () => {
    const items = widgets(12);
    const { result } = await run("pagination.default-first-10", {
      widgets: items,
      tamper: (call) =>
        call.body.pagination
          ? listingAnswer(call, items, 12, 2)
          : listingAnswer(call, [...items].reverse().slice(0, 10), 12, 2),
    });
    const ids = (indexes: number[]) => indexes.map((index) => `id:widget://t/w${index}`).join(", ");
    expect(result).toMatchObject({
      outcome: "failed",
      message: "no pagination: the items differ from page 0 of size 10.",
      actual: `no pagination: ${ids([11, 10, 9, 8, 7, 6, 5, 4, 3, 2])}\npage 0 size 10: ${ids([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])}`,
    });
  });

  it("fails totalPages that do not count pages of 10, but leaves an empty listing's totalPages to totals-consistent", async () => {
    const wrong = await run("pagination.default-first-10", {
      widgets: widgets(12),
      tamper: (call) => (call.body.pagination ? undefined : listingAnswer(call, call.found.slice(0, 10), 12, 5)),
    });
    expect(wrong.result).toMatchObject({
      outcome: "failed",
      message: "no pagination: totalPages 5 does not match 12 items in pages of 10.",
      expected: "totalPages 2",
      actual: "totalPages 5",
    });
    const empty = await run("pagination.default-first-10", {
      widgets: [],
      tamper: (call) => listingAnswer(call, [], 0, 1),
    });
    expect(empty.result).toMatchObject({
      outcome: "passed",
      message: "Without pagination: 0 of 0 items, identical to page 0 of size 10.",
    });
  });
});

describe("pagination.first-page-index-0", () => {
  const sizeFor = async (count: number) =>
    (await run("pagination.first-page-index-0", { widgets: widgets(count) })).result.message;

  it("asks for pages of half the listing, from 1 to 10 items", async () => {
    expect(await sizeFor(1)).toBe("Page 0 of size 1 holds the first 1 items.");
    expect(await sizeFor(3)).toBe("Page 0 of size 1 holds the first 1 items.");
    expect(await sizeFor(5)).toBe("Page 0 of size 2 holds the first 2 items.");
    expect(await sizeFor(30)).toBe("Page 0 of size 10 holds the first 10 items.");
  });

  it("skips an empty listing, and asks for page 1 only when there is one", async () => {
    expect((await run("pagination.first-page-index-0", { widgets: [] })).result).toMatchObject({
      outcome: "skipped",
      skipReason: "the listing is empty, so there is no first page to look at.",
    });
    const { bodies } = await run("pagination.first-page-index-0", { widgets: widgets(1) });
    expect(bodies.filter((body) => JSON.stringify(body).includes('"pageSize":1}'))).toEqual([
      { pagination: { pageNumber: 0, pageSize: 1 } },
    ]);
  });

  it("fails a page 0 that holds other items than the listing's first", async () => {
    const items = widgets(5);
    const { result } = await run("pagination.first-page-index-0", {
      widgets: items,
      tamper: (call) => (call.pageSize === 2 ? served({ ...call, pageNumber: call.pageNumber + 1 }, items) : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: "page 0 of size 2 does not hold the first 2 items of the listing.",
      expected: "the first 2 items of the unpaginated listing: id:widget://t/w0, id:widget://t/w1",
      actual: "id:widget://t/w2, id:widget://t/w3",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(["page 0 of size 2", "no pagination"]);
  });

  it("fails a page 1 that repeats page 0, naming five of the repeated items", async () => {
    const items = widgets(30);
    const { result } = await run("pagination.first-page-index-0", {
      widgets: items,
      tamper: (call) =>
        call.pageSize === 10 && call.pageNumber === 1 ? served({ ...call, pageNumber: 0 }, items) : undefined,
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: "page 1 of size 10 repeats 10 item(s) of page 0.",
      expected: "page 1 to follow page 0 without overlap (index 0 is the first page)",
      actual: "repeated: id:widget://t/w0, id:widget://t/w1, id:widget://t/w2, id:widget://t/w3, id:widget://t/w4",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(["page 0 of size 10", "page 1 of size 10"]);
  });
});

describe("pagination.page-size-honoured", () => {
  it("departs from max-page-size on a consistent cap, and says what was served", async () => {
    const items = widgets(60);
    const { result } = await run("pagination.page-size-honoured", {
      widgets: items,
      tamper: cappedAt20(items, "served"),
    });
    expect(result).toMatchObject({
      outcome: "warning",
      message:
        "page 0 of size 50 holds 20 items: the page size is capped (sizes above 20 are not served as asked). [register: max-page-size]",
      expected: "min(50, totalElements) items, totalPages counting pages of 50 (§2.11)",
      actual: "20 items, totalPages 3",
    });
  });

  it("departs on a page size refused with a 4xx, and fails a 200 that is no listing", async () => {
    const refused = await run("pagination.page-size-honoured", {
      widgets: widgets(30),
      tamper: (call) => (call.pageSize > 20 ? { status: 400, json: { message: "pageSize at most 20" } } : undefined),
    });
    expect(refused.result).toMatchObject({
      outcome: "warning",
      message: "page 0 of size 50 was refused with 400. [register: max-page-size]",
    });
    expect(refused.result.actual).toMatch(/^status 400/);
    const odd = await run("pagination.page-size-honoured", {
      widgets: widgets(30),
      tamper: (call) => (call.pageSize > 20 ? { status: 200, json: { widgets: "none" } } : undefined),
    });
    expect(odd.result.outcome).toBe("failed");
    expect(odd.result.message).toMatch(
      /^page 0 of size 50: expected a 200 listing or a refusal, got status 200.* without a listing\.$/,
    );
    expect(odd.result.expected).toBe("min(50, totalElements) items, totalPages counting pages of 50 (§2.11)");
    const items = widgets(60);
    const inconsistent = await run("pagination.page-size-honoured", {
      widgets: items,
      tamper: cappedAt20(items, "asked"),
    });
    expect(inconsistent.result.message).not.toContain("without a listing");
  });

  it("fails a probe size answered with a 4xx or the wrong count, and errs on one never answered", async () => {
    const refused = await run("pagination.page-size-honoured", {
      widgets: widgets(30),
      tamper: (call) => (call.pageSize === 3 && call.caller === "admin" ? { status: 400, json: {} } : undefined),
    });
    expect(refused.result.outcome).toBe("failed");
    expect(refused.result.message).toMatch(
      /^page 0 of size 3: expected a 200 listing, got status 400.*\. \(\+1 more finding\)/,
    );
    expect(refused.result).toMatchObject({ expected: "3 items (30 in pages of 3)" });
    expect(refused.result.actual).toMatch(/^status 400/);
    const counted = await run("pagination.page-size-honoured", {
      widgets: widgets(30),
      tamper: (call) =>
        call.pageSize === 7 && call.pageNumber === 0 && call.caller === "admin"
          ? served(call, call.found, 10)
          : undefined,
    });
    expect(counted.result).toMatchObject({
      outcome: "failed",
      message: "page 0 of size 7 holds 10 items where 7 were expected.",
      expected: "7 items (30 in pages of 7)",
      actual: "10 items",
    });
    const silent = await run("pagination.page-size-honoured", {
      widgets: widgets(30),
      tamper: (call) =>
        call.pageSize === 7 && call.pageNumber === 0 && call.caller === "admin"
          ? { noResponse: true, failure: { kind: "timeout", message: "no answer" } }
          : undefined,
    });
    expect(silent.result.outcome).toBe("error");
  });
});

describe("pagination.totals-consistent", () => {
  it("asks each probe size's first and last page and a search no item matches, for both users", async () => {
    const { result, bodies } = await run("pagination.totals-consistent", { widgets: widgets(30) });
    expect(bodies).toContainEqual({
      searchValue: "cms-conformance-no-match-7-zq",
      pagination: { pageNumber: 0, pageSize: 10 },
    });
    expect(result).toMatchObject({
      outcome: "passed",
      message: "Totals consistent over 22 requests (admin and restricted).",
    });
  });

  it("departs on an empty result with totalPages 1 and fails one with 2", async () => {
    const empty = (totalPages: number) => ({
      widgets: widgets(30),
      tamper: (call: ListingCall) => (call.found.length === 0 ? listingAnswer(call, [], 0, totalPages) : undefined),
    });
    const one = await run("pagination.totals-consistent", empty(1));
    expect(one.result).toMatchObject({ outcome: "warning", expected: "totalPages 0", actual: "totalPages 1" });
    expect(one.result.message).toMatch(
      /^page 0 of size 10, searchValue "cms-conformance-no-match-7-zq": an empty result has totalPages 1\. \[register: empty-total-pages\]/,
    );
    const two = await run("pagination.totals-consistent", empty(2));
    expect(two.result).toMatchObject({
      outcome: "failed",
      expected: "totalPages 0 (or 1, register empty-total-pages)",
      actual: "totalPages 2",
    });
    expect(two.result.message).toMatch(/: an empty result has totalPages 2\./);
  });

  it("fails a short page whose totals count pages of the size asked", async () => {
    const items = widgets(60);
    const { result } = await run("pagination.totals-consistent", {
      widgets: items,
      tamper: cappedAt20(items, "asked"),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message:
        "page 0 of size 50 holds 20 items with totalElements 60 and totalPages 2: the totals do not count pages of the 20 items served, so a walk with this size skips or repeats items.",
      expected: "totalElements 60 and totalPages 3 = ceil(60 / 20), the items served on page 0",
      actual: "20 items, totalElements 60, totalPages 2",
    });
  });

  it("fails a size whose page holds no item and other totals, and leaves one with the same totals to first-page-index-0", async () => {
    const other = await run("pagination.totals-consistent", {
      widgets: widgets(60),
      tamper: (call) => (call.pageSize > 20 ? listingAnswer(call, [], 61, 2) : undefined),
    });
    expect(other.result).toMatchObject({
      outcome: "failed",
      expected: "totalElements 60 and totalPages ? = ceil(60 / 0), the items served on page 0",
    });
    const same = await run("pagination.totals-consistent", {
      widgets: widgets(60),
      tamper: (call) => (call.pageSize > 20 ? listingAnswer(call, [], 60, 2) : undefined),
    });
    expect(same.result.outcome).toBe("passed");
  });
});

describe("pagination.walk-covers-all", () => {
  it("walks with the largest size, with 7 (or 3 for 7 items or fewer), and with a consistent cap's size", async () => {
    const seven = await run("pagination.walk-covers-all", { widgets: widgets(7) });
    expect(seven.result.message).toBe(
      "admin size 10: 1 page(s), 7 item(s); admin size 3: 3 page(s), 7 item(s); restricted size 10: 1 page(s), 7 item(s); restricted size 3: 3 page(s), 7 item(s)",
    );
    const items = widgets(60);
    const capped = await run("pagination.walk-covers-all", { widgets: items, tamper: cappedAt20(items, "served") });
    const cappedForRestrictedToo = capped.result.message.match(/size 50/g);
    expect(cappedForRestrictedToo).toHaveLength(1);
    expect(capped.result.message).toBe(
      "admin size 20: 3 page(s), 60 item(s); admin size 7: 9 page(s), 60 item(s); admin size 50: 3 page(s), 60 item(s); restricted size 20: 3 page(s), 60 item(s); restricted size 7: 9 page(s), 60 item(s)",
    );
  });

  it("walks no third time for a refused size or one served empty", async () => {
    const refused = await run("pagination.walk-covers-all", {
      widgets: widgets(30),
      tamper: (call) => (call.pageSize > 20 ? { status: 400, json: {} } : undefined),
    });
    expect(refused.result).toMatchObject({
      outcome: "passed",
      message: expect.stringMatching(
        /^admin size 20: 2 page\(s\), 30 item\(s\); admin size 7: 5 page\(s\), 30 item\(s\); restricted/,
      ),
    });
    const empty = await run("pagination.walk-covers-all", {
      widgets: widgets(30),
      tamper: (call) => (call.pageSize > 20 ? listingAnswer(call, [], 30, 2) : undefined),
    });
    expect(empty.result.outcome).toBe("passed");
    expect(empty.result.message).not.toContain("size 50");
  });

  it("lists five of the items only one walk saw", async () => {
    const items = widgets(30);
    const strangers = Array.from({ length: 6 }, (_, index) => ({ id: `s${index}` }));
    const { result } = await run("pagination.walk-covers-all", {
      widgets: items,
      tamper: (call) => (call.pageSize === 7 ? served(call, [...items.slice(0, 24), ...strangers]) : undefined),
    });
    expect(result.actual).toBe("only in the size-7 walk: id:s0, id:s1, id:s2, id:s3, id:s4");
  });

  it("does not compare when only one of the walks was whole", async () => {
    const items = widgets(30);
    // The largest size walks whole in one page; the size-7 walk is cut at --max-pages 2 and sees a stranger.
    const { result } = await run(
      "pagination.walk-covers-all",
      {
        widgets: items,
        tamper: (call) =>
          call.pageSize === 7 && call.pageNumber === 0 ? served(call, [{ id: "stranger" }, ...items]) : undefined,
      },
      { maxPagesWalked: 2 },
    );
    expect(result.outcome).toBe("passed");
  });

  it("departs when two complete walks see different items, unless a walk already failed or was cut short", async () => {
    const items = widgets(30);
    const stranger = { id: "stranger" };
    const swapped = (call: ListingCall) =>
      call.pageSize === 7 ? served(call, [...items.slice(0, 29), stranger]) : undefined;
    const { result } = await run("pagination.walk-covers-all", { widgets: items, tamper: swapped });
    expect(result).toMatchObject({
      outcome: "warning",
      message:
        "walks with page sizes 50 and 7 saw different items. [register: repeatable-reads] (+1 more finding)\n- walks with page sizes 50 and 7 as the restricted user saw different items. [register: repeatable-reads]",
      expected: "the same items whatever the page size",
      actual: "only in the size-7 walk: id:stranger",
    });
    expect(result.evidence.map((item) => item.label)).toEqual([
      "page 0 of size 7",
      "page 0 of size 7 as the restricted user",
    ]);
    const repeated = await run("pagination.walk-covers-all", {
      widgets: items,
      tamper: (call) => (call.pageSize === 7 ? served(call, [...items.slice(0, 28), stranger, items[0]]) : undefined),
    });
    expect(repeated.result.outcome).toBe("failed");
    expect(repeated.result.message).not.toContain("repeatable-reads");
    const cut = await run("pagination.walk-covers-all", { widgets: items, tamper: swapped }, { maxPagesWalked: 2 });
    expect(cut.result).toMatchObject({
      outcome: "passed",
      message: expect.stringContaining(
        "admin size 7: 2 page(s), 14 item(s) (walked 2 of 5 pages (sampling bound --max-pages))",
      ),
    });
  });
});

describe("pagination.past-end-empty", () => {
  it("asks two and a million pages past the last page of 10, and passes empty pages with the same totals", async () => {
    const { result, bodies } = await run("pagination.past-end-empty", { widgets: widgets(12) });
    expect(bodies.slice(-2)).toEqual([
      { pagination: { pageNumber: 4, pageSize: 10 } },
      { pagination: { pageNumber: 1_000_002, pageSize: 10 } },
    ]);
    expect(result.outcome).toBe("passed");
    expect(result.evidence.map((item) => item.label)).toEqual(["page 4 of size 10", "page 1000002 of size 10"]);
  });

  it("departs on a 4xx or changed totals, and fails items past the end", async () => {
    const refused = await run("pagination.past-end-empty", {
      widgets: widgets(12),
      tamper: (call) => (call.pageNumber > 3 ? { status: 404, json: {} } : undefined),
    });
    expect(refused.result).toMatchObject({ outcome: "warning", expected: "200 with an empty page" });
    expect(refused.result.message).toMatch(/^page 4 of size 10 got status 404.*\. \[register: page-past-end\]/);
    const totals = await run("pagination.past-end-empty", {
      widgets: widgets(12),
      tamper: (call) => (call.pageNumber > 3 ? listingAnswer(call, [], 0, 0) : undefined),
    });
    expect(totals.result).toMatchObject({
      outcome: "warning",
      expected: "totalElements 12",
      actual: "totalElements 0",
    });
    expect(totals.result.message).toMatch(
      /^page 4 of size 10: totalElements changed to 0\. \[register: page-past-end\]/,
    );
    const items = await run("pagination.past-end-empty", {
      widgets: widgets(12),
      tamper: (call) => (call.pageNumber > 3 ? listingAnswer(call, call.found.slice(0, 2), 12, 2) : undefined),
    });
    expect(items.result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(/^page 4 of size 10 holds 2 items although the listing has 2 page\(s\)\./),
      actual: "2 items",
    });
  });
});

describe("pagination.invalid-rejected", () => {
  const pageNumberOf = (request: Parameters<Parameters<typeof checkOnScript>[2]>[0]) =>
    (jsonOf(request).pagination as { pageNumber?: number } | undefined)?.pageNumber;
  const widgets = [{ id: "widget://t/w1" }, { id: "widget://t/w2" }];
  const listing = (items: unknown[]) => ({
    status: 200,
    json: { widgets: items, listInformation: { totalElements: 2, totalPages: 1 } },
  });

  const sizeOf = (request: Parameters<Parameters<typeof checkOnScript>[2]>[0]) =>
    (jsonOf(request).pagination as { pageSize?: number } | undefined)?.pageSize;

  const hasPagination = (request: Parameters<Parameters<typeof checkOnScript>[2]>[0]) =>
    jsonOf(request).pagination !== undefined;
  const refused = { status: 400, json: { message: "bad" } };

  it("warns for a negative pageNumber served as an empty page with the listing's totals, and fails items or other totals", async () => {
    const answer = async (page: ReturnType<typeof listing>) =>
      (
        await checkOnScript("pagination.invalid-rejected", "listFactoryDefaultWidgets", (request) =>
          !hasPagination(request) ? listing(widgets) : (pageNumberOf(request) ?? 0) < 0 ? page : refused,
        )
      ).result;
    const empty = await answer(listing([]));
    expect(empty.outcome).toBe("warning");
    expect(empty.message).toBe(
      'negative pageNumber: pagination {"pageNumber":-1,"pageSize":10} got 200 with an empty page with the ' +
        "listing's totals (register invalid-field-status), not 400. [register: invalid-field-status]",
    );
    const items = await answer(listing(widgets));
    expect(items.outcome).toBe("failed");
    expect(items.message).toBe(
      'negative pageNumber: pagination {"pageNumber":-1,"pageSize":10} got 200 with a page that is not an empty ' +
        "page with the listing's totals (register invalid-field-status).",
    );
    expect(items.expected).toBe(
      "400 (§7); or, read as a page outside the listing, 200 with no item and the listing's totals",
    );
    const otherTotals = await answer({
      status: 200,
      json: { widgets: [], listInformation: { totalElements: 0, totalPages: 0 } },
    });
    expect(otherTotals.outcome).toBe("failed");
    expect(items.registerRefs).toEqual(["invalid-field-status"]);
  });

  it("warns for a pageSize of 0 served as without pagination, fails another page, and fails a negative pageSize answered 422", async () => {
    const zero = async (page: ReturnType<typeof listing>) =>
      (
        await checkOnScript("pagination.invalid-rejected", "listFactoryDefaultWidgets", (request) =>
          !hasPagination(request) ? listing(widgets) : sizeOf(request) === 0 ? page : refused,
        )
      ).result;
    expect(await zero(listing(widgets))).toMatchObject({
      outcome: "warning",
      message:
        'pageSize 0: pagination {"pageNumber":0,"pageSize":0} got 200 with the answer without pagination, as a ' +
        "pageSize not set (register invalid-field-status), not 400. [register: invalid-field-status]",
    });
    expect((await zero(listing(widgets.slice(1)))).outcome).toBe("failed");
    const negative = await checkOnScript("pagination.invalid-rejected", "listFactoryDefaultWidgets", (request) =>
      (sizeOf(request) ?? 0) < 0 ? { status: 422, json: {} } : refused,
    );
    expect(negative.result).toMatchObject({
      outcome: "failed",
      message: 'negative pageSize: pagination {"pageNumber":0,"pageSize":-5} got status 422.',
    });
  });

  it("fails a fraction served: §2's integer is a JSON number without fraction (register numeric-coercion); passes 400 everywhere", async () => {
    const fraction = await checkOnScript("pagination.invalid-rejected", "listFactoryDefaultWidgets", (request) =>
      Number.isInteger(sizeOf(request) ?? 0) ? refused : listing(widgets),
    );
    expect(fraction.result).toMatchObject({
      outcome: "failed",
      message: 'fractional pageSize: pagination {"pageNumber":0,"pageSize":2.5} got status 200.',
    });
    const right = await checkOnScript("pagination.invalid-rejected", "listFactoryDefaultWidgets", () => refused);
    expect(right.result.outcome).toBe("passed");
  });
});
