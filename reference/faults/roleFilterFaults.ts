/** Faults of getRoleFilters' union (§4.5, §2.12). */
import { withoutRoleFilterFacts } from "../runConfigOverride.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each breaks the union law in one way. */
export const ROLE_FILTER_FAULTS: readonly ReferenceFault[] = [
  {
    name: "role-filters-first-role-only",
    section: "§4.5",
    description: "getRoleFilters returns the filters of the first role only, not the union of all roles.",
    caughtBy: ["role-filters.union-law", "role-filters.order-and-duplicates-irrelevant"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) => correct.roleFilters(data, roles.slice(0, 1), scope),
    }),
  },
  {
    name: "role-filters-unknown-role-empties",
    section: "§4.5",
    description: "One unknown role among the roles empties the whole result instead of contributing nothing.",
    caughtBy: ["role-filters.union-law", "role-filters.edge-requests"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) =>
        roles.every((role) => data.roles.some((known) => known.name === role))
          ? correct.roleFilters(data, roles, scope)
          : [],
    }),
  },
  {
    name: "role-filters-duplicates",
    section: "§4.5",
    description:
      "getRoleFilters concatenates the groups of every requested role without merging them, so a filter shared " +
      "by two roles (or a role asked twice) appears twice.",
    caughtBy: ["role-filters.no-duplicate-filters"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) =>
        roles.flatMap((role) =>
          data.roles.some((known) => known.name === role) ? correct.roleFilters(data, [role], scope) : [],
        ),
    }),
  },
  {
    name: "role-filters-first-two-roles",
    section: "§4.5",
    description:
      "getRoleFilters unites the filters of the first two roles only; a third role and beyond contribute nothing.",
    caughtBy: ["role-filters.union-law", "role-filters.order-and-duplicates-irrelevant"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) => correct.roleFilters(data, roles.slice(0, 2), scope),
    }),
  },
  {
    name: "role-filters-always-empty",
    section: "§4.5",
    description: "getRoleFilters answers 200 with no filters whatever the roles.",
    caughtBy: ["role-filters.expected-filters"],
    behaviour: () => ({ roleFilters: () => [] }),
  },
  {
    name: "role-filters-ignore-roles",
    section: "§4.5",
    description:
      "getRoleFilters returns the filters of every role, whichever roles are asked. Run without the role-filters " +
      "fact: an unknown role and an empty roles list getting filters must fail.",
    caughtBy: ["role-filters.exact-role-names", "role-filters.edge-requests"],
    runConfig: withoutRoleFilterFacts,
    behaviour: (correct) => ({
      roleFilters: (data, _roles, scope) =>
        correct.roleFilters(
          data,
          data.roles.map((role) => role.name),
          scope,
        ),
    }),
  },
  {
    name: "role-filters-prefix-match",
    section: "§4.5",
    description: "getRoleFilters matches role names by prefix: asking for admi returns the filters of admin.",
    caughtBy: ["role-filters.exact-role-names"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) =>
        correct.roleFilters(
          data,
          data.roles.map((role) => role.name).filter((name) => roles.some((asked) => name.startsWith(asked))),
          scope,
        ),
    }),
  },
  {
    name: "role-filters-any-scope",
    section: "§4.5",
    description:
      "getRoleFilters ignores domainName and serviceName: it returns the roles' filters of every domain and service.",
    caughtBy: ["role-filters.scope-of-request"],
    behaviour: (correct) => ({ roleFilters: (data, roles) => correct.roleFilters(data, roles, {}) }),
  },
  {
    name: "role-filters-service-ignored",
    section: "§4.5",
    description:
      "getRoleFilters ignores serviceName: asked for a service of a domain, it returns the roles' groups of every service of that domain.",
    caughtBy: ["role-filters.scope-of-request"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) =>
        correct.roleFilters(data, roles, scope.domainName === undefined ? {} : { domainName: scope.domainName }),
    }),
  },
  {
    name: "role-filters-empty-roles-every-filter",
    section: "§4.5",
    description: "An empty roles list is answered with the filters of every role instead of none.",
    caughtBy: ["role-filters.edge-requests"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) =>
        correct.roleFilters(data, roles.length === 0 ? data.roles.map((role) => role.name) : roles, scope),
    }),
  },
  {
    name: "role-filters-unknown-role-contributes",
    section: "§4.5",
    description:
      "A role that does not exist is read as the first role of the table (a fallback to a default role): it contributes that role's filters.",
    caughtBy: ["role-filters.edge-requests", "role-filters.exact-role-names"],
    behaviour: (correct) => ({
      roleFilters: (data, roles, scope) =>
        correct.roleFilters(
          data,
          roles.map((role) => (data.roles.some((known) => known.name === role) ? role : (data.roles[0]?.name ?? role))),
          scope,
        ),
    }),
  },
];
