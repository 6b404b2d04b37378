/** containsSearchValue.ts: what counts as found by a search, whatever the case and accents. */
import { describe, expect, it } from "vitest";
import { containsSearchValue } from "../../conformance/checks/_internals/probes/containsSearchValue.js";

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
