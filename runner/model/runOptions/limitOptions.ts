/** The options that bound a run: failures, examples, time, pace and paging (rows of runOptionTable.ts). */
import { RUN_DEFAULTS } from "../RunSettings.js";
import type { RunOptionDefinition } from "./RunOptionDefinition.js";

/** A duration as the Reproduce line writes it. */
const inMilliseconds = (ms: number) => `${ms}ms`;

/** The options that bound a run. */
export const LIMIT_OPTIONS = [
  {
    name: "max-failures",
    reproduce: { read: (s) => s.maxFailures },
    value: "N",
    group: "Limits",
    setting: "maxFailures",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: 100000,
      description:
        "Start no check once this many verdicts failed or errored, 1 to 100000 (-x is 1); the report notes how many were not run.",
    },
    help:
      "start no check once N verdicts failed or errored; checks already running finish; the reports are " +
      "written and a note says how many pairs were not run",
  },
  {
    name: "seed",
    reproduce: { read: (s) => s.seed },
    value: "N",
    group: "Limits",
    setting: "seed",
    env: "CMS_SEED",
    schema: {
      type: "integer",
      minimum: 0,
      maximum: 2147483647,
      description: "Seed of every generated request, 0 to 2147483647 (random when absent).",
    },
    defaultText: "random",
    help: "seed of every generated request; every report prints it",
  },
  {
    name: "max-examples",
    default: RUN_DEFAULTS.maxExamples,
    reproduce: { read: (s) => s.maxExamples },
    short: "n",
    value: "N",
    group: "Limits",
    setting: "maxExamples",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: 10000,
      description:
        "Runs of each property check, 1 to 10000 (http.no-server-error, which mixes valid and invalid requests, runs twice as many).",
    },
    help: "runs of each property check; http.no-server-error, which mixes valid and invalid requests, runs twice as many",
  },
  {
    name: "timeout",
    default: RUN_DEFAULTS.timeoutMs,
    reproduce: { read: (s) => s.timeoutMs },
    value: "DURATION",
    group: "Limits",
    setting: "timeoutMs",
    schema: {
      type: "integer",
      minimum: 100,
      maximum: 600000,
      description: "Timeout of each request in milliseconds, headers and body, 100 to 600000.",
    },
    reader: "duration",
    defaultText: "10s",
    help: "timeout of each request, headers and body: 10s, 1500ms …; a bare number is milliseconds",
  },
  {
    // No default: absent means adaptive (issue 42.1), and only a fixed number is repeated by the Reproduce line.
    name: "concurrency",
    reproduce: { read: (s) => s.concurrency },
    short: "w",
    value: "N",
    group: "Limits",
    setting: "concurrency",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: 64,
      description:
        "Requests in flight at once, 1 to 64, fixed; when absent the run starts at 4 and finds the target's level " +
        "up to maxConcurrency.",
    },
    defaultText: `from ${RUN_DEFAULTS.concurrency}, adaptive`,
    help:
      "requests in flight at once, fixed; without it the run starts at 4 and raises the number while answers keep " +
      "their latency, halving it on 429, 503, refused connections or growing latency (as TCP does), up to " +
      "--max-concurrency",
  },
  {
    name: "max-concurrency",
    default: RUN_DEFAULTS.maxConcurrency,
    reproduce: { read: (s) => s.maxConcurrency },
    value: "N",
    group: "Limits",
    setting: "maxConcurrency",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: 64,
      description:
        "Most requests in flight the run's adaptive concurrency reaches, 1 to 64 (default 32); concurrency fixes " +
        "the number instead.",
    },
    help:
      "most requests in flight the adaptive concurrency reaches (--concurrency fixes the number instead; " +
      "--rate-limit still paces the starts)",
  },
  {
    name: "rate-limit",
    reproduce: { read: (s) => s.rateLimitPerSecond, text: (perSecond: number) => `${perSecond}/s` },
    value: "N/s|N/m",
    group: "Limits",
    setting: "rateLimit",
    schema: {
      type: "number",
      exclusiveMinimum: 0,
      maximum: 10000,
      description:
        "Requests started per second at most, above 0 and up to 10000 (unlimited when absent); the --rate-limit flag also reads 20/s and 30/m.",
    },
    defaultText: "unlimited",
    help: "requests started per second (20 or 20/s) or per minute (30/m) at most",
  },
  {
    name: "max-retry-wait",
    default: RUN_DEFAULTS.maxRetryWaitMs,
    reproduce: { read: (s) => s.maxRetryWaitMs, text: inMilliseconds },
    value: "DURATION",
    group: "Limits",
    setting: "maxRetryWaitMs",
    schema: {
      type: "integer",
      minimum: 0,
      maximum: 3600000,
      description:
        "Longest one request waits out 429, 502, 503 and 504 answers in milliseconds, 0 to 3600000 (Retry-After " +
        "honoured up to it, else a back-off from 1 s doubling; 30000 when absent); beyond it the answer is an error.",
    },
    reader: "duration",
    defaultText: "30s",
    help:
      "longest one request waits out 429, 502, 503 and 504 answers (Retry-After honoured up to it, else a " +
      "back-off from 1 s doubling; the run also slows down by itself while 429s come); beyond it the answer is " +
      "an error, never a failure. Durations: 30s, 2m, 1h, 500ms; a bare number is milliseconds",
  },
  {
    name: "max-run-time",
    default: RUN_DEFAULTS.maxRunTimeMs,
    reproduce: { read: (s) => s.maxRunTimeMs, text: inMilliseconds },
    value: "DURATION",
    group: "Limits",
    setting: "maxRunTimeMs",
    schema: {
      type: "integer",
      minimum: 1000,
      maximum: 86400000,
      description:
        "Wall-clock bound of the run in milliseconds, 1000 to 86400000 (900000, 15 min, when absent); checks still open when it passes become errors.",
    },
    reader: "duration",
    defaultText: "15m",
    help: "bound of the whole run; when it passes, the request in flight is cut short and the checks still open become errors saying so",
  },
  {
    name: "max-response-time",
    reproduce: { read: (s) => s.maxResponseTimeMs, text: inMilliseconds },
    value: "DURATION",
    group: "Verdicts",
    setting: "maxResponseTimeMs",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: 600000,
      description:
        "Slowest answer that keeps performance.response-time quiet, in milliseconds, 1 to 600000 (none " +
        "judged when absent); slower ones are a warning (strict: a failure). Not stated by the spec (§8).",
    },
    reader: "duration",
    help:
      "judge response times: performance.response-time sends a few valid requests per operation and warns " +
      "(strict: fails) when an answer is slower than DURATION (500ms, 2s …); the console and the HTML " +
      "report show p50, p95 and max per operation either way",
  },
  {
    name: "max-page-size",
    default: RUN_DEFAULTS.maxPageSize,
    reproduce: { read: (s) => s.maxPageSize },
    value: "N",
    group: "Limits",
    setting: "maxPageSize",
    schema: {
      type: "integer",
      minimum: 10,
      maximum: 10000,
      description: "Largest pageSize asked for, 10 to 10000: at least the 10 items of the default page (§8).",
    },
    help: "largest pageSize asked for (register max-page-size)",
  },
  {
    name: "max-pages",
    default: RUN_DEFAULTS.maxPagesWalked,
    reproduce: { read: (s) => s.maxPagesWalked },
    value: "N",
    group: "Limits",
    setting: "maxPages",
    schema: {
      type: "integer",
      minimum: 1,
      maximum: 100000,
      description: "Pages walked per listing before sampling, 1 to 100000.",
    },
    help: "pages walked per listing; larger listings are sampled and the reports say so",
  },
  {
    name: "exitfirst",
    reproduce: {},
    short: "x",
    group: "Limits",
    help: "the same as --max-failures 1",
  },
  {
    name: "wait-for-target",

    value: "DURATION",
    group: "Limits",
    help:
      "before the run, ask the target every half second (or after the Retry-After it asks) until it answers with " +
      "any status but 502, 503 or 504 (not ready yet), for a service started in the background; past DURATION " +
      "(30s, 2m …), exit 2 in one sentence; SIGINT or SIGTERM ends the wait at once (130, 143) and no check " +
      "runs. Not counted in --max-run-time",
  },
] as const satisfies readonly RunOptionDefinition[];
