/** The value column of docs/config-file.md says what each kind of key takes. */
import { describe, expect, it } from "vitest";
import { describeConfigValue } from "../../../cli/describeConfigValue.js";
import { RUN_OPTIONS } from "../../../cli/runOptions.js";
import { parseDurationOption } from "../../../runner/settings/parseDurationOption.js";

const option = (name: string) => {
  const found = RUN_OPTIONS.find((candidate) => candidate.name === name);
  if (!found?.setting) throw new Error(`no option ${name} with a setting`);
  return found;
};
const described = (name: string) => describeConfigValue(option(name).setting as string, option(name));

describe("describeConfigValue", () => {
  it("gives a duration key its units, a bare number of milliseconds and its range", () => {
    expect(described("timeout")).toBe(
      'a duration ("5s", "1500ms", "15m", "1h") or a number of milliseconds, 100 to 600000 ms',
    );
  });

  it("leaves the range out of a duration key whose setting has none", () => {
    // No duration setting lacks a range today; roles stands in for one.
    expect(describeConfigValue("roles", { parse: parseDurationOption })).toBe(
      'a duration ("5s", "1500ms", "15m", "1h") or a number of milliseconds',
    );
  });

  it("gives a list key its items (the enum when there is one) and the comma-separated text", () => {
    expect(described("format")).toBe(
      "a list of console, json, junit, html or har, or one text of them comma-separated",
    );
    expect(described("role")).toBe("a list of texts, or one text of them comma-separated");
    expect(described("ca-file")).toBe(
      "a list of paths (relative to the config file), or one text of them comma-separated",
    );
  });

  it("gives an object key its shape, and the flag's texts where a flag sets it", () => {
    expect(described("header")).toBe(`an object { "…": text }, or a list of the flag's texts ('NAME: VALUE')`);
    expect(describeConfigValue("roleFilters")).toBe('an object { "…": [{ name, value }] }');
    expect(describeConfigValue("translatedWidgetText")).toBe("an object { text, widgetId }");
    // A list key whose flag parses its own texts is described by its shape, as the object keys are.
    expect(describeConfigValue("roles", { value: "NAME", parse: (texts) => texts })).toBe(
      "an object [text], or a list of the flag's texts (NAME)",
    );
  });

  it("says what switches, numbers, rates, choices and paths take", () => {
    expect(described("insecure")).toBe("true or false");
    expect(described("max-examples")).toBe("a whole number from 1 to 10000");
    expect(described("rate-limit")).toBe("a number above 0, at most 10000, or the flag's text (N/s|N/m)");
    expect(described("profile")).toBe("default or strict");
    expect(described("waivers")).toBe("a path, relative to the config file");
    expect(described("base-url")).toBe("an http:// or https:// URL");
  });
});
