/** searchedTexts.ts: the texts of an item a search looks in (§4.1, §4.2). */
import { describe, expect, it } from "vitest";
import { searchedTexts } from "../../../../../checks/_internals/probes/searchedTexts.js";

describe("searchedTexts", () => {
  it("reads a landing page's title only, and every string of a widget", () => {
    expect(
      searchedTexts("listLandingPages", {
        id: "landing://acme.com.br/page-001",
        pageId: "page-001",
        title: "Painel de Vendas 1",
        landingPageType: "DEFAULT",
      }),
    ).toEqual(["Painel de Vendas 1"]);
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
