/** The suite's catalogue: every check of every family (DESIGN §4). */
import { CheckCatalogue } from "../../runner/engine/CheckCatalogue.js";
import { analyticsChecks } from "./checks/analyticsChecks.js";
import { authChecks } from "./checks/authChecks.js";
import { consistencyChecks } from "./checks/consistencyChecks.js";
import { errorChecks } from "./checks/errorChecks.js";
import { getChecks } from "./checks/getChecks.js";
import { httpChecks } from "./checks/httpChecks.js";
import { paginationChecks } from "./checks/paginationChecks.js";
import { permissionChecks } from "./checks/permissionChecks.js";
import { roleFilterChecks } from "./checks/roleFilterChecks.js";
import { schemaChecks } from "./checks/schemaChecks.js";
import { searchChecks } from "./checks/searchChecks.js";

/** Every check, in report order. */
export const CHECK_CATALOGUE = new CheckCatalogue([
  ...httpChecks,
  ...authChecks,
  ...schemaChecks,
  ...getChecks,
  ...errorChecks,
  ...paginationChecks,
  ...searchChecks,
  ...permissionChecks,
  ...analyticsChecks,
  ...roleFilterChecks,
  ...consistencyChecks,
]);
