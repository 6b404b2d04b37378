/** Maps a URL path to an operation (§4), optionally below /faults/<name> or /variants/<name>. */
import { OPERATIONS, operationPath, type OperationPaths, type OperationSpec } from "../../contract/operations.js";

/** The operation a path names, and the fault or variant prefix if any. */
export interface Route {
  readonly operation: OperationSpec | undefined;
  /** The <name> of a /faults/<name>/… prefix. */
  readonly faultName: string | undefined;
  /** The <name> of a /variants/<name>/… prefix. */
  readonly variantName: string | undefined;
}

/**
 * Splits `/faults/<name>/platform/…`, `/variants/<name>/platform/…` (or `/platform/…`) into prefix name and operation;
 * `paths` moves operations off their §4 paths.
 */
export function routeRequest(url: string, paths: OperationPaths = {}): Route {
  const path = url.split("?")[0] ?? "";
  const prefixed = /^\/(faults|variants)\/([^/]+)(\/.*)$/.exec(path);
  const rest = prefixed ? (prefixed[3] ?? "") : path;
  const name = prefixed ? decodeURIComponent(prefixed[2] ?? "") : undefined;
  return {
    operation: OPERATIONS.find((operation) => operationPath(operation.name, paths) === rest),
    faultName: prefixed?.[1] === "faults" ? name : undefined,
    variantName: prefixed?.[1] === "variants" ? name : undefined,
  };
}
