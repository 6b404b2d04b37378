import { describe, expect, it } from "vitest";
import { searchPiece } from "../../../../../checks/_internals/probes/searchPiece.js";

describe("searchPiece", () => {
  it("drops the first and last character of a text of four or more", () => {
    expect(searchPiece("realtime")).toBe("ealtim");
    expect(searchPiece("platform.cms.widget.a.name")).toBe("latform.cms.widget.a.nam");
    expect(searchPiece("kpis")).toBe("pi");
  });

  it("keeps the first two characters of a three-character text, and gives none for shorter ones", () => {
    expect(searchPiece("kpi")).toBe("kp");
    expect(searchPiece("ab")).toBeUndefined();
    expect(searchPiece(" a ")).toBeUndefined();
    expect(searchPiece("")).toBeUndefined();
  });

  it("counts code points, trims, and never cuts a letter from its combining mark", () => {
    expect(searchPiece("🙂ab🙂")).toBe("ab");
    expect(searchPiece("  Painel de Vendas ")).toBe("ainel de Venda");
    expect(searchPiece("a d b")).toBeUndefined(); // " d " trimmed is one letter
    expect(searchPiece("ab cd")).toBe("b c");
    expect(searchPiece("xab\u0301")).toBeUndefined(); // the piece would end before the mark
    expect(searchPiece("xae\u0301x")).toBe("ae\u0301"); // the mark stays with its letter
    expect(searchPiece("x\u0301abc")).toBeUndefined(); // the piece would start with a mark
  });
});
