/** Probes of the variants beside the faults of identity (issue 49.4): each really differs the way its description says. */
import { expect } from "vitest";
import type { VariantProbeContext } from "./variantProbes.js";
import { asObject, type Answer } from "./referenceClient.js";

const analyticOf = (answer: Answer) => asObject(asObject(answer.json).analytic);

/** Probes by variant name. */
export const IDENTITY_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "role-filters-sparse-sequences": async ({ both, server }) => {
    const { domainName, serviceName } = server.fixtures;
    const roles = server.fixtures.roles.filter((role) => role !== "guest").slice(0, 3);
    const [reference, variant] = await both("getRoleFilters", { roles, domainName, serviceName });
    const sequences = (answer: Answer) =>
      (asObject(answer.json).filters as unknown[]).map((group) => asObject(asObject(group).key).sequence);
    expect(sequences(reference).every((sequence) => Number(sequence) < 20)).toBe(true);
    expect(sequences(variant).filter((sequence) => Number(sequence) >= 20).length).toBe(roles.length);
  },
  "analytic-title-per-reader": async ({ both, server }) => {
    const analyticId = server.fixtures.analyticIds.find((id) => !server.fixtures.forbiddenAnalyticIds.includes(id));
    const [reference, variant] = await both("getAnalytic", { analyticId }, "restricted");
    const [main, variantMain] = await both("getAnalytic", { analyticId });
    expect(variantMain.json).toEqual(main.json);
    expect(analyticOf(variant).title).not.toBe(analyticOf(reference).title);
    expect({ ...analyticOf(variant), title: analyticOf(reference).title }).toEqual(analyticOf(reference));
  },
};
