/** The profile summary of npm run bench -- --profile: self time per part and per function, idle left out. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  marginalCostByPart,
  medianRows,
  partOf,
  renderMarginalMarkdown,
  summarizeCpuProfiles,
} from "../../../bench/summarizeCpuProfiles.js";

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });

describe("summarizeCpuProfiles", () => {
  it("sums self time per part and per function over every thread's profile, leaving idle out", () => {
    const dir = mkdtempSync(join(tmpdir(), "cms-profile-"));
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("(idle)", "") },
        { id: 2, callFrame: frame("validate", "file:///x/node_modules/ajv/dist/compile/index.js") },
        { id: 3, callFrame: frame("redactText", "file:///x/runner/http/redactSecrets.ts") },
      ],
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [5_000, 2_000, 3_000, 1_000, 7_000],
    };
    writeFileSync(join(dir, "main.cpuprofile"), JSON.stringify(profile));
    writeFileSync(join(dir, "worker-2.cpuprofile"), JSON.stringify({ ...profile, samples: [3], timeDeltas: [4_000] }));
    const summary = summarizeCpuProfiles(dir);
    expect(summary.threads).toBe(2);
    expect(summary.sampledMs).toBe(10);
    expect(summary.byPart).toEqual([
      { name: "validation (ajv)", selfMs: 5, share: 0.5 },
      { name: "redaction", selfMs: 5, share: 0.5 },
    ]);
    expect(summary.byFunction.map((row) => row.name)).toEqual([
      "validate ajv/dist/compile/index.js:10",
      "redactText runner/http/redactSecrets.ts:10",
    ]);
  });

  it("names the part of a file by the first pattern it matches", () => {
    expect(partOf("/x/node_modules/fast-check/lib/x.js")).toBe("fast-check");
    expect(partOf("/x/checks/searchChecks.ts")).toBe("the checks");
    expect(partOf("/x/runner/engine/Judgement.ts")).toBe("runner (engine, execute, report)");
  });
});

describe("marginalCostByPart", () => {
  const summary = (byPart: Record<string, number>) => ({
    threads: 2,
    sampledMs: Object.values(byPart).reduce((sum, ms) => sum + ms, 0),
    byPart: Object.entries(byPart).map(([name, selfMs]) => ({ name, selfMs, share: 0 })),
    byFunction: [],
  });

  it("gives each part's extra self time over the extra requests, in µs, largest first, a part of one run only included", () => {
    const rows = marginalCostByPart(
      { summary: summary({ "fast-check": 300, "undici (HTTP)": 150, vitest: 90 }), requests: 3_000 },
      { summary: summary({ "fast-check": 100, "undici (HTTP)": 110, vitest: 100, cli: 4 }), requests: 1_000 },
    );
    expect(rows).toEqual([
      { name: "fast-check", microsecondsPerRequest: 100 },
      { name: "undici (HTTP)", microsecondsPerRequest: 20 },
      { name: "cli", microsecondsPerRequest: -2 },
      { name: "vitest", microsecondsPerRequest: -5 },
    ]);
    expect(renderMarginalMarkdown(rows, "Heading.")).toBe(
      [
        "Heading.",
        "",
        "| part | µs of CPU per extra request |",
        "|---|---:|",
        "| fast-check | 100.0 |",
        "| undici (HTTP) | 20.0 |",
        "| cli | -2.0 |",
        "| vitest | -5.0 |",
        "| **sampled in all** | **113.0** |",
      ].join("\n"),
    );
  });

  it("refuses a pair whose larger run answered no more requests", () => {
    const same = { summary: summary({ vitest: 1 }), requests: 10 };
    expect(() => marginalCostByPart(same, same)).toThrow("the larger run must answer more requests (10 ≤ 10)");
  });
});

describe("medianRows", () => {
  it("takes each part's median over the pairs (the middle two's mean for an even count; a missing part counts 0)", () => {
    const row = (name: string, microsecondsPerRequest: number) => ({ name, microsecondsPerRequest });
    expect(
      medianRows([
        [row("fast-check", 40), row("vitest", 9)],
        [row("fast-check", 10), row("vitest", 1)],
        [row("fast-check", 30)],
      ]),
    ).toEqual([row("fast-check", 30), row("vitest", 1)]);
    expect(medianRows([[row("undici (HTTP)", 10)], [row("undici (HTTP)", 20)]])).toEqual([row("undici (HTTP)", 15)]);
  });
});
