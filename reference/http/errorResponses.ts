/** The §7 error bodies of the reference server, one builder per status. */
import type { OperationName } from "../../contract/operations.js";
import type {
  AuthorizationBadRequestError,
  CmsBadRequestError,
  CmsNotFoundError,
  UnauthorizedError,
} from "../../contract/types.generated.js";
import { jsonResponse, type ReferenceResponse } from "./ReferenceResponse.js";

/** errorCode values the reference uses in content management 400 bodies (the list is not shown in §7). */
export type CmsErrorCode =
  "invalidJson" | "invalidBody" | "invalidField" | "missingField" | "invalidId" | "payloadTooLarge";

/** §7 400: the cms shape, or for getRoleFilters errorCode getRoleFiltersResponse and service authorization. */
export function badRequest(
  operation: OperationName,
  message: string,
  errorCode: CmsErrorCode,
  status = 400,
): ReferenceResponse {
  if (operation === "getRoleFilters") {
    const body: AuthorizationBadRequestError = {
      message,
      errorCode: "getRoleFiltersResponse",
      reason: "BAD_REQUEST",
      domain: "platform",
      service: "authorization",
    };
    return jsonResponse(status, body);
  }
  const body: CmsBadRequestError = { message, errorCode, reason: "BAD_REQUEST", domain: "platform", service: "cms" };
  return jsonResponse(status, body);
}

/** §7 404 of getWidget and getAnalytic. */
export function notFound(message: string): ReferenceResponse {
  const body: CmsNotFoundError = {
    message,
    errorCode: "objectNotFound",
    reason: "OBJECT_NOT_FOUND",
    domain: "platform",
    service: "cms",
  };
  return jsonResponse(404, body);
}

/** §7 401: {error, error_description} (also used for getRoleFilters, register role-filters-401-body). */
export function unauthorized(error: "invalid_client" | "invalid_token", description: string): ReferenceResponse {
  const body: UnauthorizedError = { error, error_description: description };
  return jsonResponse(401, body, { "WWW-Authenticate": `Bearer error="${error}"` });
}

/** §7 403: no body is described; a small JSON one is sent (register forbidden-body). */
export function forbidden(message: string): ReferenceResponse {
  return jsonResponse(403, { message });
}
