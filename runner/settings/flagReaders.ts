/** How the flags a table row names by its reader (duration, header, operation path) read their texts. */
import type { FlagReader, RunOptionDefinition } from "../model/runOptions/RunOptionDefinition.js";
import { parseDurationOption } from "./parseDurationOption.js";
import { parseHeaderOption } from "./parseHeaderOption.js";
import { parseOperationPathOption } from "./parseOperationPathOption.js";

/** Reads a flag's texts into its setting. */
export type FlagParser = (texts: readonly string[]) => unknown;

const READERS: Readonly<Record<FlagReader, FlagParser>> = {
  duration: parseDurationOption,
  header: parseHeaderOption,
  operationPath: parseOperationPathOption,
};

/** The parser of a row's flag, when its reader is not the schema's type alone. */
export function flagParserOf(row: Pick<RunOptionDefinition, "reader">): FlagParser | undefined {
  return row.reader === undefined ? undefined : READERS[row.reader];
}
