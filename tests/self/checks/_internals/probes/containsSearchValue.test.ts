/** containsSearchValue.ts: what counts as found by a search, whatever the case and accents. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  containsSearchValue,
  corpusContains,
  foldCorpus,
  foldedContains,
  foldSearchText,
  heldByAny,
} from "../../../../../checks/_internals/probes/containsSearchValue.js";

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

/** Letters whose case mapping is not one letter for one letter (Unicode's SpecialCasing and final sigma). */
const SPECIAL_CASES = ["ß", "ẞ", "İ", "ı", "ﬁ", "ﬀ", "ŉ", "ǰ", "Σ", "σ", "ς", "ΐ", "ᾳ", "Ω", "K", "Å"];

describe("search folding over Unicode's special case mappings (issue 45.1: the lower-case fold is not redundant)", () => {
  it("finds a word written with a capital sharp s (ẞ, U+1E9E) in its small-letter form, and the other way round", () => {
    // Upper-casing alone maps ß to SS but leaves ẞ as it is: only the lower-case fold finds "straße" for "STRAẞE".
    expect(containsSearchValue("Zürich straße", "STRAẞE")).toBe(true);
    expect(containsSearchValue("ZÜRICH STRAẞE", "straße")).toBe(true);
  });

  it("finds any text by itself in upper and in lower case, whatever special-cased letters it holds", () => {
    const letter = fc.constantFrom(...SPECIAL_CASES, "a", "Z", "é", " ");
    fc.assert(
      fc.property(
        fc.array(letter, { minLength: 1, maxLength: 8 }).map((letters) => letters.join("")),
        (text) => {
          const whole = `x${text}y`;
          expect(containsSearchValue(whole, text)).toBe(true);
          expect(containsSearchValue(whole, text.toLowerCase())).toBe(true);
          expect(containsSearchValue(whole.toLowerCase(), text)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
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

describe("heldByAny", () => {
  it("tells whether a raw value is in any text of the corpus, ignoring case and accents", () => {
    expect(heldByAny(foldCorpus(["Ação", "x"]), "acao")).toBe(true);
    expect(heldByAny(foldCorpus(["ab", "cd"]), "bc")).toBe(false);
    expect(heldByAny(foldCorpus([]), "")).toBe(false);
  });
});
