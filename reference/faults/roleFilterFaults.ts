/** Faults of getRoleFilters' union (§4.5, §2.12). */
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each breaks the union law in one way. */
export const ROLE_FILTER_FAULTS: readonly ReferenceFault[] = [
  {
    name: "role-filters-first-role-only",
    section: "§4.5",
    description: "getRoleFilters returns the filters of the first role only, not the union of all roles.",
    caughtBy: ["role-filters.union-law", "role-filters.order-and-duplicates-irrelevant"],
    behaviour: (correct) => ({ roleFilters: (data, roles) => correct.roleFilters(data, roles.slice(0, 1)) }),
  },
  {
    name: "role-filters-unknown-role-empties",
    section: "§4.5",
    description: "One unknown role among the roles empties the whole result instead of contributing nothing.",
    caughtBy: ["role-filters.union-law", "role-filters.edge-requests"],
    behaviour: (correct) => ({
      roleFilters: (data, roles) =>
        roles.every((role) => data.roles.some((known) => known.name === role)) ? correct.roleFilters(data, roles) : [],
    }),
  },
  {
    name: "role-filters-duplicates",
    section: "§4.5",
    description:
      "getRoleFilters concatenates the groups of every requested role without merging them, so a filter shared by two roles (or a role asked twice) appears twice.",
    caughtBy: ["role-filters.no-duplicate-filters"],
    behaviour: (correct) => ({
      roleFilters: (data, roles) =>
        roles.flatMap((role) =>
          data.roles.some((known) => known.name === role) ? correct.roleFilters(data, [role]) : [],
        ),
    }),
  },
  {
    name: "role-filters-first-two-roles",
    section: "§4.5",
    description:
      "getRoleFilters unites the filters of the first two roles only; a third role and beyond contribute nothing.",
    caughtBy: ["role-filters.union-law", "role-filters.order-and-duplicates-irrelevant"],
    behaviour: (correct) => ({ roleFilters: (data, roles) => correct.roleFilters(data, roles.slice(0, 2)) }),
  },
];
