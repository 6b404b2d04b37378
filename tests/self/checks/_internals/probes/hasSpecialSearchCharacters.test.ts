/** hasSpecialSearchCharacters.ts: which search values hold wildcard, regex or quote characters. */
import { describe, expect, it } from "vitest";
import { hasSpecialSearchCharacters } from "../../../../../checks/_internals/probes/hasSpecialSearchCharacters.js";

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
