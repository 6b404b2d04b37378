/**
 * The tests StrykerJS runs for `npm run mutation` (stryker.config.json): the unit tests of the
 * engine, the checks' helpers, waivers and redaction, and the verdict matrix (the reference server
 * and its faults, in process). Left out: tests that spawn processes or a browser (they cannot see a
 * mutant), whole runs (every check's mutant would pay for every other check), and tests whose
 * secrets arrays live in shared fixtures (the redactors cache per array, and modules stay loaded
 * between mutants: isolate is off, which makes each mutant's run several seconds shorter).
 */
import { readdirSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/** Fast files first: Stryker stops at the first failing test, so a mutant a unit test kills never reaches the matrix. */
const ORDER = [
  "tests/self/runner/engine/",
  "tests/self/runner/http/redact",
  "tests/self/checks/",
  "tests/self/runner/waivers/",
  "tests/self/conformance/",
  "tests/self/deploy/",
  "tests/self/suite/waivers",
  "tests/self/suite/sampling",
  "tests/self/suite/verdictMatrix",
];

class UnitTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = ORDER.findIndex((prefix) => file.moduleId.includes(prefix));
      return index === -1 ? ORDER.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

/** The unit tests: doubles and scripted targets, no reference server. */
const UNIT_TESTS = [
  "tests/self/runner/engine/**/*.test.ts",
  "tests/self/runner/http/{redactSecrets,redactionProperty}.test.ts",
  "tests/self/checks/**/*.test.ts",
  "tests/self/runner/waivers/**/*.test.ts",
  "tests/self/conformance/**/*.test.ts",
  "tests/self/deploy/har.test.ts",
];

/**
 * The unit tests but the two that run whole runs against live targets (rateLimitIsError about 28 s, deploy/har
 * about 9 s): for the HTTP client's and the runner's runs, where they cover nearly every mutant and each survivor
 * paid for both (the runner run went at 12 mutants a minute). What they would kill there counts as alive.
 */
const LIGHT_UNIT_TESTS = [
  ...UNIT_TESTS.filter(
    (pattern) => !pattern.startsWith("tests/self/checks/") && pattern !== "tests/self/deploy/har.test.ts",
  ),
  ...readdirSync("tests/self/checks", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts") && !name.endsWith("rateLimitIsError.test.ts"))
    .map((name) => `tests/self/checks/${name}`),
];

/** The contract's and the generators' own tests (stryker.folder.config.mjs), but those that start a process and the drift test (StrykerJS's sandbox changes what it compares). */
const CONTRACT_TESTS = [
  "tests/self/**/{bodies,contractHelpers,contractTypes,docsJson,largeBodies,schemas,schemathesisDoc,specStatements,strictReading,validatorIssues}.test.ts",
  "tests/self/generators/**/*.test.ts",
  "tests/self/contract/{buildOpenApiDocument,openapiOperations,openapiSchemaRewrite}.test.ts",
];

/** The report writers' own tests (stryker.folder.config.mjs, folder reports), but the one that drives a browser. */
const REPORT_TESTS = [
  "tests/self/**/{buildHar,buildRunReport,consoleDocument,consoleReporter,copiedPrefix,htmlPage,htmlParts,htmlReport,jsonReport,junitDocument,junitReport,partialRun,redaction,reportFiles,reportHelpers,reproduceCommand,textShownAsText,writeReportFile}.test.ts",
];

/**
 * The HTTP client's own tests (stryker.folder.config.mjs, folder http): scripted and hostile targets in process,
 * but rateLimitConvergence, whose 16 tests wait out Retry-After and pacing for about 60 s: every mutant of the
 * client that survived would pay for all of it.
 */
const HTTP_TESTS = readdirSync("tests/self/runner/http")
  .filter((name) => name.endsWith(".test.ts") && name !== "rateLimitConvergence.test.ts")
  .map((name) => `tests/self/runner/http/${name}`);

/**
 * The CLI's and the run's tests that run in this process (folders runner and cli); those that start the bin are
 * left out (the bin runs the compiled copy, which StrykerJS does not mutate), and so are the three whose tests are
 * whole runs (tokenCommand about 30 s, failOnSkipped 5 s, runEngine 1.5 s): they cover nearly every file of runner/,
 * so each surviving mutant paid for all of them, and a run of the folder did not finish in a working session.
 */
const CLI_TESTS = [
  "tests/self/**/{cliHelpers,completion,mergeCommand,configFileGenerated,configFileKeys,conventions,describeConfigValue,durationOption,obtainCommandTokens,preflight,quietOnClosedPipe,readRegularFile,readRerunReport,resolveRunSettings,runCommand,runHelpAndListChecks,selection,settingWords,settingsParsers,userMistakes,validate,waitForTarget}.test.ts",
  "tests/self/runner/execute/**/*.test.ts",
  "tests/self/runner/{planRun,runConformance,waitForTarget}.test.ts",
  "tests/self/contract/openapiCommand.test.ts",
  "tests/self/**/serveCommand.test.ts",
  "tests/self/**/{buildRunReport,mergeRunReports,partialRun,reproduceCommand}.test.ts",
];

/** Runs against the reference server and its faults, in process. */
const SUITE_TESTS = [
  "tests/self/suite/waivers.test.ts",
  "tests/self/suite/sampling.test.ts",
  "tests/self/suite/verdictMatrix*.test.ts",
];

export default defineConfig({
  test: {
    // stryker.unit.config.mjs sets CMS_MUTATION_TESTS=unit: the unit tests only; stryker.folder.config.mjs
    // sets contract (the unit tests and the contract's), reports (the unit tests and the writers'), http (the
    // unit tests and the HTTP client's) or cli (the unit tests and the CLI's in-process ones); helpers takes the
    // unit tests; npm run mutation the unit tests and the verdict matrix.
    include:
      process.env.CMS_MUTATION_TESTS === "unit"
        ? UNIT_TESTS
        : process.env.CMS_MUTATION_TESTS === "contract"
          ? [...UNIT_TESTS, ...CONTRACT_TESTS]
          : process.env.CMS_MUTATION_TESTS === "reports"
            ? [...UNIT_TESTS, ...REPORT_TESTS]
            : process.env.CMS_MUTATION_TESTS === "http"
              ? [...LIGHT_UNIT_TESTS, ...HTTP_TESTS]
              : process.env.CMS_MUTATION_TESTS === "cli"
                ? [...LIGHT_UNIT_TESTS, ...CLI_TESTS]
                : [...UNIT_TESTS, ...SUITE_TESTS],
    // The verdict matrix one row at a time, without its rate-limited column (verdictMatrixRows.ts says why).
    env: { CMS_MATRIX_MODE: "mutation" },
    testTimeout: 600_000,
    isolate: false,
    hookTimeout: 120_000,
    sequence: { sequencer: UnitTestsFirst },
  },
});
