/** What a run must be told about a reference data set: what the interface cannot list (§4.3) and the roles (§4.5). */
import { unionRoleFilters } from "./behaviour/unionRoleFilters.js";
import type { ReferenceData } from "./data/referenceData.js";

/** Analytic ids, role names, the domain/service pair of getRoleFilters and each role's filters there. */
export interface ReferenceFixtures {
  analyticIds: string[];
  roles: string[];
  domainName: string;
  serviceName: string;
  roleFilters: Record<string, { name: string; value: string }[]>;
}

/** The fixtures of `data`. */
export function referenceFixtures(data: ReferenceData): ReferenceFixtures {
  return {
    analyticIds: data.analytics.map((record) => String(record.analytic.id)),
    roles: data.roles.map((role) => role.name),
    domainName: data.domainName,
    serviceName: data.serviceName,
    roleFilters: Object.fromEntries(
      data.roles.map((role) => [
        role.name,
        unionRoleFilters(data.roles, [role.name], {
          domainName: data.domainName,
          serviceName: data.serviceName,
        }).flatMap((group) =>
          (group.filters ?? []).map((filter) => ({ name: filter.name ?? "", value: filter.value ?? "" })),
        ),
      ]),
    ),
  };
}
