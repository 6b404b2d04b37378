/**
 * The suite's catalogue: every check of every family (docs/design.md §4). One file per family under
 * checks/, named after it (`<family>Checks.ts`), listing only checks whose id starts with the family;
 * a large family defines them in a folder named after it (checks/search/), which holds only its checks.
 */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { CheckCatalogue } from "../runner/engine/CheckCatalogue.js";
import type { CheckFamily } from "../runner/model/RunReport.js";
import { analyticsChecks } from "./analyticsChecks.js";
import { authChecks } from "./authChecks.js";
import { consistencyChecks } from "./consistencyChecks.js";
import { errorsChecks } from "./errorsChecks.js";
import { httpChecks } from "./httpChecks.js";
import { paginationChecks } from "./paginationChecks.js";
import { performanceChecks } from "./performanceChecks.js";
import { permissionsChecks } from "./permissionsChecks.js";
import { roleFiltersChecks } from "./roleFiltersChecks.js";
import { schemaChecks } from "./schemaChecks.js";
import { searchChecks } from "./searchChecks.js";

/** The checks of each family, in report order (every family must be listed: the type says so). */
export const CHECKS_BY_FAMILY: { readonly [family in CheckFamily]: readonly CheckDefinition[] } = {
  http: httpChecks,
  auth: authChecks,
  schema: schemaChecks,
  errors: errorsChecks,
  pagination: paginationChecks,
  search: searchChecks,
  permissions: permissionsChecks,
  analytics: analyticsChecks,
  "role-filters": roleFiltersChecks,
  consistency: consistencyChecks,
  performance: performanceChecks,
};

/** Every check, in report order. */
export const CHECK_CATALOGUE = new CheckCatalogue(Object.values(CHECKS_BY_FAMILY).flat());
