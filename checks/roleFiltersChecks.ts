/**
 * Role filters (§4.5, §2.12): the result is the union of the filters linked to the roles, so
 * filters(A ∪ B) = filters(A) ∪ filters(B), and order and duplicates of roles do not matter.
 * Compared as sets of (domainName, serviceName, name, value) (register role-filter-union-comparison).
 */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import {
  roleFiltersUnionLaw,
  roleFiltersNoDuplicateFilters,
  roleFiltersOrderAndDuplicatesIrrelevant,
  roleFiltersExpectedFilters,
  roleFiltersExactRoleNames,
} from "./roleFilters/roleFiltersLawChecks.js";
import { roleFiltersEdgeRequests, roleFiltersScopeOfRequest } from "./roleFilters/roleFiltersRequestChecks.js";
import { roleFiltersGroupKeysAgree } from "./roleFilters/roleFiltersKeyChecks.js";

/** Checks of the role-filters family, in report order. */
export const roleFiltersChecks: readonly CheckDefinition[] = [
  roleFiltersUnionLaw,
  roleFiltersNoDuplicateFilters,
  roleFiltersOrderAndDuplicatesIrrelevant,
  roleFiltersEdgeRequests,
  roleFiltersExpectedFilters,
  roleFiltersExactRoleNames,
  roleFiltersScopeOfRequest,
  roleFiltersGroupKeysAgree,
];
