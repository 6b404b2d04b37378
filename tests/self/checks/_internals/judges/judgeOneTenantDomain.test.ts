/** schema.one-tenant-domain on scripted targets: one domain passes, two fail only when asking again shows both. */
import { describe, expect, it } from "vitest";
import { checkOnScript, jsonOf } from "../../checkOnScript.js";
import type { FakeAnswer } from "../../../runner/engine/engineDoubles.js";
import type { OperationName } from "../../../../../contract/operations.js";
import { tenantOf } from "../../../../../checks/_internals/judges/tenantDomains.js";

/** A target listing `landingIds` and answering each analytic id with the id `analyticAnswer` gives (by read count). */
function target(landingIds: readonly string[], analyticAnswer: (id: string, read: number) => string) {
  const reads = new Map<string, number>();
  return (request: Parameters<Parameters<typeof checkOnScript>[2]>[0]): FakeAnswer => {
    const body = jsonOf(request);
    if (request.path.endsWith("/getAnalytic")) {
      const id = String(body.analyticId);
      const read = (reads.get(id) ?? 0) + 1;
      reads.set(id, read);
      return { status: 200, json: { analytic: { id: analyticAnswer(id, read), name: id } } };
    }
    const { pageNumber = 0, pageSize = 10 } = (body.pagination ?? {}) as { pageNumber?: number; pageSize?: number };
    return {
      status: 200,
      json: {
        landingPages: landingIds.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize).map((id) => ({ id })),
        listInformation: { totalElements: landingIds.length, totalPages: Math.ceil(landingIds.length / pageSize) },
      },
    };
  };
}

const LANDING = ["landing://acme.com.br/1", "landing://ACME.com.br/2", "landing://acme.com.br/3"];

const run = (
  operation: OperationName,
  analyticAnswer: (id: string, read: number) => string,
  analyticIds = ["a", "b", "c"],
  landingIds = LANDING,
) =>
  checkOnScript("schema.one-tenant-domain", operation, target(landingIds, analyticAnswer), {
    fixtures: { analyticIds, roles: [] },
  });

describe("schema.one-tenant-domain", () => {
  it("passes when every landing and analytic id carries one tenant domain, ignoring letter case", async () => {
    for (const operation of ["listLandingPages", "getAnalytic"] as const) {
      const { result } = await run(operation, (id) => `analytic://Acme.com.br/${id}`);
      expect(result.outcome, operation).toBe("passed");
      expect(result.message).toContain("carry one tenant domain: acme.com.br.");
      expect(result.registerRefs).toEqual(["one-tenant-domain"]);
    }
  });

  it("fails ids of two tenant domains on every operation that answered one, naming both, once asking again shows both", async () => {
    const twoTenants = (id: string) => `analytic://${id === "b" ? "other.example" : "acme.com.br"}/${id}`;
    for (const operation of ["listLandingPages", "getAnalytic"] as const) {
      const { result, client } = await run(operation, twoTenants);
      expect(result.outcome, operation).toBe("failed");
      expect(result.message).toMatch(/carry 2 tenant domains, confirmed by asking again: acme\.com\.br \(5 id\(s\)/);
      expect(result.message).toContain("other.example (1 id(s), e.g. analytic://other.example/b from getAnalytic b)");
      expect(result.evidence.map((item) => item.label)).toContain("getAnalytic b, asked again (carried other.example)");
      const readsOfB = client.sent.filter((request) => jsonOf(request).analyticId === "b");
      expect(readsOfB).toHaveLength(2);
    }
  });

  it("does not blame data that changed mid-run: the second answer shows one domain, so the check passes with a note", async () => {
    const { result } = await run("getAnalytic", (id, read) =>
      id === "b" && read === 1 ? "analytic://other.example/b" : `analytic://acme.com.br/${id}`,
    );
    expect(result.outcome).toBe("passed");
    expect(result.message).toContain("but asking again showed acme.com.br: the data changed mid-run, not blamed.");
  });

  it("skips an operation that answered no id of its format, and judges the other alone", async () => {
    const { result: noAnalytics } = await run("getAnalytic", (id) => `analytic://acme.com.br/${id}`, []);
    expect(noAnalytics.outcome).toBe("skipped");
    expect(noAnalytics.skipReason).toContain("no analytic ids are configured");
    const { result: noPages } = await run("listLandingPages", (id) => `analytic://acme.com.br/${id}`, ["a"], []);
    expect(noPages.outcome).toBe("skipped");
    const { result: malformed } = await run(
      "getAnalytic",
      (id) => `analytic://acme.com.br/${id}`,
      ["a"],
      ["landing://x"],
    );
    expect(malformed.outcome).toBe("passed");
    expect(malformed.message).toContain("1 id(s) of getAnalytic and 0 of the other operation");
  });
});

describe("tenantOf", () => {
  it("reads the tenant domain of a well-formed landing or analytic id in lower case, and nothing else", () => {
    expect(tenantOf("landing://Acme.COM.br/page-1")).toBe("acme.com.br");
    expect(tenantOf("analytic://acme.com.br/x")).toBe("acme.com.br");
    for (const other of ["landing://42", "widget://acme.com.br/x", "analytic://acme.com.br/x/y", 7, undefined])
      expect(tenantOf(other)).toBeUndefined();
  });
});
