/** The suite's checks run in this process (runner/execute/executeInProcess.ts): for self-tests and benchmarks. */
import { executeInProcessWith } from "../runner/execute/executeInProcess.js";
import { CHECK_CATALOGUE } from "./checkCatalogue.js";

/** Runs the planned checks of the suite's catalogue in this process. */
export const executeInProcess = executeInProcessWith(CHECK_CATALOGUE);
