/** containsSearchValue.ts: what counts as found by a search, whatever the case and accents. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  containsSearchValue,
  corpusContains,
  foldCorpus,
  foldedContains,
  foldSearchText,
} from "../../../checks/_internals/probes/containsSearchValue.js";

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

describe("foldCorpus and corpusContains", () => {
  it("say of a value what asking each text with foldedContains says, whatever the texts and the value", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.constantFrom("Straße", "İstanbul", "ǅ", "\u0000"),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), text, (texts, value) => {
        const folded = foldSearchText(value);
        const one = texts.some((each) => foldedContains(foldSearchText(each), folded));
        expect(corpusContains(foldCorpus(texts), folded)).toBe(one);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it("finds nothing in no text, not even the empty value, and no value across two texts", () => {
    expect(corpusContains(foldCorpus([]), foldSearchText(""))).toBe(false);
    expect(corpusContains(foldCorpus(["ab", "cd"]), foldSearchText("bc"))).toBe(false);
    expect(corpusContains(foldCorpus(["ab", "cd"]), foldSearchText("b\u0000c"))).toBe(false);
    expect(corpusContains(foldCorpus(["Ação", "x"]), foldSearchText("ACAO"))).toBe(true);
  });
});
