/**
 * The values the search checks derive from a listing, pinned exactly: which texts give terms, how
 * they are folded, counted, ordered and bounded; the snippets around special characters; the
 * values of a landing page's other fields. The verdict matrix only sees what the reference's data
 * happens to hold.
 */
import { describe, expect, it } from "vitest";
import { nonTitleValues, searchTerms, specialSnippets } from "../../../../../checks/_internals/probes/searchTerms.js";
import type { ListingWalk } from "../../../../../checks/_internals/walks/walkListing.js";

const walkOf = (operation: ListingWalk["operation"], items: unknown[]): ListingWalk => ({
  operation,
  caller: "admin",
  pageSize: 10,
  pages: [],
  items,
  complete: true,
});
const widgets = (...tagLists: unknown[]) =>
  walkOf(
    "listFactoryDefaultWidgets",
    tagLists.map((tags, index) => ({ id: `widget://t/w${index}`, tags })),
  );
const pages = (...titles: unknown[]) =>
  walkOf(
    "listLandingPages",
    titles.map((title, index) => ({ id: `landing://t/p${index}`, title })),
  );
const values = (terms: readonly { value: string }[]) => terms.map((term) => term.value);

describe("searchTerms", () => {
  it("takes a widget's string tags whole, and nothing from other items or blank tags", () => {
    const walk = walkOf("listFactoryDefaultWidgets", [
      ...widgets(["kpi", 5, null, "  ", "two words"], "not-a-list", undefined).items,
      "not an item",
      7,
    ]);
    expect(searchTerms("listFactoryDefaultWidgets", walk)).toEqual([
      { value: "kpi", count: 1, owner: "id:widget://t/w0" },
      { value: "two words", count: 1, owner: "id:widget://t/w0" },
    ]);
  });

  it("takes the words of two characters or more of a landing page's string title, letters of any script with their marks", () => {
    const walk = walkOf("listLandingPages", [
      ...pages("a Q1 é Relatório", 42, null).items,
      { id: "landing://t/no-title" },
    ]);
    expect(values(searchTerms("listLandingPages", walk))).toEqual(["Q1", "Relatório"]);
    expect(values(searchTerms("listLandingPages", pages("Cafe\u0301 x")))).toEqual(["Cafe\u0301"]);
  });

  it("keeps one term per spelling up to lower case, in the spelling seen first", () => {
    expect(searchTerms("listFactoryDefaultWidgets", widgets(["KPI"], ["kpi"]))).toEqual([
      { value: "KPI", count: 2, owner: "id:widget://t/w0" },
    ]);
    // Upper-casing would merge these: "ß" and "ss" are both "SS".
    expect(values(searchTerms("listFactoryDefaultWidgets", widgets(["straße"], ["strasse"])))).toEqual([
      "strasse",
      "straße",
    ]);
  });

  it("orders terms by how many items hold them, then alphabetically", () => {
    const terms = searchTerms(
      "listFactoryDefaultWidgets",
      widgets(["zeta"], ["beta", "zeta"], ["alpha", "beta", "zeta"]),
    );
    expect(terms.map((term) => `${term.value}=${term.count}`)).toEqual(["zeta=3", "beta=2", "alpha=1"]);
    expect(values(searchTerms("listFactoryDefaultWidgets", widgets(["b"], ["a"])))).toEqual(["a", "b"]);
  });

  it("counts the items whose texts contain the term, not only those carrying it whole", () => {
    expect(searchTerms("listFactoryDefaultWidgets", widgets(["kpi"], ["kpi-sales"]))).toEqual([
      { value: "kpi", count: 2, owner: "id:widget://t/w0" },
      { value: "kpi-sales", count: 1, owner: "id:widget://t/w1" },
    ]);
  });

  it("keeps at most 200 distinct terms on a hostile listing", () => {
    const many = Array.from({ length: 201 }, (_, index) => `tag-${String(index).padStart(3, "0")}`);
    const terms = searchTerms("listFactoryDefaultWidgets", widgets(many));
    expect(terms).toHaveLength(200);
    expect(values(terms)).not.toContain("tag-200");
  });
});

describe("specialSnippets", () => {
  it("cuts the whitespace-free run around each character that is not a letter or digit, or not printable ASCII, once per character", () => {
    const walk = pages("Plain words only", "50% off (Q1)", "more 50% here", "Relatório   anual");
    expect(specialSnippets("listLandingPages", walk, 10).map(({ value, owner }) => ({ value, owner }))).toEqual([
      { value: "50%", owner: "id:landing://t/p1" },
      { value: "(Q1)", owner: "id:landing://t/p1" },
      { value: "Relatório", owner: "id:landing://t/p3" },
    ]);
  });

  it("skips runs longer than 40 characters and stops at the limit", () => {
    expect(specialSnippets("listLandingPages", pages(`${"a".repeat(40)}%`, `${"b".repeat(39)}%`), 5)).toEqual([
      { value: `${"b".repeat(39)}%`, owner: "id:landing://t/p1", whole: true },
    ]);
    expect(
      specialSnippets("listFactoryDefaultWidgets", widgets(["a%", "b&", "c#"]), 2).map((snippet) => snippet.value),
    ).toEqual(["a%", "b&"]);
  });

  it("says whether a snippet is the whole text it came from (a whole tag or title) or a part of it", () => {
    expect(specialSnippets("listLandingPages", pages("50%", "Sale 50% off"), 5)).toEqual([
      { value: "50%", owner: "id:landing://t/p0", whole: true },
    ]);
    expect(specialSnippets("listLandingPages", pages("Sale 50% off"), 5)).toEqual([
      { value: "50%", owner: "id:landing://t/p0", whole: false },
    ]);
  });
});

describe("nonTitleValues", () => {
  const page = (index: number, title: unknown) => ({
    id: `landing://acme.test/folder-${index}/page-${index}`,
    pageId: `pid-${index}`,
    title,
    landingPageType: `TYPE${index}`,
  });

  it("takes pageId, the last id segment, the type and every segment, from the first, last and middle pages in that order", () => {
    const walk = walkOf(
      "listLandingPages",
      [0, 1, 2, 3, 4].map((index) => page(index, "Title")),
    );
    expect(nonTitleValues(walk, 100)).toEqual([
      "pid-0",
      "page-0",
      "TYPE0",
      "acme.test",
      "folder-0",
      "pid-4",
      "page-4",
      "TYPE4",
      "folder-4",
      "pid-2",
      "page-2",
      "TYPE2",
      "folder-2",
    ]);
    expect(nonTitleValues(walk, 4)).toEqual(["pid-0", "page-0", "TYPE0", "acme.test"]);
  });

  it("leaves out values a title holds, whatever its case, values of 1 or over 100 characters, and reads pages without titles", () => {
    const walk = walkOf("listLandingPages", [
      { id: "x", pageId: "P", title: "the pid-9 page", landingPageType: "a".repeat(101) },
      { id: "urn:y/zz", pageId: "PID-9", landingPageType: "b".repeat(100) },
    ]);
    expect(nonTitleValues(walk, 10)).toEqual(["zz", "b".repeat(100), "urn:y"]);
  });

  it("takes no segment from a page whose id is not a string", () => {
    expect(nonTitleValues(walkOf("listLandingPages", [{ id: 7, pageId: "pid-7", title: "T" }]), 10)).toEqual(["pid-7"]);
  });

  it("strips only a leading URI scheme from the id", () => {
    const walk = walkOf("listLandingPages", [{ id: "see landing://a/bb", title: "t" }]);
    expect(nonTitleValues(walk, 10)).toEqual(["bb", "see landing:"]);
    expect(nonTitleValues(walkOf("listLandingPages", [{ id: "1x://a/bb", title: "t" }]), 10)).toEqual(["bb", "1x:"]);
    expect(nonTitleValues(walkOf("listLandingPages", [{ id: "git+ssh://host/repo", title: "t" }]), 10)).toEqual([
      "repo",
      "host",
    ]);
  });
});

describe("search terms of a listing", () => {
  const pages = [
    {
      id: "landing://acme.com.br/page-001",
      pageId: "page-001",
      title: "Painel de Vendas 1",
      landingPageType: "DEFAULT",
    },
    {
      id: "landing://acme.com.br/page-002",
      pageId: "page-002",
      title: "Relatório (Q1) 50% 2",
      landingPageType: "SHARED",
    },
    { id: "landing://acme.com.br/page-003", pageId: "page-003", title: "painel shared 3", landingPageType: "SHARED" },
  ];

  it("counts title words over the titles holding them, most frequent first", () => {
    const terms = searchTerms("listLandingPages", walkOf("listLandingPages", pages));
    expect(terms[0]).toEqual({ value: "Painel", count: 2, owner: "id:landing://acme.com.br/page-001" });
    expect(terms.map((term) => term.value)).not.toContain("1");
  });

  it("takes whole tags of widgets", () => {
    const widgets = [
      { id: "widget://a/b/c", tags: ["kpi", "snake_case"] },
      { id: "widget://a/b/d", tags: ["kpi"] },
    ];
    expect(searchTerms("listFactoryDefaultWidgets", walkOf("listFactoryDefaultWidgets", widgets))).toEqual([
      { value: "kpi", count: 2, owner: "id:widget://a/b/c" },
      { value: "snake_case", count: 1, owner: "id:widget://a/b/c" },
    ]);
  });

  it("offers other fields' values only when no title holds them", () => {
    const values = nonTitleValues(walkOf("listLandingPages", pages), 10);
    // The first page's fields, then the last page's, then the middle one's; never "SHARED": "painel shared 3" holds it.
    expect(values).toEqual(["page-001", "DEFAULT", "acme.com.br", "page-003", "page-002"]);
    expect(values).not.toContain("SHARED");
  });

  it("cuts snippets around special characters, one per character", () => {
    const snippets = specialSnippets("listLandingPages", walkOf("listLandingPages", pages), 10).map(
      (snippet) => snippet.value,
    );
    expect(snippets).toEqual(expect.arrayContaining(["Relatório", "(Q1)", "50%"]));
  });
});
