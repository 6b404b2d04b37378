/** wildcardProbes.ts: search values that find something only where a backend reads a character as a wildcard. */
import { describe, expect, it } from "vitest";
import { containsSearchValue } from "../../../../../checks/_internals/probes/containsSearchValue.js";
import { wildcardProbes } from "../../../../../checks/_internals/probes/wildcardProbes.js";

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
