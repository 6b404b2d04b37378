import { describe, expect, it } from "vitest";
import { buildRunReport } from "../../../../runner/report/buildRunReport.js";
import { renderJsonReport } from "../../../../reports/writeJsonReport.js";
import { validateRunReport } from "../../../../reports/validateRunReport.js";
import { resolveRunSettings } from "../../../../runner/settings/resolveRunSettings.js";
import { makeResult } from "../../reports/runReportFixture.js";
import type { RunStatistics } from "../../../../runner/model/RunStatistics.js";

const settings = resolveRunSettings([
  {
    baseUrl: "https://cms.example.com",
    clientId: "cid-secret",
    token: "tok-secret",
    checks: ["http.*"],
    excludeChecks: ["http.no-server-error"],
    operations: ["getWidget"],
    seed: 9,
  },
]);
const facts = {
  settings,
  startedAt: new Date("2025-01-15T10:00:00Z"),
  durationMs: 1200,
  totalVerdicts: 57,
  sampling: [],
  gateFailures: [],
  notes: [],
};
const results = [
  makeResult({ checkId: "http.valid-request-ok", family: "http" }),
  makeResult({ checkId: "http.content-type-json", family: "http" }),
];

describe("buildRunReport meta", () => {
  it("records the selection: verdicts judged out of the suite's check × operation pairs it was given, and the filters", () => {
    const { meta } = buildRunReport(results, facts);
    // Strict: a selection without --max-failures, --shard or --rerun-failed holds no key for them, not even undefined.
    expect(meta.selection).toStrictEqual({
      selectedVerdicts: 2,
      totalVerdicts: 57,
      checks: ["http.*"],
      excludeChecks: ["http.no-server-error"],
      operations: ["getWidget"],
    });
  });

  it("fails a run whose only bad verdict is an error, and passes one with none", () => {
    const errored = [...results, makeResult({ checkId: "http.status-code", family: "http", outcome: "error" })];
    expect([buildRunReport(errored, facts).verdict, buildRunReport(results, facts).verdict]).toStrictEqual([
      "fail",
      "pass",
    ]);
  });

  it("records the command line that reproduces the run, with the waivers file and without secrets", () => {
    const { meta } = buildRunReport(results, { ...facts, waiversFile: "waivers.json" });
    expect(meta.commandLine).toBe(
      `cms-conformance run --base-url https://cms.example.com --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --checks 'http.*' --exclude-checks http.no-server-error --operation getWidget --waivers waivers.json --seed 9`,
    );
  });

  it("marks insecure only when TLS verification was skipped, and the report validates either way", () => {
    expect(buildRunReport(results, facts).meta).not.toHaveProperty("insecure");
    const insecure = buildRunReport(results, { ...facts, settings: { ...settings, insecure: true } });
    expect(insecure.meta.insecure).toBe(true);
    expect(insecure.meta.commandLine).toBe(
      `cms-conformance run --base-url https://cms.example.com --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --insecure --checks 'http.*' --exclude-checks http.no-server-error --operation getWidget --seed 9`,
    );
    for (const report of [buildRunReport(results, facts), insecure])
      expect(validateRunReport(JSON.parse(renderJsonReport(report)))).toEqual([]);
  });
});

describe("buildRunReport notes on how the run went", () => {
  const statistics = (overrides: Partial<RunStatistics> = {}): RunStatistics => ({
    requests: 10,
    retries429: 0,
    transportFailures: 0,
    durationsByPath: {},
    sampling: [],
    ...overrides,
  });
  const notesOf = (stats: RunStatistics | undefined, extra: Partial<typeof facts> = {}) =>
    buildRunReport(results, { ...facts, ...(stats ? { statistics: stats } : {}), ...extra }).meta.notes;

  it("says nothing of a run that went plainly", () => {
    expect(notesOf(undefined)).toEqual([]);
    expect(notesOf(statistics())).toEqual([]);
  });

  it("counts the 502, 503 and 504 answers waited out, by status: availability, not conformance (issue 48.4)", () => {
    expect(notesOf(statistics({ retriesUnavailable: { "503": 37, "502": 1 } }))).toEqual([
      "The target was not available for a while: it answered 502 1 time, 503 37 times; each such answer was waited out (its Retry-After, or a back-off from 1 s doubling) and the request sent again, within --max-retry-wait (availability, not conformance: never a failure).",
    ]);
    expect(notesOf(statistics({ retriesUnavailable: {} }))).toEqual([]);
  });

  it("says the run stopped early, and each pace it kept against a rate limit", () => {
    expect(notesOf(statistics({ stopped: "the target stopped answering" }))).toEqual([
      "The run stopped early: the target stopped answering; the checks still open then are errors.",
    ]);
    expect(notesOf(statistics({ retries429: 1, slowestRatePerSecond: 1 }))).toEqual([
      "The target answered 429 (rate limited) 1 time; the run slowed down to 1 request per second (--rate-limit sets a pace from the start).",
    ]);
    expect(notesOf(statistics({ retries429: 2, slowestRatePerSecond: 4 }))).toEqual([
      "The target answered 429 (rate limited) 2 times; the run slowed down to 4 requests per second (--rate-limit sets a pace from the start).",
    ]);
    expect(
      notesOf(statistics({ retries429: 3, pacing: { source: "waited", slowDowns: 0, refusedShare: 0.256 } })),
    ).toEqual([
      "The target answered 429 (rate limited) to about 26 % of the requests whatever the pace: the run kept no pace and waited out each 429 as its Retry-After asked (3 answers of 429 (rate limited) waited out).",
    ]);
    expect(
      notesOf(
        statistics({
          retries429: 1,
          pacing: { source: "announced", slowDowns: 0, settledPerSecond: 9, announced: { limit: 1, windowSeconds: 1 } },
        }),
      ),
    ).toEqual([
      "The target announced a rate limit of 1 request per 1 s (RateLimit fields); the run settled on a pace of 9 requests per second, 90 % of it (1 answer of 429 (rate limited) waited out).",
    ]);
    expect(
      notesOf(
        statistics({
          pacing: {
            source: "announced",
            slowDowns: 0,
            settledPerSecond: 1,
            announced: { limit: 100, windowSeconds: 60 },
          },
        }),
      )[0],
    ).toBe(
      "The target announced a rate limit of 100 requests per 60 s (RateLimit fields); the run settled on a pace of 1 request per second, 90 % of it (0 answers of 429 (rate limited) waited out).",
    );
    expect(
      notesOf(
        statistics({
          retries429: 5,
          pacing: { source: "learned", slowDowns: 1, settledPerSecond: 8, slowestPerSecond: 4 },
        }),
      ),
    ).toEqual([
      "The target answered 429 (rate limited) 5 times without announcing its limit; the run settled on a pace of 8 requests per second, lowest 4 requests per second, 90 % of what it admitted, after slowing down 1 time (--rate-limit sets a pace from the start).",
    ]);
    expect(
      notesOf(
        statistics({
          retries429: 1,
          pacing: { source: "learned", slowDowns: 2, settledPerSecond: 8, slowestPerSecond: 8 },
        }),
      )[0],
    ).toBe(
      "The target answered 429 (rate limited) 1 time without announcing its limit; the run settled on a pace of 8 requests per second, 90 % of what it admitted, after slowing down 2 times (--rate-limit sets a pace from the start).",
    );
  });

  it("says the pace was learned from 429 answers when they set it below the limit the target announced", () => {
    // createRateLimiter reports source "learned" with the announced limit when the 429s forced a lower pace.
    expect(
      notesOf(
        statistics({
          retries429: 2,
          pacing: {
            source: "learned",
            slowDowns: 1,
            settledPerSecond: 3,
            slowestPerSecond: 3,
            announced: { limit: 100, windowSeconds: 60 },
          },
        }),
      ),
    ).toStrictEqual([
      "The target answered 429 (rate limited) 2 times below the rate limit it announced (100 requests per 60 s, RateLimit fields); the run settled on a pace of 3 requests per second, 90 % of what it admitted, after slowing down 1 time (--rate-limit sets a pace from the start).",
    ]);
  });

  it("says how often a token was obtained anew and why it could not be, an unverified TLS, and odd answer texts", () => {
    expect(
      notesOf(statistics({ tokenRenewals: { renewed: 1, failures: ["the command exited with status 5"] } })),
    ).toEqual([
      "A bearer token expired mid-run and was obtained anew 1 time (--token-command or --restricted-token-command); the requests that met the expiry were sent again with it.",
      "A token could not be obtained anew after a 401: the command exited with status 5; the run stopped there (the suite's own trouble).",
    ]);
    expect(notesOf(statistics({ tokenRenewals: { renewed: 2, failures: [] } }))[0]).toContain("obtained anew 2 times");
    expect(notesOf(statistics({ tokenRenewals: { renewed: 0, failures: [] } }))).toEqual([]);
    expect(
      notesOf(statistics({ bodyTexts: ["getWidget: a byte order mark"] }), {
        settings: { ...settings, insecure: true },
      }),
    ).toEqual(["TLS certificates were not verified (--insecure).", "Answer text of getWidget: a byte order mark"]);
  });

  it("keeps each operation's response times under its path, and the selection's shard, re-run and --max-failures", () => {
    const report = buildRunReport(results, {
      ...facts,
      settings: {
        ...settings,
        shard: { index: 2, count: 3 },
        rerunFailed: { report: "old/report.json", verdicts: [] },
        maxFailures: 0,
        operationPaths: { getWidget: "/w" },
      },
      statistics: statistics({
        durationsByPath: {
          "/w": [3, 1],
          "/platform/cms/getAnalytic": [],
          "/platform/authorization/getRoleFilters": [2],
        },
      }),
    });
    expect(report.timings).toEqual({ getWidget: [3, 1], getRoleFilters: [2] });
    expect(report.meta.selection).toMatchObject({
      shard: { index: 2, count: 3 },
      rerunFailed: "old/report.json",
      maxFailures: 0,
    });
  });
});
