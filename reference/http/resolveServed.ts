/** Which operation a request asks for, under which fault or variant; or the 404 or 405 that says it asks for none. */
import type { IncomingMessage } from "node:http";
import type { OperationPaths, OperationSpec } from "../../contract/operations.js";
import { findFault } from "../faults/faultCatalogue.js";
import type { ReferenceFault } from "../faults/ReferenceFault.js";
import { jsonResponse, type ReferenceResponse } from "./ReferenceResponse.js";
import { routeRequest } from "./routeRequest.js";
import type { ReferenceHooks } from "../ReferenceHooks.js";
import { findVariant } from "../variants/variantCatalogue.js";

/** The operation to run, and the key and hooks of the fault or variant that serves it. */
export interface ResolvedRequest {
  readonly operation: OperationSpec;
  readonly key: string;
  readonly hooks: ReferenceHooks | undefined;
}

/** Routes a request: a path below /faults/<name> or /variants/<name> gets that one, any other path `defaultFault`. */
export function resolveServed(
  request: IncomingMessage,
  operationPaths: OperationPaths | undefined,
  defaultFault: ReferenceFault | undefined,
): ResolvedRequest | { readonly refused: ReferenceResponse } {
  const route = routeRequest(request.url ?? "/", operationPaths);
  const variant = route.variantName === undefined ? undefined : findVariant(route.variantName);
  const fault =
    route.faultName !== undefined
      ? findFault(route.faultName)
      : route.variantName === undefined
        ? defaultFault
        : undefined;
  if (!route.operation || (route.faultName !== undefined && !fault) || (route.variantName !== undefined && !variant)) {
    const operations = "{base}/platform/cms/… and {base}/platform/authorization/getRoleFilters";
    return {
      refused: jsonResponse(404, {
        message: `No operation at ${request.url ?? ""}; the operations are POST ${operations} (§4).`,
      }),
    };
  }
  if (request.method !== "POST") {
    return {
      refused: jsonResponse(
        405,
        { message: `Method ${request.method ?? ""} is not allowed; every operation is POST (§4).` },
        { Allow: "POST" },
      ),
    };
  }
  return variant
    ? { operation: route.operation, key: `variant:${variant.name}`, hooks: variant }
    : { operation: route.operation, key: `fault:${fault?.name ?? ""}`, hooks: fault };
}
