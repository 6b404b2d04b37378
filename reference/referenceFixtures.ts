/** What a run must be told about a reference data set: what the interface cannot list (§4.3) and the roles (§4.5). */
import type { ReferenceData } from "./data/referenceData.js";

/** Analytic ids, role names and the domain/service pair of getRoleFilters. */
export interface ReferenceFixtures {
  analyticIds: string[];
  roles: string[];
  domainName: string;
  serviceName: string;
}

/** The fixtures of `data`. */
export function referenceFixtures(data: ReferenceData): ReferenceFixtures {
  return {
    analyticIds: data.analytics.map((record) => String(record.analytic.id)),
    roles: data.roles.map((role) => role.name),
    domainName: data.domainName,
    serviceName: data.serviceName,
  };
}
