/** The text rules the search checks judge with: what counts as found, which values are special, and which values they derive. */
import { describe, expect, it } from "vitest";
import { containsSearchValue } from "../../conformance/checks/_internals/probes/containsSearchValue.js";
import { hasSpecialSearchCharacters } from "../../conformance/checks/_internals/probes/hasSpecialSearchCharacters.js";
import { noMatchValue } from "../../conformance/checks/_internals/probes/noMatchValue.js";
import { searchedTexts } from "../../conformance/checks/_internals/probes/searchedTexts.js";
import {
  nonTitleValues,
  searchTerms,
  specialSnippets,
} from "../../conformance/checks/_internals/probes/searchTerms.js";
import { wildcardProbes } from "../../conformance/checks/_internals/probes/wildcardProbes.js";
import type { ListingWalk } from "../../conformance/checks/_internals/walks/walkListing.js";

const walkOf = (operation: ListingWalk["operation"], items: unknown[]): ListingWalk => ({
  operation,
  caller: "admin",
  pageSize: 10,
  pages: [],
  items,
  complete: true,
});

describe("containsSearchValue", () => {
  it("finds a substring whatever its case and accents, so every common collation passes", () => {
    expect(containsSearchValue("Página Inicial 3", "página")).toBe(true);
    expect(containsSearchValue("Página Inicial 3", "PAGINA INI")).toBe(true);
    expect(containsSearchValue("Zürich Straße", "STRASSE")).toBe(true);
    expect(containsSearchValue("İzmir Şubesi", "izmir")).toBe(true);
    expect(containsSearchValue("ｆｕｌｌ width", "full")).toBe(true);
  });

  it("does not find what is not there, nor a wildcard reading of it", () => {
    expect(containsSearchValue("Página Inicial 3", "page-003")).toBe(false);
    expect(containsSearchValue("realtime", "real_ime")).toBe(false);
    expect(containsSearchValue("realtime", "rea.time")).toBe(false);
    expect(containsSearchValue("Painel", "%")).toBe(false);
  });
});

describe("hasSpecialSearchCharacters", () => {
  it("is true for wildcard, regex and quote characters, other punctuation and emoji", () => {
    for (const value of ["%", "_", "*", ".", "(", "[", "\\", "'", '"', "%41", "🙂", "RH – Visão", "acme.com.br"])
      expect(hasSpecialSearchCharacters(value), value).toBe(true);
  });

  it("is false for letters (accented and of any script), digits, spaces and hyphens: refusing those is a failure", () => {
    for (const value of ["ção", "Página Inicial", "page-001", "販売", "Ελληνικά", "Zürich 2024"])
      expect(hasSpecialSearchCharacters(value), value).toBe(false);
  });
});

describe("wildcardProbes", () => {
  it("makes the middle character a LIKE, regex, glob or percent-escape wildcard that is no longer in the term", () => {
    const probes = wildcardProbes("realtime").map((probe) => probe.value);
    expect(probes).toEqual(["real_ime", "real%ime", "real.ime", "real.*ime", "real*ime", "real%74ime"]);
    for (const probe of probes) expect(containsSearchValue("realtime", probe)).toBe(false);
  });

  it("leaves out the percent-escape of a character that is not printable ASCII, and terms too short to have a middle", () => {
    expect(wildcardProbes("ação").map((probe) => probe.value)).toEqual(["aç_o", "aç%o", "aç.o", "aç.*o", "aç*o"]);
    expect(wildcardProbes("ab")).toEqual([]);
  });

  it("says how a backend that matches each probe reads it, from three characters on", () => {
    expect(wildcardProbes("aJb")).toEqual([
      { value: "a_b", readAs: "a SQL LIKE pattern (_ is any one character)" },
      { value: "a%b", readAs: "a SQL LIKE pattern (% is any text)" },
      { value: "a.b", readAs: "a regular expression (. is any character)" },
      { value: "a.*b", readAs: "a regular expression (.* is any text)" },
      { value: "a*b", readAs: "a glob or full-text query (* is any text)" },
      { value: "a%4Ab", readAs: "a percent-encoded (URL-decoded) text" },
    ]);
  });

  it("percent-escapes printable ASCII from ! to ~, not a space or DEL", () => {
    const escaped = (middle: string) =>
      wildcardProbes(`a${middle}b`).find((probe) => probe.readAs.startsWith("a percent"))?.value;
    expect([" ", "!", "~", "\u007f"].map(escaped)).toEqual([undefined, "a%21b", "a%7Eb", undefined]);
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
    expect(values).toContain("page-001");
    expect(values).toContain("DEFAULT");
    expect(values).toContain("acme.com.br");
    expect(values).not.toContain("SHARED"); // "painel shared 3" holds it
  });

  it("cuts snippets around special characters, one per character", () => {
    const snippets = specialSnippets("listLandingPages", walkOf("listLandingPages", pages), 10).map(
      (snippet) => snippet.value,
    );
    expect(snippets).toEqual(expect.arrayContaining(["Relatório", "(Q1)", "50%"]));
  });

  it("reads a landing page's title only, and every string of a widget", () => {
    expect(searchedTexts("listLandingPages", pages[0])).toEqual(["Painel de Vendas 1"]);
    expect(
      searchedTexts("listFactoryDefaultWidgets", { id: "widget://x", tags: ["kpi"], preferredSize: { height: 2 } }),
    ).toEqual(["widget://x", "kpi"]);
    expect(searchedTexts("listLandingPages", { title: 5 })).toEqual([]);
  });

  it("reads at most 200 strings of one widget", () => {
    const tags = Array.from({ length: 300 }, (_, index) => `t${index}`);
    expect(searchedTexts("listFactoryDefaultWidgets", { tags })).toEqual(tags.slice(0, 200));
  });
});

describe("noMatchValue", () => {
  it("is the same for the same seed, different for another, and held by none of the texts", () => {
    expect(noMatchValue(7, [])).toBe(noMatchValue(7, []));
    expect(noMatchValue(7, [])).not.toBe(noMatchValue(8, []));
    const taken = noMatchValue(7, []);
    const other = noMatchValue(7, [`prefix ${taken.toUpperCase()} suffix`]);
    expect(other).not.toBe(taken);
    expect(other).toMatch(/^zq[a-z0-9]{10}$/);
  });
});
