/**
 * The search checks (§4.1, §4.2) on in-memory targets: which values each check takes from the
 * target, what it sends, and its verdict and words on a target that is right, one that breaks
 * the rule in a way the reference's faults do not, and one that answers oddly but legally.
 */
import { describe, expect, it } from "vitest";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { checkOnScript } from "./checkOnScript.js";
import {
  fakeCms,
  listingAnswer,
  matchesIgnoringCase,
  pagesTitled,
  widgetsTagged,
  type FakeCms,
  type ListingCall,
  type ListingName,
} from "./fakeCms.js";

async function run(checkId: string, operation: ListingName, listings: FakeCms, settings: Partial<RunSettings> = {}) {
  const { result, client } = await checkOnScript(checkId, operation, fakeCms(listings), settings);
  const searched = client.sent.map((request) =>
    request.body && "json" in request.body ? (request.body.json as { searchValue?: unknown }).searchValue : undefined,
  );
  /** The distinct search values sent, in order. */
  const values = [...new Set(searched.filter((value): value is string => typeof value === "string"))];
  return { result, client, values };
}

describe("search.widgets-by-tag", () => {
  const widgets = widgetsTagged(6, (index) => (index === 2 ? ["Rare", "common"] : ["common"]));

  it("searches the tags rarest first and passes when each finds its widget", async () => {
    const { result, values } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", { widgets });
    // Then a part of each (register search-match-mode: searched in is contained in).
    expect(values).toEqual(["Rare", "common", "ar", "ommo"]);
    expect(result).toMatchObject({
      outcome: "passed",
      message: '2 whole tag(s) and 2 part(s) of tags ("ar", "ommo") searched.',
      registerRefs: ["search-match-mode"],
    });
  });

  it("only warns when a part of a tag finds nothing: a tag matched whole is a reading (search-match-mode)", async () => {
    const { result } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", {
      widgets,
      matches: (operation, item, value) =>
        Array.isArray(item.tags) && item.tags.some((tag) => String(tag).toLowerCase() === value.toLowerCase()),
    });
    expect(result.outcome).toBe("warning");
    expect(result.message.split("\n")[0]).toBe(
      'searchValue "ar" did not return id:widget://t/w2, a part of whose tag "Rare" it is. [register: search-match-mode] (+1 more finding)',
    );
  });

  it("skips when no widget has a tag that is a non-blank string", async () => {
    const { result, values } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", {
      widgets: [{ id: "w1", tags: ["  ", "", 5] }, { id: "w2" }],
    });
    expect(values).toEqual([]);
    expect(result).toMatchObject({ outcome: "skipped", skipReason: "no listed widget has a tag to search for." });
  });

  it("fails a target that does not search tags, naming the widget and the first five results", async () => {
    const others = widgetsTagged(7, () => []).map((widget, index) => ({
      ...widget,
      id: `other${index}`,
      name: "holds Rare in its name",
    }));
    const { result } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", {
      widgets: [{ id: "owner", name: "x", tags: ["Rare"] }, ...others],
      // Tags are not searched, and the totals claim ten more than are served: the walk ends on an empty page.
      matches: (operation, item, value) =>
        operation === "listFactoryDefaultWidgets" && String(item.name).includes(value),
      tamper: (call) =>
        call.searchValue
          ? listingAnswer(
              call,
              call.found.slice(call.pageNumber * 10, call.pageNumber * 10 + 10),
              call.found.length + 10,
              3,
            )
          : undefined,
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message:
        'searchValue "Rare" did not return id:owner, whose tag it is. (+1 more finding)\n- searchValue "ar" did not return id:owner, a part of whose tag "Rare" it is. [register: search-match-mode]',
      expected: "id:owner among the results",
      actual: "17 result(s): id:other0, id:other1, id:other2, id:other3, id:other4",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(['searchValue "Rare"', 'searchValue "ar"']);
  });

  it("judges a result that ends early on an empty page by the items it served", async () => {
    const { result } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) =>
        call.searchValue
          ? listingAnswer(call, call.pageNumber === 0 ? call.found : [], call.found.length + 20, 3)
          : undefined,
    });
    expect(result).toMatchObject({
      outcome: "passed",
      message: '2 whole tag(s) and 2 part(s) of tags ("ar", "ommo") searched.',
    });
  });

  it("fails a result whose next page answers 500, though its widget was on page 0", async () => {
    const many = widgetsTagged(15, () => ["common"]);
    const { result } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", {
      widgets: many,
      tamper: (call) =>
        call.searchValue && call.pageNumber === 1 ? { status: 500, json: { message: "boom" } } : undefined,
    });
    expect(result.outcome).toBe("failed");
    expect(result).toMatchObject({
      message:
        'searchValue "common": the search could not be walked (page 1: status 500). (+1 more finding)\n- searchValue "ommo": the search could not be walked (page 1: status 500).',
      expected: "200 listings for every page of the result",
      actual: "page 1: status 500",
    });
    expect(result.evidence.map((item) => item.label)).toEqual([
      'searchValue "common"',
      'searchValue "common", page 1',
      'searchValue "ommo"',
      'searchValue "ommo", page 1',
    ]);
  });

  it("makes a result whose next page times out an error, never a failure: no answer breaks no rule", async () => {
    const many = widgetsTagged(15, () => ["common"]);
    const { result } = await run("search.widgets-by-tag", "listFactoryDefaultWidgets", {
      widgets: many,
      tamper: (call) =>
        call.searchValue && call.pageNumber === 1
          ? { noResponse: true, failure: { kind: "timeout", message: "no response headers within 10000 ms." } }
          : undefined,
    });
    expect(result.outcome).toBe("error");
    expect(result.message.split("\n")[0]).toBe(
      'searchValue "common": the search could not be walked (page 1: no complete answer (timeout: no response headers within 10000 ms)) — not judged: the answer was incomplete (timeout: no response headers within 10000 ms). (+1 more finding)',
    );
  });

  it("passes with a note when the widget is beyond the pages a bounded walk reads", async () => {
    const many = widgetsTagged(15, () => ["common"]);
    const { result } = await run(
      "search.widgets-by-tag",
      "listFactoryDefaultWidgets",
      {
        widgets: many,
        tamper: (call) =>
          call.searchValue
            ? listingAnswer(
                call,
                [...call.found].reverse().slice(call.pageNumber * call.pageSize, (call.pageNumber + 1) * call.pageSize),
                15,
                2,
              )
            : undefined,
      },
      { maxPagesWalked: 1 },
    );
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        'searchValue "common": id:widget://t/w0 not among the first 10 results (walk bounded).; searchValue "ommo": id:widget://t/w0 not among the first 10 results (walk bounded).; 1 whole tag(s) and 1 part(s) of tags ("ommo") searched.',
    });
  });
});

describe("search.widgets-case-insensitive", () => {
  it("searches each ASCII tag with letters as written, upper, lower and swapped", async () => {
    const { result, values } = await run("search.widgets-case-insensitive", "listFactoryDefaultWidgets", {
      widgets: [{ id: "w1", tags: ["Tag", "123", "ção"] }],
    });
    expect(values).toEqual(["Tag", "TAG", "tag", "tAG"]);
    expect(result).toMatchObject({ outcome: "passed", message: "1 tag(s) searched in upper, lower and swapped case." });
  });

  it("skips when no tag is printable ASCII with a letter to vary", async () => {
    const { result, values } = await run("search.widgets-case-insensitive", "listFactoryDefaultWidgets", {
      widgets: [{ id: "w1", tags: ["123", "çA", "Aç", " "] }],
    });
    expect(values).toEqual([]);
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "no listed widget has an ASCII tag with letters to vary the case of.",
    });
  });

  it("fails when a case variant finds more widgets than the tag as written", async () => {
    const { result } = await run("search.widgets-case-insensitive", "listFactoryDefaultWidgets", {
      widgets: [
        { id: "w1", tags: ["Tag"] },
        { id: "w2", name: "a tag in the name" },
      ],
      // Tags are matched ignoring case, names as written.
      matches: (_operation, item, value) =>
        (Array.isArray(item.tags) &&
          item.tags.some((tag) => String(tag).toLowerCase().includes(value.toLowerCase()))) ||
        String(item.name ?? "").includes(value),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'searchValue "tag" found 2 widgets, "Tag" found 1.',
      expected: "the same totalElements for every case variant",
      actual: "2 vs 1",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(['searchValue "tag"']);
  });

  it("says whose tag it is when the tag as written does not find its widget", async () => {
    const { result } = await run("search.widgets-case-insensitive", "listFactoryDefaultWidgets", {
      widgets: [{ id: "w1", tags: ["Tag"] }],
      matches: (_operation, _item, value) => value !== "Tag",
    });
    expect(result.message.split("\n")[0]).toBe(
      'searchValue "Tag" did not return id:w1, whose tag it is. (+3 more findings)',
    );
  });

  it("does not compare totals with a tag search that got no listing", async () => {
    const { result } = await run("search.widgets-case-insensitive", "listFactoryDefaultWidgets", {
      widgets: [{ id: "w1", tags: ["Tag"] }],
      tamper: (call) => (call.searchValue === "Tag" ? { status: 500, json: {} } : undefined),
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toBe('searchValue "Tag" got status 500: a server error is never a conforming answer.');
  });
});

describe("search.landing-by-title", () => {
  it("searches unique titles before repeated ones", async () => {
    const landingPages = [...pagesTitled(10, () => "Dup"), { id: "a", title: "Alpha" }, { id: "b", title: "Beta" }];
    const { result, values } = await run("search.landing-by-title", "listLandingPages", { landingPages });
    expect(values).toEqual(["Alpha", "Dup", "lph", "Du"]);
    expect(result).toMatchObject({
      outcome: "passed",
      message: "4 whole title(s) and 2 part(s) of titles searched.",
    });
  });

  it("skips when no page has a non-blank title", async () => {
    const { result, values } = await run("search.landing-by-title", "listLandingPages", {
      landingPages: [{ id: "a", title: "   " }, { id: "b", title: 5 }, { id: "c" }],
    });
    expect(values).toEqual([]);
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "no listed landing page has a title to search for.",
    });
  });

  it("names the title in the failure", async () => {
    const { result } = await run("search.landing-by-title", "listLandingPages", {
      landingPages: [{ id: "a", title: "Alpha" }],
      matches: () => false,
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message:
        'searchValue "Alpha" did not return id:a, whose title it is. (+1 more finding)\n- searchValue "lph" did not return id:a, a part of whose title "Alpha" it is. [register: search-match-mode]',
      actual: "0 result(s): ",
    });
  });
});

describe("search.results-subset", () => {
  const widgets = widgetsTagged(12, (index) => [`t${index % 3}`]);

  it('searches two tags, "a" and a value from the seed, and passes on a search that filters', async () => {
    const { result, values } = await run(
      "search.results-subset",
      "listFactoryDefaultWidgets",
      { widgets },
      { seed: 71 },
    );
    expect(values).toEqual(["t0", "t2", "a", "cms-conformance-no-match-1z"]);
    expect(result.outcome).toBe("passed");
  });

  it("skips when the unfiltered listing could not be walked whole", async () => {
    const { result } = await run(
      "search.results-subset",
      "listFactoryDefaultWidgets",
      { widgets: widgetsTagged(25, () => []) },
      { maxPageSize: 10, maxPagesWalked: 2 },
    );
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "the unfiltered listing was not walked completely (walked 2 of 3 pages (sampling bound --max-pages)).",
    });
  });

  it("fails items the unfiltered listing lacks, listing the first five", async () => {
    const strangers = widgetsTagged(7, () => []).map((widget, index) => ({ ...widget, id: `ghost${index}` }));
    const { result } = await run("search.results-subset", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.searchValue === "a" ? listingAnswer(call, strangers, 7, 1) : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'searchValue "a" returned 7 item(s) the unfiltered listing lacks.',
      expected: "only items of the unfiltered listing",
      actual: "id:ghost0, id:ghost1, id:ghost2, id:ghost3, id:ghost4",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(['searchValue "a"']);
  });

  it("fails totals larger than the unfiltered listing's", async () => {
    const { result } = await run("search.results-subset", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.searchValue === "t0" ? listingAnswer(call, call.found, 13, 2) : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'searchValue "t0": totalElements 13 exceeds the unfiltered 12.',
      expected: "at most 12",
      actual: "13",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(['searchValue "t0"']);
  });

  it("records a search that got no answer as an error naming the value", async () => {
    const { result } = await run("search.results-subset", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) =>
        call.searchValue === "a"
          ? { noResponse: true, failure: { kind: "timeout", message: "no answer within 1000 ms" } }
          : undefined,
    });
    expect(result.outcome).toBe("error");
    expect(result.message).toMatch(/^searchValue "a": /);
  });
});

describe("search.empty-value", () => {
  const widgets = widgetsTagged(12, (index) => [`t${index}`]);
  const emptyAnswer = (answer: (call: ListingCall) => ReturnType<NonNullable<FakeCms["tamper"]>>) => ({
    widgets,
    tamper: (call: ListingCall) => (call.searchValue === "" ? answer(call) : undefined),
  });

  it("passes when an empty searchValue returns the unfiltered listing", async () => {
    const { result } = await run("search.empty-value", "listFactoryDefaultWidgets", { widgets });
    expect(result).toMatchObject({ outcome: "passed", registerRefs: ["empty-search-value"] });
    expect(result.evidence.map((item) => item.label)).toEqual(['no pagination, searchValue ""']);
  });

  it("fails a 500, and departs from the register on a 400, other totals or another first page", async () => {
    const server = await run(
      "search.empty-value",
      "listFactoryDefaultWidgets",
      emptyAnswer(() => ({ status: 500, json: {} })),
    );
    expect(server.result).toMatchObject({
      outcome: "failed",
      message: 'no pagination, searchValue "" got status 500: a server error is never a conforming answer.',
      expected: "a status below 500 (§7)",
    });
    const refused = await run(
      "search.empty-value",
      "listFactoryDefaultWidgets",
      emptyAnswer(() => ({ status: 400, json: { message: "searchValue is empty" } })),
    );
    expect(refused.result).toMatchObject({
      outcome: "warning",
      message: 'no pagination, searchValue "" did not return the unfiltered listing. [register: empty-search-value]',
      expected: "200 with totalElements 12 and the same first page",
    });
    expect(refused.result.actual).toMatch(/^status 400/);
    const totals = await run(
      "search.empty-value",
      "listFactoryDefaultWidgets",
      emptyAnswer((call) => listingAnswer(call, call.found.slice(0, 10), 13, 2)),
    );
    expect(totals.result).toMatchObject({ outcome: "warning", actual: "totalElements 13" });
    const order = await run(
      "search.empty-value",
      "listFactoryDefaultWidgets",
      emptyAnswer((call) => listingAnswer(call, [...call.found].reverse().slice(0, 10), 12, 2)),
    );
    expect(order.result).toMatchObject({ outcome: "warning", actual: "totalElements 12" });
  });

  it("names the request that got no answer", async () => {
    const { result } = await run("search.empty-value", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) =>
        call.searchValue === undefined
          ? { noResponse: true, failure: { kind: "timeout", message: "late" } }
          : undefined,
    });
    expect(result.message).toMatch(/^no searchValue: no complete answer to judge/);
  });

  it("skips when the listing without searchValue is not a 200", async () => {
    const { result } = await run("search.empty-value", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.searchValue === undefined ? { status: 400, json: {} } : undefined),
    });
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "the unfiltered listing did not answer 200 (see http.valid-request-ok).",
    });
  });
});

describe("search.landing-results-match", () => {
  const landingPages = pagesTitled(23, (index) => `Page ${index % 4} Sales`).map((page, index) => ({
    ...page,
    pageId: `pid-${index}`,
  }));

  it("searches title words and other fields' values and passes when every page returned holds its value", async () => {
    const { result, values } = await run("search.landing-results-match", "listLandingPages", { landingPages });
    expect(values).toEqual(["Page", "Sales", "pid-0", "lp0", "pid-22"]);
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        'Searched 2 title word(s) and 3 value(s) of other fields ("Page", "Sales", "pid-0", "lp0", "pid-22"); every page returned holds its value in its title.',
    });
  });

  it("skips when no title has a word", async () => {
    const { result } = await run("search.landing-results-match", "listLandingPages", {
      landingPages: [{ id: "a", title: "!" }, { id: "b" }],
    });
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "no listed landing page has a title with a word to search for.",
    });
  });

  it("fails a later page of the result that answers 500", async () => {
    const { result } = await run("search.landing-results-match", "listLandingPages", {
      landingPages,
      tamper: (call) => (call.searchValue === "Page" && call.pageNumber === 2 ? { status: 500, json: {} } : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'searchValue "Page": page 2 got status 500.',
      expected: "200 (§4.2)",
      actual: "status 500",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(['searchValue "Page", page 2']);
  });

  it("fails a page returned whose title lacks the value, on any page of the result", async () => {
    const { result } = await run("search.landing-results-match", "listLandingPages", {
      landingPages,
      // pageId is searched too.
      matches: (_operation, item, value) =>
        matchesIgnoringCase("listLandingPages", item, value) || String(item.pageId).includes(value),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message:
        'searchValue "pid-0" returned 1 landing page(s) whose title does not contain the value (of 1 page(s) of the result read). (+1 more finding)\n- searchValue "pid-22" returned 1 landing page(s) whose title does not contain the value (of 1 page(s) of the result read).',
      expected: 'only pages whose title contains "pid-0" (§4.2; case and accents ignored)',
      actual: 'id:lp0 titled "Page 0 Sales"',
    });
    expect(result.evidence.map((item) => item.label)).toEqual([
      'searchValue "pid-0", page 0',
      'searchValue "pid-22", page 0',
    ]);
  });
});

describe("search.no-match-empty", () => {
  const widgets = widgetsTagged(12, (index) => [`t${index}`]);

  it("skips when the unfiltered listing cannot be read, and asks page 0 of size 10 of the search", async () => {
    const unreadable = await run("search.no-match-empty", "listFactoryDefaultWidgets", {
      widgets,
      tamper: () => ({ status: 500, json: {} }),
    });
    expect(unreadable.result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "the unfiltered listing could not be read (page 0: status 500); see schema.response-body and http.valid-request-ok.",
    });
    const { client } = await run("search.no-match-empty", "listFactoryDefaultWidgets", { widgets });
    const searches = client
      .jsonBodies()
      .filter((body) => typeof (body as { searchValue?: unknown }).searchValue === "string");
    expect(searches).toEqual([{ searchValue: expect.any(String), pagination: { pageNumber: 0, pageSize: 10 } }]);
  });
  const emptyWith = (totalPages: number) => ({
    widgets,
    tamper: (call: ListingCall) =>
      call.searchValue && call.found.length === 0 ? listingAnswer(call, [], 0, totalPages) : undefined,
  });

  it("passes an empty result with totals 0", async () => {
    const { result, values } = await run("search.no-match-empty", "listFactoryDefaultWidgets", { widgets });
    expect(values).toHaveLength(1);
    expect(result).toMatchObject({ outcome: "passed", registerRefs: ["empty-total-pages"] });
    expect(result.evidence).toHaveLength(1);
  });

  it("departs on totalPages 1 and fails any other totalPages", async () => {
    const one = await run("search.no-match-empty", "listFactoryDefaultWidgets", emptyWith(1));
    expect(one.result.outcome).toBe("warning");
    expect(one.result.message).toMatch(
      /^searchValue "[^"]+" \(a random value no listed item holds\): an empty result has totalPages 1\. \[register: empty-total-pages\]$/,
    );
    expect(one.result).toMatchObject({ expected: "totalPages 0", actual: "totalPages 1" });
    const two = await run("search.no-match-empty", "listFactoryDefaultWidgets", emptyWith(2));
    expect(two.result.outcome).toBe("failed");
    expect(two.result.message).toMatch(/\(a random value no listed item holds\): an empty result has totalPages 2\.$/);
    expect(two.result).toMatchObject({
      expected: "totalPages 0 (or 1, register empty-total-pages)",
      actual: "totalPages 2",
    });
  });

  it("fails a search that ignores the value, showing the first five items", async () => {
    const { result } = await run("search.no-match-empty", "listFactoryDefaultWidgets", {
      widgets,
      matches: () => true,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/\(a random value no listed item holds\) returned 12 result\(s\)\.$/);
    expect(result).toMatchObject({
      expected: "no item and totalElements 0: the search must narrow the listing (§4.1, §4.2)",
      actual:
        "totalElements 12, page 0 holds id:widget://t/w0, id:widget://t/w1, id:widget://t/w2, id:widget://t/w3, id:widget://t/w4",
    });
  });

  it("fails items served with totals 0, and says when page 0 holds nothing", async () => {
    const { result } = await run("search.no-match-empty", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) =>
        call.searchValue
          ? listingAnswer(call, call.found.length === 0 ? widgets.slice(0, 1) : call.found, 0, 0)
          : undefined,
    });
    expect(result).toMatchObject({ outcome: "failed", actual: "totalElements 0, page 0 holds id:widget://t/w0" });
    const counted = await run("search.no-match-empty", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.searchValue ? listingAnswer(call, [], 3, 1) : undefined),
    });
    expect(counted.result).toMatchObject({ outcome: "failed", actual: "totalElements 3, page 0 holds nothing" });
  });

  it("on landing pages also searches values of other fields, once every title was seen", async () => {
    const landingPages = pagesTitled(3, (index) => `Title ${index}`).map((page, index) => ({
      ...page,
      pageId: `pid-${index}`,
    }));
    const { result, values } = await run("search.no-match-empty", "listLandingPages", { landingPages });
    expect(values.slice(1)).toEqual(["pid-0", "lp0"]);
    expect(result.outcome).toBe("passed");
    const pageIdToo = await run("search.no-match-empty", "listLandingPages", {
      landingPages,
      matches: (_operation, item, value) =>
        String(item.pageId).includes(value) || matchesIgnoringCase("listLandingPages", item, value),
    });
    expect(pageIdToo.result.message).toMatch(
      /^searchValue "pid-0" \(a value of another field, in no listed title\) returned 1 result\(s\)\./,
    );
  });
});

describe("search.metacharacters-literal", () => {
  const widgets = [
    { id: "w0", tags: ["abc"], title: "Plain" },
    { id: "w1", tags: ["a.c"], title: "Plain" },
  ];
  /** A target reading "_" as any one character (SQL LIKE without escaping). */
  const likeMatches = (_operation: ListingName, item: Readonly<Record<string, unknown>>, value: string) =>
    (Array.isArray(item.tags) ? item.tags : []).some((tag) =>
      new RegExp(value.replace(/[.*+?^${}()|[\]\\%]/g, "\\$&").replace(/_/g, ".")).test(String(tag)),
    );

  it("searches the special values, the wildcard variants of 3-character terms no text holds, and snippets around special characters", async () => {
    const { result, values } = await run("search.metacharacters-literal", "listFactoryDefaultWidgets", { widgets });
    expect(values).toEqual([
      ...["%", "_", "*", ".", "(", "[", "\\", "'", '"', "%41", "ção", "🙂"],
      ...["a_c", "a%c", "a.*c", "a*c", "a%2Ec", "a%62c"],
      "a.c",
    ]);
    // "a.c" is a tag: the variant of "abc" that reads like it is no probe (5 of "abc"'s 6, all 5 of "a.c"'s), and the snippet searches it.
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        "12 special value(s), 10 wildcard variant(s) of the target's terms and 1 snippet(s) of its own text with special characters searched as written.",
      registerRefs: ["search-special-characters"],
    });
  });

  it("does not judge the widgets a special value alone returns by a title field", async () => {
    const { result } = await run("search.metacharacters-literal", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.searchValue === "%" ? listingAnswer(call, widgets, 2, 1) : undefined),
    });
    expect(result.outcome).toBe("passed");
  });

  it("fails a widget target that reads _ as a wildcard, saying how it read the value", async () => {
    const { result } = await run("search.metacharacters-literal", "listFactoryDefaultWidgets", {
      widgets,
      matches: likeMatches,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(
      /^searchValue "a_c" returned widgets though no listed widget holds that text: the value seems read as a SQL LIKE pattern \(_ is any one character\)\./,
    );
    expect(result.expected).toMatch(
      /^no result: "a_c" searched as written \(§4\.1\) is in no widget \(it comes from the tag "(abc|a\.c)"\)$/,
    );
    expect(result.actual).toMatch(/^totalElements 2, page 0 holds id:w0, id:w1$/);
  });

  it("fails a widget target that does not find a tag holding a special character, naming the tag", async () => {
    const { result } = await run("search.metacharacters-literal", "listFactoryDefaultWidgets", {
      widgets,
      matches: (operation, item, value) => !value.includes(".") && matchesIgnoringCase(operation, item, value),
    });
    expect(result.message.split("\n")[0]).toMatch(/^searchValue "a\.c" did not return id:w1, whose tag it is\./);
  });

  it("fails a landing target whose search drops what it cannot escape, naming the whole title", async () => {
    const landingPages = [
      { id: "lp0", title: "50%" },
      { id: "lp1", title: "Plain" },
    ];
    const { result } = await run("search.metacharacters-literal", "listLandingPages", {
      landingPages,
      matches: (operation, item, value) => !value.includes("%") && matchesIgnoringCase(operation, item, value),
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toBe('searchValue "50%" did not return id:lp0, whose title\'s text it is.');
  });

  it("only warns when a part of a title around a special character finds nothing: whole words are a reading", async () => {
    const landingPages = [
      { id: "lp0", title: "Sale 50% off" },
      { id: "lp1", title: "Plain" },
    ];
    const { result } = await run("search.metacharacters-literal", "listLandingPages", {
      landingPages,
      matches: (operation, item, value) => !value.includes("%") && matchesIgnoringCase(operation, item, value),
    });
    expect(result.outcome).toBe("warning");
    expect(result.message).toBe(
      'searchValue "50%" did not return id:lp0, whose title\'s text it is. [register: search-match-mode]',
    );
  });

  it("fails a landing page a special value returns whose title lacks it", async () => {
    const landingPages = [
      { id: "lp0", title: "Sale 50% off" },
      { id: "lp1", title: "Plain" },
    ];
    const { result } = await run("search.metacharacters-literal", "listLandingPages", {
      landingPages,
      tamper: (call) => (call.searchValue === "(" ? listingAnswer(call, landingPages, 2, 1) : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message:
        'searchValue "(" returned 2 landing page(s) whose title does not contain the value (of 1 page(s) of the result read).',
    });
  });
});

describe("search.filtered-walk", () => {
  /** 100 widgets: "r" on all, "q" on 90, "p" on 84, "duo" on 2, "solo" on 1. */
  const tiers = widgetsTagged(100, (index) => [
    "r",
    ...(index < 90 ? ["q"] : []),
    ...(index < 84 ? ["p"] : []),
    ...(index < 2 ? ["duo"] : []),
    ...(index === 0 ? ["solo"] : []),
  ]);

  it("walks the terms matching two to 84 items first, in page sizes that cover them whole", async () => {
    const { result, values } = await run("search.filtered-walk", "listFactoryDefaultWidgets", { widgets: tiers });
    expect(values).toEqual(["p", "duo"]);
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        'Walked "p" (84 results; page sizes 10, 7, 8, 9) and "duo" (2 results; page sizes 10, 1): every match once, totals consistent.',
    });
  });

  it("counts a term on exactly 84 items among the small ones only", async () => {
    const { values } = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: widgetsTagged(100, (index) => ["r", ...(index < 84 ? ["p"] : [])]),
    });
    expect(values).toEqual(["p", "r"]);
  });

  it("then larger terms, smallest first, walking their first 12 pages in sizes 7 and 9", async () => {
    const large = widgetsTagged(100, (index) => ["r", ...(index < 90 ? ["q"] : [])]);
    const { result, values } = await run("search.filtered-walk", "listFactoryDefaultWidgets", { widgets: large });
    expect(values).toEqual(["q", "r"]);
    expect(result.message).toBe(
      'Walked "q" (90 results; page sizes 10, 7, 9, the first 12 pages of each) and "r" (100 results; page sizes 10, 7, 9, the first 12 pages of each): every match once, totals consistent.',
    );
  });

  it("asks for no page size above --max-page-size, and walks no more pages than --max-pages", async () => {
    const capped = await run(
      "search.filtered-walk",
      "listFactoryDefaultWidgets",
      { widgets: tiers },
      { maxPageSize: 8 },
    );
    expect(capped.result.message).toMatch(/^Walked "p" \(84 results; page sizes 10, 7, 8\) and/);
    const short = await run(
      "search.filtered-walk",
      "listFactoryDefaultWidgets",
      { widgets: widgetsTagged(30, () => ["t"]) },
      { maxPagesWalked: 2 },
    );
    const sizes = short.client.sent.map((request) =>
      request.body && "json" in request.body
        ? (request.body.json as { pagination?: { pageSize?: number } }).pagination?.pageSize
        : undefined,
    );
    expect(sizes.filter((size) => size === 3)).toHaveLength(2);
    expect(short.result.message).toBe(
      'Walked "t" (30 results; page sizes 10, 3, 4, 5, the first 2 pages of each): every match once, totals consistent.',
    );
  });

  it("tries at most four values, and names the walk in pages of 10 when its totals disagree", async () => {
    const five = widgetsTagged(10, (index) => [`v${Math.floor(index / 2)}`]);
    const single = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: five,
      tamper: (call) => (call.searchValue ? listingAnswer(call, call.found.slice(0, 1), 1, 1) : undefined),
    });
    expect(single.values).toHaveLength(4);
    const wrongPages = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: widgetsTagged(12, () => ["k"]),
      tamper: (call) =>
        call.searchValue && call.pageSize === 10
          ? listingAnswer(call, call.found.slice(call.pageNumber * 10, call.pageNumber * 10 + 10), 12, 5)
          : undefined,
    });
    expect(wrongPages.result.message).toBe(
      'searchValue "k" walked in pages of 10 stopped: page 2 is empty although totalPages is 5. (+1 more finding)\n' +
        '- searchValue "k" walked in pages of 10: totalPages 5 does not match 12 results in pages of 10.',
    );
  });

  it("fails a page size answered 200 without a listing: only a 4xx is a refusal", async () => {
    const { result } = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: widgetsTagged(30, () => ["t"]),
      tamper: (call) => (call.pageSize === 3 ? { status: 200, json: {} } : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'searchValue "t" walked in pages of 3 stopped: page 0: the body has no integer totals.',
    });
  });

  it('falls back to "a" and "e" when no term matches two items', async () => {
    const { result, values } = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: widgetsTagged(5, (index) => [`u${index}`]),
    });
    expect(values).toEqual(["a", "e"]);
    expect(result.message).toBe('Walked "e" (5 results; page sizes 10, 1, 2, 3): every match once, totals consistent.');
  });

  it("skips when no value matches two items, and fails a value whose search answers 500", async () => {
    const pair = widgetsTagged(2, () => ["duo"]);
    const one = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: pair,
      tamper: (call) => (call.searchValue ? listingAnswer(call, call.found.slice(0, 1), 1, 1) : undefined),
    });
    expect(one.result).toMatchObject({
      outcome: "skipped",
      skipReason: "no search value taken from the listing matched two or more items.",
    });
    const broken = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets: pair,
      tamper: (call) => (call.searchValue ? { status: 500, json: {} } : undefined),
    });
    expect(broken.result).toMatchObject({
      outcome: "failed",
      message: 'searchValue "duo" got status 500: a server error is never a conforming answer.',
    });
  });

  it("notes a page size refused with a 4xx and walks the others; a 5xx, or a refusal after page 0, fails", async () => {
    const widgets = widgetsTagged(30, () => ["t"]);
    const refused = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) =>
        call.pageSize < 5 ? { status: 400, json: { message: "pageSize must be 5 or more" } } : undefined,
    });
    expect(refused.result).toMatchObject({
      outcome: "passed",
      message:
        "page size 3 was refused with 400 (pagination.page-size-honoured judges page sizes); page size 4 was refused with 400 (pagination.page-size-honoured judges page sizes); " +
        'Walked "t" (30 results; page sizes 10, 5): every match once, totals consistent.',
    });
    const server = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.pageSize === 3 ? { status: 500, json: {} } : undefined),
    });
    expect(server.result.outcome).toBe("failed");
    expect(server.result.message).toBe('searchValue "t" walked in pages of 3 stopped: page 0: status 500.');
    const later = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => (call.pageSize === 3 && call.pageNumber === 1 ? { status: 400, json: {} } : undefined),
    });
    expect(later.result.outcome).toBe("failed");
    expect(later.result.message).toBe('searchValue "t" walked in pages of 3 stopped: page 1: status 400.');
  });

  it("fails totals that change with the page size, though each walk agrees with its own totals", async () => {
    const widgets = [...widgetsTagged(30, () => ["k"]), { id: "z1", tags: ["other"] }];
    const { result } = await run("search.filtered-walk", "listFactoryDefaultWidgets", {
      widgets,
      tamper: (call) => {
        if (!call.searchValue || call.pageSize >= 10) return undefined;
        const found = [...call.found, widgets[30]];
        return listingAnswer(
          call,
          found.slice(call.pageNumber * call.pageSize, (call.pageNumber + 1) * call.pageSize),
          found.length,
          Math.ceil(found.length / call.pageSize),
        );
      },
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(
        /^searchValue "k" walked in pages of 3: totalElements 31, but 30 in pages of 10\. \(\+2 more findings\)/,
      ),
      expected: "totalElements 30 whatever the page size (§2.11)",
      actual: "totalElements 31",
    });
    expect(result.evidence.map((item) => item.label)).toEqual([
      'searchValue "k", page 0 of size 3',
      'searchValue "k", page 0 of size 4',
      'searchValue "k", page 0 of size 5',
    ]);
  });
});

describe("search.escaped-value", () => {
  const landingPages = pagesTitled(4, (index) => (index === 1 ? "Frota 🚚" : index === 2 ? "Área" : `Plain ${index}`));

  it("searches a title beyond the BMP first, in every escaped form, and passes when each answers as the plain search", async () => {
    const { result, client } = await checkOnScript(
      "search.escaped-value",
      "listLandingPages",
      fakeCms({ landingPages }),
    );
    const raw = client.sent.flatMap((request) => (request.body && "raw" in request.body ? [request.body.raw] : []));
    expect(raw).toHaveLength(3);
    expect(raw[0]).toContain("\\ud83d\\ude9a");
    expect(raw.every((text) => (JSON.parse(text) as { searchValue: string }).searchValue === "Frota 🚚")).toBe(true);
    expect(result.outcome).toBe("passed");
  });

  it("fails a target that answers an escaped surrogate pair otherwise than the same search written plainly", async () => {
    const plain = fakeCms({ landingPages });
    // Decodes each escape of a pair on its own: the search holds two U+FFFD and finds nothing.
    const mangling: typeof plain = (request, index) =>
      request.body && "raw" in request.body && request.body.raw.includes("\\ud83d")
        ? plain(
            {
              ...request,
              body: { json: { searchValue: "\uFFFD\uFFFD", pagination: { pageNumber: 0, pageSize: 10 } } },
            },
            index,
          )
        : plain(request, index);
    const { result } = await checkOnScript("search.escaped-value", "listLandingPages", mangling);
    expect(result.outcome).toBe("failed");
    expect(result.message).toContain(
      'searchValue "Frota 🚚" written with every character of its strings as a \\u escape',
    );
    expect(result.expected).toContain("id:lp1");
  });

  it("fails a target that refuses a searchValue written with \\u escapes", async () => {
    const plain = fakeCms({ landingPages });
    const refusing: typeof plain = (request, index) =>
      request.body && "raw" in request.body && request.body.raw.includes("\\u")
        ? { status: 400, json: {} }
        : plain(request, index);
    const { result } = await checkOnScript("search.escaped-value", "listLandingPages", refusing);
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/got 400; written as JSON.stringify writes it, it got 200/);
  });
});
