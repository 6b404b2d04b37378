/**
 * Where the CPU time of a profiled run goes: reads the V8 CPU profiles (`.cpuprofile`, one per thread)
 * that `node --cpu-prof` writes, and sums each function's self time, and each part of the product or
 * its dependencies, over every thread.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The parts of a V8 CPU profile this reads (Chrome DevTools protocol, Profiler.Profile). */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One row of a table: a name, its self time and its share of all sampled time. */
export interface ProfileRow {
  readonly name: string;
  readonly selfMs: number;
  readonly share: number;
}

/** The summary of every profile of one run. */
export interface ProfileSummary {
  readonly threads: number;
  readonly sampledMs: number;
  readonly byPart: readonly ProfileRow[];
  readonly byFunction: readonly ProfileRow[];
}

/** What each part of the product or its dependencies is called in the table, by the first pattern its file matches. */
const PARTS: readonly (readonly [RegExp, string])[] = [
  [/node_modules\/(ajv|ajv-formats|fast-uri|json-schema-traverse)\//, "validation (ajv)"],
  [/node_modules\/fast-check\//, "fast-check"],
  [/node_modules\/(vitest|@vitest|vite|tinypool|tinyrainbow|chai|@jridgewell|magic-string|pathe|rollup)\//, "vitest"],
  [/node_modules\/(tsx|esbuild|get-tsconfig)\//, "tsx (TypeScript at run time)"],
  [/node_modules\/undici\//, "undici (HTTP)"],
  [/\/runner\/http\/(redact|exchangeRedactor|extraHeaderSecrets|quoteShellWord)/, "redaction"],
  [
    /\/runner\/(http\/buildExchange|http\/buildCurlCommand|engine\/ExchangeLog|execute\/compactResult|http\/copiedPrefix)/,
    "exchange capture",
  ],
  [/\/runner\/http\//, "runner/http (client, limits)"],
  [/\/contract\//, "contract (validators, schemas)"],
  [/\/generators\//, "generators"],
  [/\/runner\//, "runner (engine, execute, report)"],
  [/\/reports\//, "reports (writers)"],
  [/\/(cli|bin)\//, "cli"],
  [/\/reference\//, "reference server (when in the same process)"],
  [/node_modules\//, "other dependencies"],
  // Last of the product's folders: a dependency may have a folder of its own named checks.
  [/\/(checks|tests\/conformance)\//, "the checks"],
  [/^node:|^$/, "Node.js and V8 (GC, internals, idle excluded)"],
];

/** The part a call frame's file belongs to. */
export function partOf(url: string): string {
  return PARTS.find(([pattern]) => pattern.test(url))?.[1] ?? "other";
}

function rows(totals: Map<string, number>, sampledMs: number, limit: number): ProfileRow[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, selfMs]) => ({ name, selfMs, share: sampledMs === 0 ? 0 : selfMs / sampledMs }));
}

/** Sums the profiles in `folder`; idle and program-level samples are left out of every figure. */
export function summarizeCpuProfiles(folder: string, topFunctions = 15): ProfileSummary {
  const files = readdirSync(folder).filter((name) => name.endsWith(".cpuprofile"));
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let sampledMs = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(folder, file), "utf8")) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((nodeId, index) => {
      const frame = frames.get(nodeId);
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") return;
      sampledMs += ms;
      const url = frame.url.replace(/^file:\/\//, "");
      const part =
        frame.functionName === "(garbage collector)" ? "Node.js and V8 (GC, internals, idle excluded)" : partOf(url);
      byPart.set(part, (byPart.get(part) ?? 0) + ms);
      const where =
        url === ""
          ? ""
          : ` ${url.replace(/^.*?\/(node_modules\/|(?=(runner|contract|generators|tests|reports|cli|bin)\/))/, "")}:${frame.lineNumber + 1}`;
      const name = `${frame.functionName || "(anonymous)"}${where}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    });
  }
  return {
    threads: files.length,
    sampledMs,
    byPart: rows(byPart, sampledMs, PARTS.length + 1),
    byFunction: rows(byFunction, sampledMs, topFunctions),
  };
}

/** The summary as Markdown: the parts, then the top functions by self time. */
export function renderProfileMarkdown(summary: ProfileSummary, heading: string): string {
  const table = (title: string, list: readonly ProfileRow[]) => [
    `| ${title} | self CPU | share |`,
    "|---|---:|---:|",
    ...list.map(
      (row) =>
        `| ${row.name.replace(/\|/g, "\\|")} | ${(row.selfMs / 1000).toFixed(2)} s | ${(row.share * 100).toFixed(1)} % |`,
    ),
  ];
  return [
    heading,
    `${summary.threads} profiled threads, ${(summary.sampledMs / 1000).toFixed(2)} s of CPU sampled (idle left out).`,
    "",
    ...table("part", summary.byPart),
    "",
    ...table("function (top by self time)", summary.byFunction),
  ].join("\n");
}

/** One part's CPU per extra request: what a larger run spent on it beyond a smaller one. */
export interface MarginalRow {
  readonly name: string;
  readonly microsecondsPerRequest: number;
}

/** A summarised run and how many requests the server answered during it. */
export interface ProfiledRun {
  readonly summary: ProfileSummary;
  readonly requests: number;
}

/**
 * Where the cost per request goes (issue 28.2): each part's self time in the larger run minus the smaller's, over
 * the extra requests, largest first. Parts the larger run spent less on (noise) are kept, negative, so the rows
 * add up to the sampled difference.
 */
export function marginalCostByPart(larger: ProfiledRun, smaller: ProfiledRun): MarginalRow[] {
  const extra = larger.requests - smaller.requests;
  if (extra <= 0)
    throw new RangeError(`the larger run must answer more requests (${larger.requests} ≤ ${smaller.requests})`);
  const before = new Map(smaller.summary.byPart.map((row) => [row.name, row.selfMs]));
  const names = new Set([...larger.summary.byPart.map((row) => row.name), ...before.keys()]);
  const after = new Map(larger.summary.byPart.map((row) => [row.name, row.selfMs]));
  return [...names]
    .map((name) => ({
      name,
      microsecondsPerRequest: (((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000) / extra,
    }))
    .sort((a, b) => b.microsecondsPerRequest - a.microsecondsPerRequest);
}

/** The marginal table as Markdown, with the total sampled per extra request. */
export function renderMarginalMarkdown(rows: readonly MarginalRow[], heading: string): string {
  const total = rows.reduce((sum, row) => sum + row.microsecondsPerRequest, 0);
  return [
    heading,
    "",
    "| part | µs of CPU per extra request |",
    "|---|---:|",
    ...rows.map((row) => `| ${row.name.replace(/\|/g, "\\|")} | ${row.microsecondsPerRequest.toFixed(1)} |`),
    `| **sampled in all** | **${total.toFixed(1)}** |`,
  ].join("\n");
}

/** Part by part, the median of several pairs' marginal rows, largest first (a part a pair lacks counts as 0 there). */
export function medianRows(pairs: readonly (readonly MarginalRow[])[]): MarginalRow[] {
  const names = new Set(pairs.flatMap((rows) => rows.map((row) => row.name)));
  return [...names]
    .map((name) => {
      const values = pairs
        .map((rows) => rows.find((row) => row.name === name)?.microsecondsPerRequest ?? 0)
        .sort((a, b) => a - b);
      const middle = Math.floor(values.length / 2);
      const median =
        values.length % 2 === 1
          ? (values[middle] as number)
          : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
      return { name, microsecondsPerRequest: median };
    })
    .sort((a, b) => b.microsecondsPerRequest - a.microsecondsPerRequest);
}
