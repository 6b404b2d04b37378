/** The ids near a real one (issue 49.4): cut short, without the last segment, path in another letter case. */
import { describe, expect, it } from "vitest";
import { nearMissIds } from "../../../../../checks/_internals/probes/nearMissIds.js";

describe("nearMissIds", () => {
  it("makes one of each kind from the first id that allows it", () => {
    expect(nearMissIds(["widget://acme/hcm/payroll/Sales"], new Set(), 3)).toEqual([
      { kind: "cut short", id: "widget://acme/hcm/payroll/Sa", from: "widget://acme/hcm/payroll/Sales" },
      { kind: "last segment cut", id: "widget://acme/hcm/payroll", from: "widget://acme/hcm/payroll/Sales" },
      { kind: "path case changed", id: "widget://acme/HCM/PAYROLL/sALES", from: "widget://acme/hcm/payroll/Sales" },
    ]);
  });

  it("keeps scheme and host as they are, and leaves a path of hexadecimal letters alone (a UUID compares without case)", () => {
    const uuid = "analytic://Tenant.COM/3f2a9c1e-0b4d-4e8a-9f00-aabbccddeeff";
    expect(nearMissIds([uuid], new Set(), 3).map((near) => near.kind)).toEqual(["cut short"]);
    expect(nearMissIds(["analytic://Tenant.COM/report"], new Set(), 3)).toContainEqual({
      kind: "path case changed",
      id: "analytic://Tenant.COM/REPORT",
      from: "analytic://Tenant.COM/report",
    });
  });

  it("makes nothing from an id without a scheme, nor a prefix from one whose last segment has one character", () => {
    expect(nearMissIds(["landing://acme/x"], new Set(), 3)).toEqual([
      { kind: "path case changed", id: "landing://acme/X", from: "landing://acme/x" },
    ]);
    expect(nearMissIds(["no-scheme-7", "acme/hcm/Sales"], new Set(), 3)).toEqual([]);
  });

  it("never makes an id that is itself known, tries the next id instead, and stops at the limit", () => {
    const ids = ["widget://t/g/hh", "widget://t/k/mm"];
    const known = new Set(["widget://t/g/h", "widget://t/g", "widget://t/G/HH"]);
    expect(nearMissIds(ids, known, 3)).toEqual([
      { kind: "cut short", id: "widget://t/k/m", from: "widget://t/k/mm" },
      { kind: "last segment cut", id: "widget://t/k", from: "widget://t/k/mm" },
      { kind: "path case changed", id: "widget://t/K/MM", from: "widget://t/k/mm" },
    ]);
    expect(nearMissIds(ids, new Set(), 1)).toHaveLength(1);
  });
});
