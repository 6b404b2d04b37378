/** Maps a URL path to an operation (§4), optionally below /faults/<name>. */
import { OPERATIONS, operationPath, type OperationPaths, type OperationSpec } from "../../contract/operations.js";

/** The operation a path names, and the fault prefix if any. */
export interface Route {
  readonly operation: OperationSpec | undefined;
  /** The <name> of a /faults/<name>/… prefix. */
  readonly faultName: string | undefined;
}

/** Splits `/faults/<name>/platform/…` (or `/platform/…`) into fault name and operation; `paths` moves operations off their §4 paths. */
export function routeRequest(url: string, paths: OperationPaths = {}): Route {
  const path = url.split("?")[0] ?? "";
  const prefixed = /^\/faults\/([^/]+)(\/.*)$/.exec(path);
  const rest = prefixed ? (prefixed[2] ?? "") : path;
  const faultName = prefixed ? decodeURIComponent(prefixed[1] ?? "") : undefined;
  return { operation: OPERATIONS.find((operation) => operationPath(operation.name, paths) === rest), faultName };
}
