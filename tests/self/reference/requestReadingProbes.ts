/**
 * Probes of the request readings of issue 48 and the faults beside them: each variant answers the
 * way its description says where the reference answers otherwise (and like the reference elsewhere),
 * and each fault breaks its rule where the reference keeps it.
 */
import { expect } from "vitest";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, listedIds, totals } from "./referenceClient.js";
import type { VariantProbeContext } from "./variantProbes.js";

const reasonOf = (json: unknown) => asObject(json).reason;

/** Probes by variant name. */
export const REQUEST_READING_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> =
  {
    "role-filters-scope-required": async ({ both, server }) => {
      const { roles, domainName, serviceName } = server.fixtures;
      const whole = { roles: roles.slice(0, 2), domainName, serviceName };
      for (const body of [
        { roles: whole.roles, serviceName },
        { ...whole, domainName: null },
        { ...whole, serviceName: null },
      ]) {
        const [reference, variant] = await both("getRoleFilters", body);
        expect([reference.status, variant.status]).toEqual([200, 400]);
        expect(reasonOf(variant.json)).toBe("BAD_REQUEST");
      }
      const [served, variantServed] = await both("getRoleFilters", whole);
      expect(variantServed.json).toEqual(served.json);
    },
    "empty-search-refused-400": async ({ both }) => {
      for (const operation of ["listFactoryDefaultWidgets", "listLandingPages"] as const) {
        const [reference, variant] = await both(operation, { searchValue: "" });
        expect([reference.status, variant.status]).toEqual([200, 400]);
        expect(reasonOf(variant.json)).toBe("BAD_REQUEST");
      }
      const [plain, variantPlain] = await both("listLandingPages", { searchValue: "a" });
      expect(variantPlain.json).toEqual(plain.json);
    },
    "missing-id-404": async ({ both }) => {
      for (const operation of ["getWidget", "getAnalytic"] as const) {
        const [reference, variant] = await both(operation, {});
        expect([reference.status, variant.status]).toEqual([400, 404]);
        expect(reasonOf(variant.json)).toBe("OBJECT_NOT_FOUND");
      }
      const [malformed, variantMalformed] = await both("getWidget", { widgetId: 5 });
      expect([malformed.status, variantMalformed.status]).toEqual([400, 400]);
    },
    "negative-page-empty": async ({ both }) => {
      const [plain] = await both("listLandingPages", {});
      const [reference, variant] = await both("listLandingPages", { pagination: { pageNumber: -1, pageSize: 5 } });
      expect([reference.status, variant.status]).toEqual([400, 200]);
      expect(listedIds(variant.json, "landingPages")).toEqual([]);
      expect(totals(variant.json).totalElements).toBe(totals(plain.json).totalElements);
      const [size, variantSize] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: -5 } });
      expect([size.status, variantSize.status]).toEqual([400, 400]);
    },
    "page-size-zero-read-as-unset": async ({ both }) => {
      const [plain] = await both("listFactoryDefaultWidgets", {});
      const [reference, variant] = await both("listFactoryDefaultWidgets", {
        pagination: { pageNumber: 0, pageSize: 0 },
      });
      expect([reference.status, variant.status]).toEqual([400, 200]);
      expect(variant.json).toEqual(plain.json);
      const [negative, variantNegative] = await both("listFactoryDefaultWidgets", { pagination: { pageSize: -1 } });
      expect([negative.status, variantNegative.status]).toEqual([400, 400]);
    },
  };

/** Probes by fault name. */
export const REQUEST_READING_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "role-filters-null-domain-500": async ({ both, server }) => {
    const { roles, domainName, serviceName } = server.fixtures;
    const [reference, faulty] = await both("getRoleFilters", {
      roles: roles.slice(0, 1),
      domainName: null,
      serviceName,
    });
    expect([reference.status, faulty.status]).toEqual([200, 500]);
    const [served, faultyServed] = await both("getRoleFilters", { roles: roles.slice(0, 1), domainName, serviceName });
    expect(faultyServed.json).toEqual(served.json);
  },
  "empty-search-500": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { searchValue: "" });
    expect([reference.status, faulty.status]).toEqual([200, 500]);
    const [plain, faultyPlain] = await both("listFactoryDefaultWidgets", {});
    expect(faultyPlain.json).toEqual(plain.json);
  },
  "missing-analytic-id-served": async ({ both }) => {
    const [reference, faulty] = await both("getAnalytic", {});
    expect([reference.status, faulty.status]).toEqual([400, 200]);
    expect(typeof asObject(asObject(faulty.json).analytic).id).toBe("string");
    const [widget, faultyWidget] = await both("getWidget", {});
    expect([widget.status, faultyWidget.status]).toEqual([400, 400]);
  },
  "negative-page-number-500": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageNumber: -1, pageSize: 10 } });
    expect([reference.status, faulty.status]).toEqual([400, 500]);
    const [first, faultyFirst] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: 10 } });
    expect(faultyFirst.json).toEqual(first.json);
  },
  "page-size-zero-500": async ({ both }) => {
    const [reference, faulty] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: 0, pageSize: 0 } });
    expect([reference.status, faulty.status]).toEqual([400, 500]);
    const [negative, faultyNegative] = await both("listFactoryDefaultWidgets", { pagination: { pageSize: -1 } });
    expect([negative.status, faultyNegative.status]).toEqual([400, 400]);
  },
  "lenient-number-coercion": async ({ both }) => {
    for (const pagination of [
      { pageNumber: "1", pageSize: 5 },
      { pageNumber: 1, pageSize: "5" },
      { pageNumber: 1.5, pageSize: 5 },
      { pageNumber: 1, pageSize: 5.75 },
    ]) {
      const [reference, faulty] = await both("listFactoryDefaultWidgets", { pagination });
      expect([reference.status, faulty.status]).toEqual([400, 200]);
      const [plain] = await both("listFactoryDefaultWidgets", { pagination: { pageNumber: 1, pageSize: 5 } });
      expect(faulty.json).toEqual(plain.json);
    }
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageNumber: "one" } });
    expect([reference.status, faulty.status]).toEqual([400, 400]);
  },
};
