import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type RunningReferenceServer } from "../../../../reference/startReferenceServer.js";
import { VARIANT_CATALOGUE } from "../../../../reference/variants/variantCatalogue.js";
import { AMBIGUITY_REGISTER } from "../../../../contract/ambiguityRegister.js";
import { FAULT_CATALOGUE } from "../../../../reference/faults/faultCatalogue.js";
import { callOperation, type Caller, type Operation } from "../referenceClient.js";
import { VARIANT_PROBES, type VariantProbeContext } from "../variantProbes.js";

describe("variant catalogue", () => {
  it("has unique kebab-case names, distinct from the faults', each with a section, a description, a reason and known register ids", () => {
    const registerIds = AMBIGUITY_REGISTER.map((entry) => entry.id);
    expect(new Set(VARIANT_CATALOGUE.map((variant) => variant.name)).size).toBe(VARIANT_CATALOGUE.length);
    for (const variant of VARIANT_CATALOGUE) {
      expect(variant.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(FAULT_CATALOGUE.map((fault) => fault.name)).not.toContain(variant.name);
      expect(variant.section).toMatch(/^§\d+(\.\d+)?$/);
      expect(variant.description.length).toBeGreaterThan(10);
      expect(variant.why.length).toBeGreaterThan(20);
      for (const id of variant.departs) expect(registerIds, `${variant.name} departs from ${id}`).toContain(id);
    }
  });

  it("has exactly one probe per variant", () => {
    expect(Object.keys(VARIANT_PROBES).sort()).toEqual(VARIANT_CATALOGUE.map((variant) => variant.name).sort());
  });
});

describe("every variant differs from the reference as it says", () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 1 });
  });
  afterAll(() => server.close());

  /** `againstReference`: point the variant side at the reference itself (the probe must then fail). */
  function context(name: string, againstReference = false): VariantProbeContext {
    const variant = againstReference ? server.baseUrl : server.variantBaseUrl(name);
    return {
      server,
      reference: server.baseUrl,
      variant,
      both: (operation: Operation, body: unknown, caller: Caller = "admin") =>
        Promise.all([
          callOperation(server, operation, body, caller),
          callOperation(server, operation, body, caller, variant),
        ]),
    };
  }

  it.each(VARIANT_CATALOGUE.map((variant) => [variant.name, variant.section]))("%s (%s)", async (name) => {
    const probe = VARIANT_PROBES[name];
    if (!probe) throw new Error(`no probe for variant ${name}`);
    await probe(context(name));
  });

  it.each(VARIANT_CATALOGUE.map((variant) => variant.name))(
    "the probe of %s fails when its variant side is the correct reference",
    async (name) => {
      const probe = VARIANT_PROBES[name];
      if (!probe) throw new Error(`no probe for variant ${name}`);
      await expect(probe(context(name, true))).rejects.toThrow();
    },
  );

  it("answers 404 under an unknown variant, and variantBaseUrl throws on one", async () => {
    const answer = await callOperation(
      server,
      "listLandingPages",
      {},
      "admin",
      `${server.baseUrl}/variants/no-such-variant`,
    );
    expect(answer.status).toBe(404);
    expect(() => server.variantBaseUrl("no-such-variant")).toThrow(/unknown variant/);
  });

  it("serves variants beside a --fault, without the fault", async () => {
    const faulty = await startReferenceServer({ fault: "pagination-default-20" });
    try {
      const answer = await callOperation(
        faulty,
        "listLandingPages",
        {},
        "admin",
        faulty.variantBaseUrl("landing-search-case-sensitive"),
      );
      expect(Number((answer.json as { landingPages: unknown[] }).landingPages.length)).toBe(10);
    } finally {
      await faulty.close();
    }
  });
});
