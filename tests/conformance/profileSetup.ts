/** The conformance project's setup file: `npm run bench -- --profile` profiles the worker from before the checks load. */
import { startWorkerProfile } from "../../runner/execute/vitest/profileWorker.js";

await startWorkerProfile();
