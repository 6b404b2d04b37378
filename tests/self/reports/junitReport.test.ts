import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { GATE_CLASSNAME, renderJunitReport } from "../../../reports/writeJunitReport.js";
import { escapeXml } from "../../../reports/escapeXml.js";
import {
  HOSTILE,
  makeGatedRunReport,
  makeResult,
  makeRunReport,
  PLANTED_SECRETS,
  PLANTED_TOKEN,
} from "./runReportFixture.js";

interface Node {
  readonly [key: string]: unknown;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => ["testsuite", "testcase", "property", "failure", "error", "skipped"].includes(name),
});

const report = makeRunReport();
const xml = renderJunitReport(report, { secrets: PLANTED_SECRETS });
const root = parser.parse(xml) as { testsuites: Node & { testsuite: (Node & { testcase: Node[] })[] } };
const suites = root.testsuites.testsuite;
const cases = suites.flatMap((suite) => suite.testcase);
const caseFor = (checkId: string, operation: string): Node => {
  const found = suites
    .find((suite) => suite["@name"] === operation)
    ?.testcase.find((testcase) => String(testcase["@name"]).startsWith(`${checkId} `));
  if (!found) throw new Error(`no testcase ${checkId} in ${operation}`);
  return found;
};

describe("junit.xml", () => {
  it("is well-formed XML 1.0", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
  });

  it("has testsuites > testsuite[name,tests,failures,errors,skipped,time] > testcase[classname,name,time], one suite per operation", () => {
    expect(suites.map((suite) => suite["@name"])).toEqual([
      "listFactoryDefaultWidgets",
      "listLandingPages",
      "getAnalytic",
      "getWidget",
      "getRoleFilters",
    ]);
    for (const suite of suites) {
      for (const key of ["@tests", "@failures", "@errors", "@skipped", "@time"])
        expect(suite[key], `${String(suite["@name"])} ${key}`).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(suite["@tests"])).toBe(suite.testcase.length);
      for (const testcase of suite.testcase) {
        expect(testcase["@classname"]).toBe(`cms-conformance.${String(suite["@name"])}`);
        expect(testcase["@name"]).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+ — /);
        expect(testcase["@time"]).toMatch(/^\d+\.\d{3}$/);
      }
    }
    expect(cases).toHaveLength(report.results.length);
    expect(root.testsuites["@tests"]).toBe(String(report.results.length));
  });

  it("counts agree with the run's summary and the suite time is the sum of its cases", () => {
    const sum = (key: string) => suites.reduce((total, suite) => total + Number(suite[key]), 0);
    expect(sum("@failures")).toBe(report.summary.failed);
    expect(sum("@errors")).toBe(report.summary.errors);
    expect(sum("@skipped")).toBe(report.summary.skipped);
    const getWidget = suites.find((suite) => suite["@name"] === "getWidget");
    const caseTime = getWidget?.testcase.reduce((total, testcase) => total + Number(testcase["@time"]), 0) ?? NaN;
    expect(Number(getWidget?.["@time"])).toBeCloseTo(caseTime, 3);
  });

  it("gives the run its wall time (meta.durationMs), not the sum of the checks' times", () => {
    const caseSum = cases.reduce((total, testcase) => total + Number(testcase["@time"]), 0);
    expect(caseSum).not.toBeCloseTo(report.meta.durationMs / 1000, 1);
    expect(root.testsuites["@time"]).toBe((report.meta.durationMs / 1000).toFixed(3));
  });

  it("names the verdicts of the run and the command line that reproduces it in the run properties", () => {
    const props = (suites[0]?.properties as { property: Node[] }).property;
    expect(props).toContainEqual({
      "@name": "verdicts",
      "@value": `all ${report.results.length} verdicts (check × operation)`,
    });
    expect(props).toContainEqual({ "@name": "commandLine", "@value": report.meta.commandLine });
    const partial = parser.parse(
      renderJunitReport(
        makeRunReport(undefined, "default", { selection: { selectedVerdicts: 12, totalVerdicts: 104 } }),
      ),
    ) as typeof root;
    expect((partial.testsuites.testsuite[0]?.properties as { property: Node[] }).property).toContainEqual({
      "@name": "verdicts",
      "@value": "12 of 104 verdicts selected",
    });
  });

  it("maps failed → <failure message type>, error → <error>, skipped → <skipped message>", () => {
    const failed = caseFor("schema.response-body", "getWidget");
    const failure = (failed.failure as Node[])[0];
    expect(failure?.["@type"]).toBe("MUST");
    expect(failure?.["@message"]).toBe(
      `The body of getWidget does not validate: name is ${HOSTILE.script} ${HOSTILE.breakout}`,
    );
    expect(String(failure?.["#text"])).toContain("Expected: a Widget");
    expect(String(failure?.["#text"])).toContain("/preferredSize/height must be integer");

    const property = String((caseFor("role-filters.union-law", "getRoleFilters").failure as Node[])[0]?.["#text"]);
    // Everything before the evidence: the verdict, the replay line and the (redacted) counterexample.
    expect(property.split("\nEvidence:\n")[0]).toBe(
      [
        "FAILED role-filters.union-law on getRoleFilters (MUST, spec §4.5, §2.12)",
        "The union law does not hold for two roles.",
        "Expected: filters of [a, b] = filters of [a] ∪ filters of [b]",
        "Actual: one (key, name, value) triple of [b] is missing from [a, b]",
        'Property failed after 4 runs; replay with seed -1840326517, path "3:1:0"',
        `Counterexample: ${JSON.stringify([["admin", `${HOSTILE.breakout}${HOSTILE.cdataEnd}`], { token: "[REDACTED]" }])}`,
      ].join("\n"),
    );

    const errored = caseFor("http.valid-request-ok", "getAnalytic");
    expect((errored.error as Node[])[0]?.["@type"]).toBe("timeout");
    expect(errored).not.toHaveProperty("failure");

    const skipped = caseFor("permissions.restricted-listing-subset", "listFactoryDefaultWidgets");
    expect((skipped.skipped as Node[])[0]?.["@message"]).toBe(
      "Set CMS_RESTRICTED_TOKEN (or --restricted-token) to a token of a user without the Visualizar permission.",
    );
  });

  it("keeps warnings and waived failures visible without failing them", () => {
    for (const [checkId, operation, outcome, levelAndSpec] of [
      ["pagination.past-end-empty", "listLandingPages", "warning", "SHOULD, spec §2.11, §8"],
      ["errors.unknown-id-404", "getAnalytic", "waived", "MUST, spec §4.3, §7"],
    ] as const) {
      const testcase = caseFor(checkId, operation);
      expect(testcase).not.toHaveProperty("failure");
      expect(testcase).not.toHaveProperty("error");
      expect(testcase).not.toHaveProperty("skipped");
      expect(String(testcase["system-out"]).split("\n")[0]).toBe(
        `${outcome.toUpperCase()} ${checkId} on ${operation} (${levelAndSpec})`,
      );
      const props = (testcase.properties as { property: Node[] }).property;
      expect(props).toContainEqual({ "@name": "outcome", "@value": outcome });
    }
  });

  it("escapes markup and strips characters XML 1.0 cannot hold", () => {
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<img");
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(escapeXml(`a\u0000b\u001bc${HOSTILE.cdataEnd}"\n`)).toBe("abc]]&gt;&quot;&#10;");
    expect(escapeXml("line\nbreak", "text")).toBe("line\nbreak");
    expect(escapeXml("\ud800 lone \udfff ok \ud83d\ude00")).toBe(" lone  ok \ud83d\ude00");
  });

  it("contains no planted secret", () => {
    for (const secret of PLANTED_SECRETS) expect(xml).not.toContain(secret);
  });
});

describe("junit.xml with a gate failure", () => {
  const gatedReport = makeGatedRunReport();
  const gatedXml = renderJunitReport(gatedReport, { secrets: PLANTED_SECRETS });
  const gatedSuites = (parser.parse(gatedXml) as typeof root).testsuites;

  it("stays well-formed and adds one failing testcase per gate failure in a last suite", () => {
    expect(XMLValidator.validate(gatedXml)).toBe(true);
    const gate = gatedSuites.testsuite.at(-1);
    expect(gate?.["@name"]).toBe("gate");
    expect(gate?.testcase).toHaveLength(1);
    const testcase = gate?.testcase[0];
    expect(testcase?.["@classname"]).toBe(GATE_CLASSNAME);
    expect(String(testcase?.["@name"])).toMatch(
      /^gate-failure-1 — expired waiver: errors\.unknown-id-404 on getAnalytic/,
    );
    const failure = (testcase?.failure as Node[])[0];
    expect(failure?.["@type"]).toBe("gate");
    const shown = `expired waiver: errors.unknown-id-404 on getAnalytic (expired 2024-12-31) ${HOSTILE.script} ${HOSTILE.cdataEnd} bell nul esc[31m red [REDACTED]`;
    expect(failure?.["@message"]).toBe(shown);
    expect(failure?.["#text"]).toBe(
      `GATE FAILURE: ${shown}\nThe run fails for this besides the check verdicts (report.json meta.gateFailures).`,
    );
  });

  it("counts the gate testcase as a failure in its suite and in the totals", () => {
    const gate = gatedSuites.testsuite.at(-1);
    expect([gate?.["@tests"], gate?.["@failures"], gate?.["@errors"], gate?.["@skipped"]]).toEqual([
      "1",
      "1",
      "0",
      "0",
    ]);
    const sum = (key: string) => gatedSuites.testsuite.reduce((total, suite) => total + Number(suite[key]), 0);
    expect(gatedSuites["@failures"]).toBe(String(gatedReport.summary.failed + 1));
    expect(sum("@failures")).toBe(gatedReport.summary.failed + 1);
    expect(gatedSuites["@tests"]).toBe(String(gatedReport.results.length + 1));
    expect(sum("@tests")).toBe(gatedReport.results.length + 1);
  });

  it("escapes the gate failure's text and redacts secrets in it", () => {
    expect(gatedXml).not.toContain("<script>");
    expect(gatedXml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(gatedXml).not.toContain(PLANTED_TOKEN);
    expect(gatedXml).toContain("[REDACTED]");
  });

  it("fails CI on a gate failure even when every check passed", () => {
    const onlyGate = parser.parse(renderJunitReport(makeGatedRunReport([makeResult()]))) as typeof root;
    expect(onlyGate.testsuites["@failures"]).toBe("1");
    expect(onlyGate.testsuites.testsuite.map((suite) => suite["@name"])).toEqual(["getWidget", "gate"]);
  });
});

describe("junit.xml edge cases", () => {
  it("is well-formed for a run with no results", () => {
    const empty = renderJunitReport(makeRunReport([]));
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(empty).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<testsuites name="cms-conformance (the bundled reference server: no base URL was given, no target of yours is judged)" tests="0" failures="0" errors="0" skipped="0" time="6.543" timestamp="2025-01-15T10:00:00">\n' +
        "</testsuites>\n",
    );
  });
});
