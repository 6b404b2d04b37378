/**
 * Probes of the faults of identity (issue 49.4): the reference keeps the rule, the fault breaks it the way its
 * description says. Same contract as FAULT_PROBES.
 */
import { expect } from "vitest";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, callOperation, listedIds, type Answer } from "./referenceClient.js";

/** The sequences under which an answer lists the filter `name` = `value`. */
function sequencesOf(answer: Answer, name: string, value: string): unknown[] {
  return (asObject(answer.json).filters as unknown[]).map(asObject).flatMap((group) =>
    (group.filters as unknown[])
      .map(asObject)
      .filter((filter) => filter.name === name && filter.value === value)
      .map(() => asObject(group.key).sequence),
  );
}

/** A listed widget id and an id that cuts it short / changes the case of its path. */
async function listedWidgetId(server: ProbeContext["server"]): Promise<string> {
  const listing = await callOperation(server, "listFactoryDefaultWidgets", {});
  return listedIds(listing.json, "widgets")[0] as string;
}

/** Probes by fault name. */
export const IDENTITY_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "role-filters-sequence-by-position": async ({ both, server }) => {
    const { domainName, serviceName } = server.fixtures;
    const roles = server.fixtures.roles.filter((role) => role !== "guest").slice(0, 3);
    const last = roles.at(-1) as string;
    const [, alone] = await both("getRoleFilters", { roles: [last], domainName, serviceName });
    const [referenceTogether, together] = await both("getRoleFilters", { roles, domainName, serviceName });
    const aloneSequences = sequencesOf(alone, "sequenceProbe", last);
    expect(aloneSequences).toHaveLength(1);
    expect(sequencesOf(together, "sequenceProbe", last)).not.toEqual(aloneSequences);
    expect(referenceTogether.status).toBe(200);
  },
  "created-by-reader": async ({ both, server }) => {
    const analyticId = server.fixtures.analyticIds.find((id) => !server.fixtures.forbiddenAnalyticIds.includes(id));
    const [reference, faulty] = await both("getAnalytic", { analyticId });
    const [referenceRestricted, faultyRestricted] = await both("getAnalytic", { analyticId }, "restricted");
    const createdBy = (answer: Answer) => asObject(asObject(answer.json).analytic).createdBy;
    expect(createdBy(referenceRestricted)).toBe(createdBy(reference));
    expect(createdBy(faultyRestricted)).not.toBe(createdBy(faulty));
  },
  "id-prefix-lookup": async ({ both, server }) => {
    const id = await listedWidgetId(server);
    const [reference, faulty] = await both("getWidget", { widgetId: id.slice(0, -2) });
    expect(reference.status).toBe(404);
    expect(faulty.status).toBe(200);
    expect(asObject(faulty.json).id).toBe(id);
  },
  "id-path-case-insensitive": async ({ both, server }) => {
    const id = await listedWidgetId(server);
    const [head, path] = [
      id.slice(0, id.indexOf("/", "widget://".length)),
      id.slice(id.indexOf("/", "widget://".length)),
    ];
    const [reference, faulty] = await both("getWidget", { widgetId: `${head}${path.toUpperCase()}` });
    expect(reference.status).toBe(404);
    expect(faulty.status).toBe(200);
    expect(asObject(faulty.json).id).toBe(id);
  },
};
