/** --max-retry-wait and --max-run-time read durations: 30s, 2m, 1h, 500ms, or milliseconds as --timeout does. */
import { describe, expect, it } from "vitest";
import { parseDurationOption } from "../../../runner/settings/parseDurationOption.js";

describe("duration flags", () => {
  it("read units and bare milliseconds", () => {
    expect(parseDurationOption(["30s"])).toBe(30_000);
    expect(parseDurationOption(["2m"])).toBe(120_000);
    expect(parseDurationOption(["1h"])).toBe(3_600_000);
    expect(parseDurationOption(["500ms"])).toBe(500);
    expect(parseDurationOption(["1.5s"])).toBe(1_500);
    expect(parseDurationOption(["45000"])).toBe(45_000);
  });

  it("keep anything else as typed, for the schema to refuse with a sentence", () => {
    expect(parseDurationOption(["soon"])).toBe("soon");
    expect(parseDurationOption(["-1"])).toBe("-1");
  });
});

describe("--timeout (issue 27.9: durations everywhere)", () => {
  it("takes a duration as the other time flags do, and a bare number as milliseconds", async () => {
    const { RUN_OPTIONS } = await import("../../../cli/runOptions.js");
    const timeout = RUN_OPTIONS.find((option) => option.name === "timeout");
    expect(timeout?.parse?.(["10s"])).toBe(10_000);
    expect(timeout?.parse?.(["1500ms"])).toBe(1_500);
    expect(timeout?.parse?.(["2500"])).toBe(2_500);
  });
});
