/** tenantDomains.ts: the tenant domain of a landing or analytic id (§2.4, §2.5), and of what an answer holds. */
import { describe, expect, it } from "vitest";
import {
  byTenant,
  tenantOf,
  tenantsAnswered,
  type TenantId,
} from "../../../../../checks/_internals/judges/tenantDomains.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

describe("tenantOf", () => {
  it("reads the tenant domain of a well-formed id, in lower case (domain names ignore case)", () => {
    expect(tenantOf("landing://ACME.com.br/42")).toBe("acme.com.br");
    expect(tenantOf("analytic://acme.com.br/sales-7")).toBe("acme.com.br");
  });

  it("reads none from an id without a tenant, with more segments, of another scheme, or that is no string", () => {
    for (const id of ["landing://42", "landing://a/b/c", "widget://acme.com.br/x", "landing:// acme/1", 42, undefined])
      expect(tenantOf(id), String(id)).toBeUndefined();
  });
});

describe("tenantsAnswered", () => {
  it("takes the tenants of a listing page's landing pages and of an analytic read, skipping ids it cannot read", () => {
    const page = fakeExchange({
      json: { landingPages: [{ id: "landing://a.com/1" }, { id: "landing://B.com/2" }, { id: "landing://3" }, "x"] },
    });
    expect(tenantsAnswered("listLandingPages", page)).toEqual(["a.com", "b.com"]);
    const read = fakeExchange({ json: { analytic: { id: "analytic://a.com/9" } } });
    expect(tenantsAnswered("getAnalytic", read)).toEqual(["a.com"]);
  });

  it("takes nothing from an answer that is not a 200 with a JSON object", () => {
    expect(
      tenantsAnswered("getAnalytic", fakeExchange({ status: 404, json: { analytic: { id: "analytic://a.com/9" } } })),
    ).toEqual([]);
    expect(tenantsAnswered("listLandingPages", fakeExchange({ text: "<html>" }))).toEqual([]);
    expect(
      tenantsAnswered("listLandingPages", fakeExchange({ json: { landingPages: { id: "landing://a.com/1" } } })),
    ).toEqual([]);
  });
});

describe("byTenant", () => {
  const id = (tenant: string, n: number): TenantId => ({
    id: `landing://${tenant}/${n}`,
    tenant,
    operation: "listLandingPages",
    label: `page ${n}`,
    exchange: fakeExchange(),
    askAgain: async () => fakeExchange(),
  });

  it("groups the ids by tenant, the largest group first and equal groups by name", () => {
    const groups = byTenant([id("b.com", 1), id("a.com", 2), id("c.com", 3), id("c.com", 4)]);
    expect(groups.map(([tenant, ids]) => [tenant, ids.length])).toEqual([
      ["c.com", 2],
      ["a.com", 1],
      ["b.com", 1],
    ]);
  });
});
