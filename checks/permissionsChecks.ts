/**
 * Permissions (§4.1, §4.2, §5): a user without Visualizar sees a subset, and what it cannot
 * see it cannot read (403). Needs the restricted user's token (--restricted-token).
 */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import {
  permissionsRestrictedListingSubset,
  permissionsRestrictedSearchSubset,
  permissionsSamePermissionSameVisibility,
} from "./permissions/permissionsVisibilityChecks.js";
import { permissionsForbiddenResource403, permissionsListingFacts } from "./permissions/permissionsFactsChecks.js";

/** Checks of the permissions family, in report order. */
export const permissionsChecks: readonly CheckDefinition[] = [
  permissionsRestrictedListingSubset,
  permissionsForbiddenResource403,
  permissionsListingFacts,
  permissionsRestrictedSearchSubset,
  permissionsSamePermissionSameVisibility,
];
