/**
 * junit.xml as a whole, for small runs whose every line is known (issue 25.4: equality where the whole value
 * is known): the run properties, the order and numbering of suites, each outcome's testcase, the detail text
 * of a failure (expected, actual, register defaults, property replay, evidence cut at maxBodyChars, schema
 * issues, transport failures) and the gate suite.
 */
import { describe, expect, it } from "vitest";
import { renderJunitReport } from "../../../reports/writeJunitReport.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import { makeExchange, makeResult, makeRunReport, PLANTED_SECRETS } from "./runReportFixture.js";

const CURL =
  "curl -sS -X POST 'http://127.0.0.1:4010/platform/cms/getWidget' -H 'Authorization: Bearer $CMS_TOKEN' -H 'client_id: [REDACTED]' -H 'Content-Type: application/json' --data-raw '{\"widgetId\":\"widget://sales/top\"}'";

/** The run properties every suite repeats, as the fixture's meta gives them. */
function runProperties(verdict: string, verdicts: string, warnings: number, waived: number): string {
  return [
    "    <properties>",
    '      <property name="suiteVersion" value="0.1.0"/>',
    '      <property name="schemaHash" value="3f1c0ffee5a1d2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b"/>',
    '      <property name="target" value="http://127.0.0.1:4010"/>',
    '      <property name="profile" value="default"/>',
    '      <property name="seed" value="424242"/>',
    '      <property name="nodeVersion" value="v20.20.2"/>',
    `      <property name="verdict" value="${verdict}"/>`,
    `      <property name="verdicts" value="${verdicts}"/>`,
    '      <property name="commandLine" value="cms-conformance run --base-url http://127.0.0.1:4010 --client-id &quot;$CMS_CLIENT_ID&quot; --token &quot;$CMS_TOKEN&quot; --seed 424242"/>',
    `      <property name="warnings" value="${warnings}"/>`,
    `      <property name="waived" value="${waived}"/>`,
    "    </properties>",
    "",
  ].join("\n");
}

/** A testcase's own properties block. */
function caseProperties(outcome: string, level: string, family: string, spec: string, waiver?: string): string {
  return [
    "      <properties>",
    `        <property name="outcome" value="${outcome}"/>`,
    `        <property name="level" value="${level}"/>`,
    `        <property name="family" value="${family}"/>`,
    `        <property name="spec" value="${spec}"/>`,
    ...(waiver === undefined ? [] : [`        <property name="waiver" value="${waiver}"/>`]),
    "      </properties>",
    "",
  ].join("\n");
}

describe("junit.xml of a one-verdict failed run, whole", () => {
  const failed = makeResult({
    outcome: "failed",
    specRefs: ["2.1", "4.4"],
    registerRefs: ["required-response-fields", "error-body-shape"],
    message: "Bad body.",
    expected: "a Widget",
    actual: "a string",
    durationMs: 1234.5,
    property: { seed: 7, path: "1:0", numRuns: 3, counterexample: undefined },
    evidence: [
      {
        label: "widget a",
        exchange: makeExchange({
          response: { status: 200, headers: {}, bodyText: '{"name":"0123456789abc"}', truncated: false, bodyBytes: 24 },
          durationMs: 9.6,
        }),
        schemaIssues: [
          {
            instancePath: "/name",
            schemaPath: "#/properties/name/type",
            keyword: "type",
            params: { type: "string" },
            message: "must be string",
          },
        ],
      },
      {
        label: "widget b",
        exchange: makeExchange({
          response: { status: 204, headers: {}, bodyText: "", truncated: false, bodyBytes: 0 },
          durationMs: 1.2,
        }),
      },
    ],
  });

  it("holds the failure's whole detail: bodies cut at maxBodyChars, an empty body left out, secrets redacted", () => {
    expect(renderJunitReport(makeRunReport([failed]), { maxBodyChars: 10, secrets: PLANTED_SECRETS })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="cms-conformance (the bundled reference server: no base URL was given, no target of yours is judged)" tests="1" failures="1" errors="0" skipped="0" time="6.543" timestamp="2025-01-15T10:00:00">',
        '  <testsuite name="getWidget" id="3" tests="1" failures="1" errors="0" skipped="0" time="1.234" timestamp="2025-01-15T10:00:00">',
        runProperties("fail", "all 1 verdicts (check × operation)", 0, 0) +
          '    <testcase classname="cms-conformance.getWidget" name="schema.response-body — Every 200 body validates" time="1.234">',
        caseProperties("failed", "MUST", "schema", "§2.1, §4.4") +
          '      <failure message="Bad body." type="MUST">FAILED schema.response-body on getWidget (MUST, spec §2.1, §4.4)',
        "Bad body.",
        "Expected: a Widget",
        "Actual: a string",
        "Register defaults relied on: required-response-fields, error-body-shape",
        'Property failed after 3 runs; replay with seed 7, path "1:0"',
        "Counterexample: undefined",
        "Evidence:",
        "- widget a: POST http://127.0.0.1:4010/platform/cms/getWidget",
        "  → 200 in 10 ms",
        '  body: {"name":"0… [14 more characters in report.json]',
        '  schema: /name must be string {"type":"string"} (schema #/properties/name/type)',
        `  reproduce: ${CURL}`,
        "- widget b: POST http://127.0.0.1:4010/platform/cms/getWidget",
        "  → 204 in 1 ms",
        `  reproduce: ${CURL}</failure>`,
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
  });

  it("keeps a body of exactly maxBodyChars whole", () => {
    const xml = renderJunitReport(makeRunReport([failed]), { maxBodyChars: 24 });
    expect(xml).toContain("\n  body: {&quot;name&quot;:&quot;0123456789abc&quot;}\n".replaceAll("&quot;", '"'));
    expect(xml).not.toContain("more characters in report.json");
  });
});

describe("junit.xml of a run with every other outcome and two gate failures, whole", () => {
  const reset = (({ response: _response, json: _json, ...rest }) => ({
    ...rest,
    isJson: false,
    failure: { kind: "connection-reset" as const, message: "the connection was reset" },
    durationMs: 30,
  }))(makeExchange());
  const result = (overrides: Partial<CheckResult>): CheckResult => makeResult({ durationMs: 0, ...overrides });
  const results = [
    result({
      operation: "getRoleFilters",
      checkId: "role-filters.union-law",
      title: "Union",
      family: "role-filters",
      specRefs: ["4.5"],
      durationMs: 2,
    }),
    result({
      outcome: "error",
      operation: "getAnalytic",
      checkId: "http.valid-request-ok",
      title: "OK",
      family: "http",
      message: "No answer.",
      evidence: [{ label: "first", exchange: reset }],
      durationMs: 31,
    }),
    result({
      outcome: "error",
      operation: "getAnalytic",
      checkId: "http.other",
      title: "Other",
      family: "http",
      message: "Suite broke.",
    }),
    result({
      outcome: "skipped",
      operation: "listLandingPages",
      checkId: "a.b",
      title: "AB",
      family: "search",
      message: "Needs a token.",
      skipReason: "Set X.",
    }),
    result({
      outcome: "skipped",
      operation: "listLandingPages",
      checkId: "a.c",
      title: "AC",
      family: "search",
      message: "Nothing to search.",
    }),
    result({
      outcome: "warning",
      operation: "listLandingPages",
      checkId: "a.d",
      title: "AD",
      family: "search",
      level: "SHOULD",
      message: "Odd.",
      registerRefs: ["r1"],
      durationMs: 4,
    }),
    result({
      outcome: "waived",
      operation: "getAnalytic",
      checkId: "a.e",
      title: "AE",
      family: "errors",
      message: "Waived one.",
      waiver: { checkId: "a.e", operation: "getAnalytic", reason: "ticket 9", expires: "2099-01-01" },
      durationMs: 5,
    }),
  ];
  const report = makeRunReport(results, "default", {
    gateFailures: ["gate one", "gate <two>"],
    selection: { selectedVerdicts: 7, totalVerdicts: 9 },
  });
  const properties = runProperties("fail", "7 of 9 verdicts selected", 1, 1);

  it("orders suites as the operations are listed, numbers them by that list and counts each", () => {
    expect(renderJunitReport(report, { secrets: PLANTED_SECRETS })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="cms-conformance (the bundled reference server: no base URL was given, no target of yours is judged)" tests="9" failures="2" errors="2" skipped="2" time="6.543" timestamp="2025-01-15T10:00:00">',
        '  <testsuite name="listLandingPages" id="1" tests="3" failures="0" errors="0" skipped="2" time="0.004" timestamp="2025-01-15T10:00:00">',
        properties + '    <testcase classname="cms-conformance.listLandingPages" name="a.b — AB" time="0.000">',
        caseProperties("skipped", "MUST", "search", "§2, §4") + '      <skipped message="Set X."/>',
        "    </testcase>",
        '    <testcase classname="cms-conformance.listLandingPages" name="a.c — AC" time="0.000">',
        caseProperties("skipped", "MUST", "search", "§2, §4") + '      <skipped message="Nothing to search."/>',
        "    </testcase>",
        '    <testcase classname="cms-conformance.listLandingPages" name="a.d — AD" time="0.004">',
        caseProperties("warning", "SHOULD", "search", "§2, §4") +
          "      <system-out>WARNING a.d on listLandingPages (SHOULD, spec §2, §4)",
        "Odd.",
        "Register defaults relied on: r1</system-out>",
        "    </testcase>",
        "  </testsuite>",
        '  <testsuite name="getAnalytic" id="2" tests="3" failures="0" errors="2" skipped="0" time="0.036" timestamp="2025-01-15T10:00:00">',
        properties +
          '    <testcase classname="cms-conformance.getAnalytic" name="http.valid-request-ok — OK" time="0.031">',
        caseProperties("error", "MUST", "http", "§2, §4") +
          '      <error message="No answer." type="connection-reset">ERROR http.valid-request-ok on getAnalytic (MUST, spec §2, §4)',
        "No answer.",
        "Evidence:",
        "- first: POST http://127.0.0.1:4010/platform/cms/getWidget",
        "  transport failure (connection-reset): the connection was reset",
        `  reproduce: ${CURL}</error>`,
        "    </testcase>",
        '    <testcase classname="cms-conformance.getAnalytic" name="http.other — Other" time="0.000">',
        caseProperties("error", "MUST", "http", "§2, §4") +
          '      <error message="Suite broke." type="suite-error">ERROR http.other on getAnalytic (MUST, spec §2, §4)',
        "Suite broke.</error>",
        "    </testcase>",
        '    <testcase classname="cms-conformance.getAnalytic" name="a.e — AE" time="0.005">',
        caseProperties("waived", "MUST", "errors", "§2, §4", "ticket 9 (expires 2099-01-01)") +
          "      <system-out>WAIVED a.e on getAnalytic (MUST, spec §2, §4)",
        "Waived one.",
        "Waived until 2099-01-01: ticket 9</system-out>",
        "    </testcase>",
        "  </testsuite>",
        '  <testsuite name="getRoleFilters" id="4" tests="1" failures="0" errors="0" skipped="0" time="0.002" timestamp="2025-01-15T10:00:00">',
        properties +
          '    <testcase classname="cms-conformance.getRoleFilters" name="role-filters.union-law — Union" time="0.002">',
        caseProperties("passed", "MUST", "role-filters", "§4.5") + "    </testcase>",
        "  </testsuite>",
        '  <testsuite name="gate" id="5" tests="2" failures="2" errors="0" skipped="0" time="0.000" timestamp="2025-01-15T10:00:00">',
        properties + '    <testcase classname="cms-conformance.gate" name="gate-failure-1 — gate one" time="0.000">',
        '      <failure message="gate one" type="gate">GATE FAILURE: gate one',
        "The run fails for this besides the check verdicts (report.json meta.gateFailures).</failure>",
        "    </testcase>",
        '    <testcase classname="cms-conformance.gate" name="gate-failure-2 — gate &lt;two&gt;" time="0.000">',
        '      <failure message="gate &lt;two&gt;" type="gate">GATE FAILURE: gate &lt;two&gt;',
        "The run fails for this besides the check verdicts (report.json meta.gateFailures).</failure>",
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
  });

  it("takes the default 4096 characters of a body when maxBodyChars is not given", () => {
    const long = "x".repeat(4097);
    const xml = renderJunitReport(
      makeRunReport([
        result({
          outcome: "failed",
          evidence: [
            {
              label: "l",
              exchange: makeExchange({
                response: { status: 200, headers: {}, bodyText: long, truncated: false, bodyBytes: 4097 },
              }),
            },
          ],
        }),
      ]),
    );
    expect(xml).toContain(`\n  body: ${"x".repeat(4096)}… [1 more characters in report.json]\n`);
  });
});
