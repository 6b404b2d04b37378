/** Reads repeated `--operation-path OPERATION=/path` flags (run and serve) into operation paths. */
import type { OperationName, OperationPaths } from "../../contract/operations.js";
import { ConfigurationError } from "../model/ConfigurationError.js";

/** The paths the flags name; the names and paths are checked by resolveOperationPaths. */
export function parseOperationPathOption(flags: readonly string[] | undefined): OperationPaths | undefined {
  if (!flags || flags.length === 0) return undefined;
  const paths: Partial<Record<OperationName, string>> = {};
  for (const flag of flags) {
    const equals = flag.indexOf("=");
    if (equals <= 0)
      throw new ConfigurationError(
        `--operation-path takes OPERATION=/path, e.g. getWidget=/platform/cms/queries/getWidget, not ${JSON.stringify(flag)}`,
      );
    const name = flag.slice(0, equals).trim() as OperationName;
    if (paths[name] !== undefined)
      throw new ConfigurationError(`--operation-path gives ${name} twice; give each operation once`);
    paths[name] = flag.slice(equals + 1).trim();
  }
  return paths;
}
