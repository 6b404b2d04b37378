/**
 * The words and readings of settings (issue 25.3): edit distance and "did you mean", what a setting takes in
 * words, how flag and variable text is read, and duration flags at their edges.
 */
import { describe, expect, it } from "vitest";
import { closestName, editDistance } from "../../../runner/settings/closestName.js";
import { parseDurationOption } from "../../../runner/settings/parseDurationOption.js";
import {
  describeExpected,
  parseSettingText,
  settingRange,
  settingSchema,
} from "../../../runner/settings/runConfigSchema.js";

describe("editDistance and closestName", () => {
  it("counts insertions, deletions, substitutions and swaps of neighbours as one each", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("abc", "")).toBe(3);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("abc", "abd")).toBe(1);
    expect(editDistance("abc", "acb")).toBe(1);
    expect(editDistance("ab", "ba")).toBe(1);
    expect(editDistance("abcd", "badc")).toBe(2);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("guesses the one name a prefix of two or more characters starts, or the nearest within a third of the length", () => {
    const known = ["timeout", "token", "tokenCommand", "profile", "seed"];
    expect(closestName("pro", known)).toBe("profile");
    expect(closestName("pr", known)).toBe("profile");
    expect(closestName("p", known)).toBeUndefined();
    expect(closestName("to", known)).toBeUndefined(); // token and tokenCommand both start with it
    expect(closestName("tokn", known)).toBe("token");
    expect(closestName("TIMEOUT", known)).toBe("timeout");
    expect(closestName("sede", known)).toBe("seed");
    expect(closestName("sxxd", known)).toBeUndefined();
    expect(closestName("timoeut", known)).toBe("timeout");
    expect(closestName("tmieotu", known)).toBe("timeout"); // two swaps
    expect(closestName("xxxeout", known)).toBeUndefined(); // three away, more than a third of seven
    // The nearest wins, not the first within the limit.
    expect(closestName("tokan", ["tokens", "token"])).toBe("token");
    expect(closestName("abcdeg", ["abcdef", "abcdxy"])).toBe("abcdef");
    expect(closestName("abcdeg", ["abcdxy", "abcdef"])).toBe("abcdef");
    // Of two as near, the first.
    expect(closestName("abcdeg", ["abcdef", "abcdeh"])).toBe("abcdef");
    expect(closestName("abcdefghijkl", ["abcdefghixyz"])).toBe("abcdefghixyz");
    expect(closestName("abcdefghijkl", ["abcdefgwxyzq"])).toBeUndefined();
  });
});

describe("describeExpected and settingRange", () => {
  it("says what each kind of setting takes", () => {
    expect(describeExpected(settingSchema("profile"))).toBe("default or strict");
    expect(describeExpected(settingSchema("formats"))).toBe("a list of console, json, junit, html or har");
    expect(describeExpected(settingSchema("roles"))).toBe("a list of non-empty texts");
    expect(describeExpected(settingSchema("timeoutMs"))).toBe("a whole number from 100 to 600000");
    expect(describeExpected(settingSchema("rateLimit"))).toBe("a number above 0, at most 10000");
    expect(describeExpected(settingSchema("baseUrl"))).toBe("an http:// or https:// URL");
    expect(describeExpected(settingSchema("token"))).toBe("a non-empty text");
    expect(describeExpected({ enum: [] })).toBe("");
    expect(describeExpected({ enum: ["only"] })).toBe("only");
    expect(describeExpected({ enum: ["a", "b", "c"] })).toBe("a, b or c");
    expect(describeExpected({ type: "integer" })).toBe("a whole number");
    expect(describeExpected({ type: "integer", minimum: 1 })).toBe("a whole number");
    expect(describeExpected({ type: "integer", maximum: 5 })).toBe("a whole number");
    expect(describeExpected({ type: "number" })).toBe("a number");
    expect(describeExpected({ type: "number", maximum: 5 })).toBe("a number at most 5");
    expect(describeExpected({ type: "number", exclusiveMinimum: 0 })).toBe("a number above 0");
    expect(describeExpected({ type: "string" })).toBe("a text");
    expect(describeExpected({ type: "string", pattern: "^x" })).toBe("a text");
    expect(describeExpected({ type: "string", pattern: "^https?://[^?#]*$" })).toBe("an http:// or https:// URL");
  });

  it("gives the range of the numeric settings that have both ends", () => {
    expect(settingRange("seed")).toBe("0 to 2147483647");
    expect(settingRange("rateLimit")).toBe("above 0, at most 10000");
    expect(settingRange("profile")).toBeUndefined();
    expect(() => settingSchema("nope")).toThrow('settingSchema: run-config.schema.json has no property "nope"');
  });
});

describe("parseSettingText", () => {
  it("reads lists, whole numbers and rates, and keeps other text as it came", () => {
    expect(parseSettingText("roles", " a, b ,,c ")).toEqual(["a", "b", "c"]);
    expect(parseSettingText("seed", " +12 ")).toBe(12);
    expect(parseSettingText("seed", "-3")).toBe(-3);
    expect(parseSettingText("seed", "1.5")).toBe("1.5");
    expect(parseSettingText("seed", "12a")).toBe("12a");
    expect(parseSettingText("seed", "a12")).toBe("a12");
    expect(parseSettingText("rateLimit", " 20 ")).toBe(20);
    expect(parseSettingText("rateLimit", "20/s")).toBe(20);
    expect(parseSettingText("rateLimit", "30/m")).toBe(0.5);
    expect(parseSettingText("rateLimit", "2.5/s")).toBe(2.5);
    expect(parseSettingText("rateLimit", "20/h")).toBe("20/h");
    expect(parseSettingText("profile", " strict ")).toBe(" strict ");
    // A text setting keeps a text that reads as a number or a rate.
    expect(parseSettingText("domainName", "20")).toBe("20");
    expect(parseSettingText("serviceName", "30/m")).toBe("30/m");
  });
});

describe("parseDurationOption", () => {
  it("reads the last of repeated flags, trimmed, and only a whole match", () => {
    expect(parseDurationOption(["1s", " 2s "])).toBe(2_000);
    expect(parseDurationOption([])).toBe("");
    expect(parseDurationOption(["2.25s"])).toBe(2_250);
    expect(parseDurationOption(["0.0004s"])).toBe(0);
    expect(parseDurationOption(["5sx"])).toBe("5sx");
    expect(parseDurationOption(["x5s"])).toBe("x5s");
    expect(parseDurationOption(["1.s"])).toBe("1.s");
  });
});
