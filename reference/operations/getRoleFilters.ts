/** §4.5 getRoleFilters. */
import type { GetRoleFiltersResponse } from "../../contract/types.generated.js";
import { badRequest } from "../http/errorResponses.js";
import { jsonResponse, type ReferenceResponse } from "../http/ReferenceResponse.js";
import type { OperationContext, RequestObject } from "./OperationContext.js";

/**
 * The union of the roles' filter groups. roles is required (register required-request-fields);
 * an empty list gives no filters; domainName and serviceName must be strings when sent, and
 * each one sent keeps only the groups of that domain or service (register role-filter-scope).
 */
export function getRoleFilters(body: RequestObject, context: OperationContext): ReferenceResponse {
  const { roles } = body;
  // A name sent as JSON null is read as not sent (register null-request-fields).
  const domainName = body.domainName ?? undefined;
  const serviceName = body.serviceName ?? undefined;
  if (roles === undefined) return badRequest("getRoleFilters", "roles is required", "missingField");
  if (!Array.isArray(roles) || !roles.every((role): role is string => typeof role === "string")) {
    return badRequest(
      "getRoleFilters",
      `roles must be an array of strings, got ${JSON.stringify(roles)}`,
      "invalidField",
    );
  }
  for (const [name, value] of [
    ["domainName", domainName],
    ["serviceName", serviceName],
  ] as const) {
    if (value !== undefined && typeof value !== "string")
      return badRequest("getRoleFilters", `${name} must be a string, got ${JSON.stringify(value)}`, "invalidField");
  }
  const scope = {
    ...(typeof domainName === "string" ? { domainName } : {}),
    ...(typeof serviceName === "string" ? { serviceName } : {}),
  };
  const response: GetRoleFiltersResponse = { filters: context.behaviour.roleFilters(context.data, roles, scope) };
  return jsonResponse(200, response);
}
