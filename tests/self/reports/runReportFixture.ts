/** A small factory of RunReport fixtures: every outcome, several operations, hostile text and planted secrets. */
import type {
  CheckResult,
  EvidenceItem,
  Outcome,
  RunReport,
  RunSelection,
  RunSummary,
} from "../../../runner/model/RunReport.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import type { OperationName } from "../../../contract/operations.js";
import { AMBIGUITY_REGISTER } from "../../../contract/ambiguityRegister.js";

/** A bearer token planted where a leaky target or runner could put it. */
export const PLANTED_TOKEN = "tok_live_9f8e7d6c5b4a3f2e1d0c";
/** A client id planted likewise. */
export const PLANTED_CLIENT_ID = "cid-4b1e-77aa-secret";
/** Both planted secrets. */
export const PLANTED_SECRETS: readonly string[] = [PLANTED_TOKEN, PLANTED_CLIENT_ID];

/** Target-supplied text meant to run script if a reporter forgot to escape it. */
export const HOSTILE = {
  script: "<script>alert(1)</script>",
  img: '<img src=x onerror=alert(1) id="injected-img">',
  cdataEnd: "]]>",
  breakout: '</script><script>window.__pwned = true</script><div id="injected-div">',
  control: "bell\u0007 nul\u0000 esc\u001b[31m red",
} as const;

/** An exchange with a JSON response; the request carries the (leaked) credentials. */
export function makeExchange(overrides: Partial<Exchange> = {}): Exchange {
  const bodyText = JSON.stringify({
    id: "widget://sales/top",
    name: HOSTILE.script,
    description: HOSTILE.img,
    echo: PLANTED_TOKEN,
  });
  return {
    request: {
      method: "POST",
      url: "http://127.0.0.1:4010/platform/cms/getWidget",
      headers: {
        authorization: `Bearer ${PLANTED_TOKEN}`,
        client_id: PLANTED_CLIENT_ID,
        "content-type": "application/json",
      },
      body: JSON.stringify({ widgetId: "widget://sales/top" }),
    },
    response: {
      status: 200,
      headers: { "content-type": "application/json", "x-echo": HOSTILE.img, "x-client": PLANTED_CLIENT_ID },
      bodyText,
      truncated: false,
      bodyBytes: Buffer.byteLength(bodyText),
    },
    isJson: true,
    json: JSON.parse(bodyText) as unknown,
    startedAt: "2025-01-15T10:00:01.250Z",
    durationMs: 42.7,
    curl: `curl -sS -X POST 'http://127.0.0.1:4010/platform/cms/getWidget' -H 'Authorization: Bearer $CMS_TOKEN' -H 'client_id: ${PLANTED_CLIENT_ID}' -H 'Content-Type: application/json' --data-raw '{"widgetId":"widget://sales/top"}'`,
    retriesAfter429: 0,
    ...overrides,
  };
}

/** One verdict; defaults to a passed schema check on getWidget. */
export function makeResult(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    checkId: "schema.response-body",
    title: "Every 200 body validates",
    family: "schema",
    operation: "getWidget",
    outcome: "passed",
    level: "MUST",
    specRefs: ["2", "4"],
    registerRefs: [],
    message: "The body validates against getWidget.response.",
    evidence: [],
    durationMs: 12,
    ...overrides,
  };
}

const OPERATION_NAMES: readonly OperationName[] = [
  "listFactoryDefaultWidgets",
  "listLandingPages",
  "getAnalytic",
  "getWidget",
  "getRoleFilters",
];

/** Counts outcomes the way the runner does. */
function summarise(results: readonly CheckResult[]): RunSummary {
  const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
  return {
    total: results.length,
    passed: count("passed"),
    failed: count("failed"),
    warnings: count("warning"),
    skipped: count("skipped"),
    errors: count("error"),
    waived: count("waived"),
  };
}

const schemaEvidence: EvidenceItem = {
  label: `getWidget ${HOSTILE.script}`,
  exchange: makeExchange(),
  schemaIssues: [
    {
      instancePath: "/preferredSize/height",
      schemaPath: "../components/PreferredSize.json#/properties/height/type",
      keyword: "type",
      params: { type: "integer" },
      message: "must be integer",
    },
    {
      instancePath: "/tags",
      schemaPath: "#/required",
      keyword: "required",
      params: { missingProperty: "tags" },
      message: `must have required property 'tags' ${HOSTILE.img}`,
      register: "required-response-fields",
    },
  ],
};

/** The results of the default fixture: one of each outcome and hostile text throughout. */
export function fixtureResults(): CheckResult[] {
  const passed = OPERATION_NAMES.map((operation) =>
    makeResult({
      checkId: "http.no-server-error",
      title: "No 5xx for any generated input",
      family: "http",
      operation,
      specRefs: ["7"],
      message: "No 5xx in 100 requests.",
    }),
  );
  return [
    ...passed,
    makeResult({ operation: "listFactoryDefaultWidgets", durationMs: 30 }),
    makeResult({
      outcome: "failed",
      title: `Every 200 body validates ${HOSTILE.script}`,
      message: `The body of getWidget does not validate: name is ${HOSTILE.script} ${HOSTILE.breakout}`,
      expected: "a Widget (§2.1) with integer preferredSize.height",
      actual: `preferredSize.height = "4" ${HOSTILE.cdataEnd} ${HOSTILE.control}`,
      evidence: [schemaEvidence],
      durationMs: 55,
    }),
    makeResult({
      checkId: "role-filters.union-law",
      title: "filters(A ∪ B) = filters(A) ∪ filters(B)",
      family: "role-filters",
      operation: "getRoleFilters",
      outcome: "failed",
      specRefs: ["4.5", "2.12"],
      message: "The union law does not hold for two roles.",
      expected: "filters of [a, b] = filters of [a] ∪ filters of [b]",
      actual: "one (key, name, value) triple of [b] is missing from [a, b]",
      property: {
        seed: -1840326517,
        path: "3:1:0",
        numRuns: 4,
        counterexample: [["admin", `${HOSTILE.breakout}${HOSTILE.cdataEnd}`], { token: PLANTED_TOKEN }],
      },
      evidence: [
        {
          label: "roles [a, b]",
          exchange: makeExchange({
            request: {
              method: "POST",
              url: "http://127.0.0.1:4010/platform/authorization/getRoleFilters",
              headers: { client_id: PLANTED_CLIENT_ID },
              body: '{"roles":["admin","</script>"]}',
            },
            response: {
              status: 200,
              headers: { "content-type": "application/json" },
              bodyText: '{"filters":[]}',
              truncated: false,
              bodyBytes: 14,
            },
          }),
        },
      ],
      durationMs: 480,
    }),
    makeResult({
      checkId: "pagination.past-end-empty",
      title: "A page past the end is empty with the same totals",
      family: "pagination",
      operation: "listLandingPages",
      outcome: "warning",
      level: "SHOULD",
      specRefs: ["2.11", "8"],
      registerRefs: ["list-collection-shape"],
      message: `Page 99 answered 400 ${HOSTILE.control} instead of an empty page.`,
      expected: "200 with landingPages [] and the totals of page 0",
      actual: "400 BAD_REQUEST",
      evidence: [
        {
          label: "page 99 of size 10",
          exchange: makeExchange({
            request: {
              method: "POST",
              url: "http://127.0.0.1:4010/platform/cms/listLandingPages",
              headers: { authorization: "Bearer $CMS_TOKEN" },
              body: '{"pagination":{"pageNumber":99,"pageSize":10}}',
            },
            response: {
              status: 400,
              headers: { "content-type": "application/json" },
              bodyText: `{"message":"page out of range ${HOSTILE.cdataEnd}","errorCode":"E1","reason":"BAD_REQUEST","domain":"platform","service":"cms"}`,
              truncated: false,
              bodyBytes: 120,
            },
          }),
        },
      ],
      durationMs: 20,
    }),
    makeResult({
      checkId: "permissions.restricted-listing-subset",
      title: "A restricted user's listing is a subset",
      family: "permissions",
      operation: "listFactoryDefaultWidgets",
      outcome: "skipped",
      specRefs: ["4.1", "5"],
      message: "Needs a restricted user's token.",
      skipReason:
        "Set CMS_RESTRICTED_TOKEN (or --restricted-token) to a token of a user without the Visualizar permission.",
      durationMs: 0,
    }),
    makeResult({
      checkId: "http.valid-request-ok",
      title: "A valid request gets 200",
      family: "http",
      operation: "getAnalytic",
      outcome: "error",
      specRefs: ["4"],
      message: "The target did not answer within 5000 ms; the check could not judge.",
      evidence: [
        {
          label: "known analytic",
          exchange: (({ response: _response, json: _json, ...rest }) => ({
            ...rest,
            isJson: false,
            failure: { kind: "timeout" as const, message: "no response headers within 5000 ms" },
            durationMs: 5000,
          }))(makeExchange()),
        },
      ],
      durationMs: 5003,
    }),
    makeResult({
      checkId: "errors.unknown-id-404",
      title: "A well-formed unknown id gets 404 OBJECT_NOT_FOUND",
      family: "errors",
      operation: "getAnalytic",
      outcome: "waived",
      specRefs: ["4.3", "7"],
      message: "An unknown analytic id answered 400.",
      expected: "404 OBJECT_NOT_FOUND",
      actual: "400 BAD_REQUEST",
      waiver: {
        checkId: "errors.unknown-id-404",
        operation: "getAnalytic",
        reason: `Vendor ticket CMS-123 ${HOSTILE.img}`,
        expires: "2099-12-31",
      },
      durationMs: 15,
    }),
  ];
}

/** Sampling lines as TargetSession.samplingNotes words them. */
export const FIXTURE_SAMPLING: readonly string[] = [
  "listFactoryDefaultWidgets: 3 listing walks stopped at --max-pages 50 (pageSize 7, 10; the target reports 100 to 143 pages), so items after pageNumber 49 were not seen (up to 650 of 1000 items per walk)",
  "listLandingPages: 1 search walk stopped at the search bound of 20 pages (--max-pages is 50; pageSize 10; the target reports 31 pages), so items after pageNumber 19 were not seen (108 of 308 items)",
];

/** A gate failure carrying hostile text and a planted secret, as a careless waivers file could. */
export const FIXTURE_GATE_FAILURE = `expired waiver: errors.unknown-id-404 on getAnalytic (expired 2024-12-31) ${HOSTILE.script} ${HOSTILE.cdataEnd} ${HOSTILE.control} ${PLANTED_TOKEN}`;
/** An unused-waiver note with hostile text. */
export const FIXTURE_NOTE = `unused waiver: http.no-server-error on getWidget ${HOSTILE.img}`;

/** The command line of the fixture run. */
export const FIXTURE_COMMAND_LINE =
  'cms-conformance run --base-url http://127.0.0.1:4010 --client-id "$CMS_CLIENT_ID" --token "$CMS_TOKEN" --seed 424242';

/** The meta a test may set: sampling (FIXTURE_SAMPLING by default), gate failures and notes (none by default), the selection (all verdicts by default), the command line and insecure. */
export interface FixtureMetaLists {
  readonly sampling?: readonly string[];
  readonly gateFailures?: readonly string[];
  readonly notes?: readonly string[];
  readonly selection?: Partial<RunSelection>;
  readonly commandLine?: string;
  readonly insecure?: boolean;
}

/** A RunReport around the given results (the default fixture when none are given); gate failures make it fail as the runner does. */
export function makeRunReport(
  results: readonly CheckResult[] = fixtureResults(),
  profile: "default" | "strict" = "default",
  lists: FixtureMetaLists = {},
): RunReport {
  const summary = summarise(results);
  const gateFailures = lists.gateFailures ?? [];
  return {
    reportVersion: 1,
    verdict:
      summary.failed + summary.errors + gateFailures.length > 0 || (profile === "strict" && summary.warnings > 0)
        ? "fail"
        : "pass",
    meta: {
      suiteVersion: "0.1.0",
      schemaHash: "3f1c0ffee5a1d2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b",
      target: { baseUrl: "http://127.0.0.1:4010", embedded: true },
      profile,
      seed: 424242,
      startedAt: "2025-01-15T10:00:00.000Z",
      durationMs: 6543,
      requestCount: 317,
      retries429: 1,
      nodeVersion: "v20.20.2",
      maxExamples: 100,
      selection: {
        selectedVerdicts: results.length,
        totalVerdicts: results.length,
        checks: [],
        excludeChecks: [],
        operations: [],
        ...lists.selection,
      },
      commandLine: lists.commandLine ?? FIXTURE_COMMAND_LINE,
      ...(lists.insecure !== undefined ? { insecure: lists.insecure } : {}),
      sampling: lists.sampling ?? FIXTURE_SAMPLING,
      gateFailures,
      notes: lists.notes ?? [],
    },
    summary,
    results,
    register: [
      ...AMBIGUITY_REGISTER,
      {
        id: "hostile-entry",
        question: `Is ${HOSTILE.script} escaped?`,
        sections: ["7"],
        default: HOSTILE.img,
        why: HOSTILE.breakout,
        strict: HOSTILE.cdataEnd,
      },
    ],
    timings: {
      listFactoryDefaultWidgets: [12, 15, 18, 22, 30, 41, 120],
      listLandingPages: [9, 11, 14, 16, 25],
      getAnalytic: [7, 8, 9, 5000],
      getWidget: [5, 6, 6, 7, 8, 9, 12, 43],
      getRoleFilters: [3, 4, 4, 5, 6],
    },
  };
}

/** The default fixture with a gate failure and a note: what every reporter must show. */
export function makeGatedRunReport(results: readonly CheckResult[] = fixtureResults()): RunReport {
  return makeRunReport(results, "default", { gateFailures: [FIXTURE_GATE_FAILURE], notes: [FIXTURE_NOTE] });
}

/** A big run: `count` results spread over operations, outcomes cycling, each failure carrying a large body. */
export function makeBigRunReport(count: number, bodyBytes = 200 * 1024): RunReport {
  const outcomes: readonly Outcome[] = ["passed", "passed", "passed", "failed", "warning", "skipped", "error"];
  const bigBody = JSON.stringify({ padding: "x".repeat(bodyBytes) });
  const results = Array.from({ length: count }, (_, index): CheckResult => {
    const outcome = outcomes[index % outcomes.length] ?? "passed";
    const operation = OPERATION_NAMES[index % OPERATION_NAMES.length] ?? "getWidget";
    const evidence: EvidenceItem[] =
      outcome === "passed" || outcome === "skipped"
        ? []
        : [
            {
              label: `request ${index}`,
              exchange: makeExchange({
                response: { status: 500, headers: {}, bodyText: bigBody, truncated: false, bodyBytes: bigBody.length },
              }),
            },
          ];
    return makeResult({
      checkId: `http.check-${Math.floor(index / OPERATION_NAMES.length)}`,
      operation,
      outcome,
      evidence,
      ...(outcome === "skipped" ? { skipReason: "Set CMS_RESTRICTED_TOKEN." } : {}),
    });
  });
  return makeRunReport(results);
}
