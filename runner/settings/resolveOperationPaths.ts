/**
 * Where a deployment mounts each operation (--operation-path, `operation-path` in the config
 * file): merged over the layers (a later layer wins), and refused when a path is unusable or
 * two operations would share one.
 */
import { ALL_OPERATIONS, operationPath, type OperationName, type OperationPaths } from "../../contract/operations.js";
import { ConfigurationError } from "../model/ConfigurationError.js";

/** A path below the base URL: starts with a slash, no query, fragment, space or control character. */
const PATH = /^\/[^\s?#\x00-\x1f\x7f]*$/;

/** Merges path layers and checks them; throws ConfigurationError with the offending entry. */
export function resolveOperationPaths(layers: readonly (OperationPaths | undefined)[]): OperationPaths {
  const merged: Partial<Record<OperationName, string>> = {};
  for (const layer of layers) {
    for (const [name, path] of Object.entries(layer ?? {})) {
      if (!ALL_OPERATIONS.includes(name as OperationName))
        throw new ConfigurationError(
          `unknown operation ${JSON.stringify(name)} in an operation path; known: ${ALL_OPERATIONS.join(", ")}`,
        );
      if (typeof path !== "string" || !PATH.test(path))
        throw new ConfigurationError(
          `the path of ${name} must start with / and hold no space, query or fragment, not ${JSON.stringify(path)}`,
        );
      merged[name as OperationName] = path;
    }
  }
  const owners = new Map<string, OperationName>();
  for (const name of ALL_OPERATIONS) {
    const path = operationPath(name, merged);
    const other = owners.get(path);
    if (other)
      throw new ConfigurationError(`${other} and ${name} would both be at ${path}; give each operation its own path`);
    owners.set(path, name);
  }
  return merged;
}
