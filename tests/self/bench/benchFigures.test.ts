import { describe, expect, it } from "vitest";
import type { BenchmarkResults } from "../../../bench/BenchmarkResults.js";
import { costByThread } from "../../../bench/costByThread.js";
import { linearCost, median } from "../../../bench/linearCost.js";
import { parseProcStat } from "../../../bench/readProcessCpu.js";
import { renderBenchmarkMarkdown, replaceGeneratedBlock } from "../../../bench/renderBenchmarkMarkdown.js";
import { splitByThread } from "../../../bench/usageAtExit.js";

describe("parseProcStat", () => {
  it("reads utime+stime and cutime+cstime after a command name holding spaces and parentheses", () => {
    // Arrange: fields 14-17 are 150 50 30 20 ticks (1/100 s)
    const line = "4242 (node (a) b) S 1 4242 4242 0 -1 4194560 100 0 0 0 150 50 30 20 20 0 11 0 12345 1000 200";
    // Act
    const cpu = parseProcStat(line);
    // Assert
    expect(cpu).toEqual({ ownMs: 2000, endedChildrenMs: 500 });
  });

  it("returns undefined for text that is not a stat line", () => {
    expect(parseProcStat("not a stat line")).toBeUndefined();
  });
});

describe("linearCost and median", () => {
  it("takes the slope as the cost per request and the intercept as the fixed cost", () => {
    const cost = linearCost({ requests: 600, cpuMs: 2_300 }, { requests: 2_600, cpuMs: 3_300 });
    expect(cost.perRequestMs).toBeCloseTo(0.5);
    expect(cost.fixedMs).toBeCloseTo(2_000);
  });

  it("refuses two runs that did not differ in requests, naming the counts", () => {
    expect(() => linearCost({ requests: 600, cpuMs: 1 }, { requests: 600, cpuMs: 2 })).toThrow(/received 600 and 600/);
  });

  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("a run's CPU by thread", () => {
  it("takes the main thread and the other live threads at exit as read, and the checks' worker as the rest", () => {
    const usage = { userCPUTime: 1_500_000, systemCPUTime: 500_000 } as NodeJS.ResourceUsage; // 2 s in µs
    expect(splitByThread(usage, { main: 600, other: 500 })).toEqual({ main: 600, worker: 900, other: 500 });
    // Ticks of 10 ms can add up to a little more than the process's own figure: never a negative worker.
    expect(splitByThread(usage, { main: 1_200, other: 810 })).toEqual({ main: 1_200, worker: 0, other: 810 });
  });

  it("splits the cost per request by thread, from two runs that both told their threads apart", () => {
    const few = { label: "few", requests: 1_000, wallMs: 1, cpuMs: 1_500, serverCpuMs: 0 };
    const full = { ...few, label: "full", requests: 3_000, cpuMs: 2_100 };
    expect(costByThread(few, full)).toBeUndefined();
    const split = costByThread(
      { ...few, threadsCpuMs: { main: 400, worker: 600, other: 500 } },
      { ...full, threadsCpuMs: { main: 420, worker: 900, other: 780 } },
    );
    expect(split?.main.perRequestMs).toBeCloseTo(0.01);
    expect(split?.worker.perRequestMs).toBeCloseTo(0.15);
    expect(split?.other.perRequestMs).toBeCloseTo(0.14);
    expect(split?.worker.fixedMs).toBeCloseTo(450);
  });
});

describe("replaceGeneratedBlock", () => {
  const markers = (text: string) => text.match(/<!-- bench:(begin|end)/g) ?? [];
  const BEGIN = "<!-- bench:begin — written by `npm run bench`; edit outside this block -->";
  const END = "<!-- bench:end -->";

  it("appends the block to a document without one", () => {
    const document = replaceGeneratedBlock("# Benchmarks\n\nWhy it is fast.\n", "TABLE 1");
    expect(document).toBe(`# Benchmarks\n\nWhy it is fast.\n\n${BEGIN}\nTABLE 1\n${END}\n`);
    expect(markers(document)).toHaveLength(2);
  });

  it("replaces only the block, keeping the hand-written text around it", () => {
    const first = replaceGeneratedBlock("# Benchmarks\n\nBefore.\n", "TABLE 1");
    const second = replaceGeneratedBlock(`${first}\nAfter.\n`, "TABLE 2");
    expect(second).toBe(`# Benchmarks\n\nBefore.\n\n${BEGIN}\nTABLE 2\n${END}\n\nAfter.\n`);
    expect(markers(second)).toHaveLength(2);
  });
});

describe("renderBenchmarkMarkdown", () => {
  const run = (label: string, requests: number, cpuMs: number) => ({
    label,
    requests,
    wallMs: 4_000,
    cpuMs,
    serverCpuMs: 500,
  });
  const results: BenchmarkResults = {
    measuredAt: "2026-11-22",
    machine: { os: "linux", cpu: "Test CPU", cores: 2, memoryGiB: 8, node: "v20.0.0" },
    repeats: 3,
    seed: 1,
    concurrency: 4,
    suiteDefault: {
      ...run("suite default", 2_506, 3_500),
      peakRssBytes: 300 * 2 ** 20,
      startup: { wallMs: 1_800, cpuMs: 1_700 },
    },
    suiteFew: run("suite few", 606, 2_900),
    bareDefault: run("bare default", 2_506, 1_200),
    bareFew: run("bare few", 606, 600),
    suiteCost: { perRequestMs: 0.316, fixedMs: 2_708 },
    bareCost: { perRequestMs: 0.316, fixedMs: 408 },
    targets: [
      { target: "at least 2,000 requests", measured: "2,506", met: true },
      { target: "start-up under 2 s", measured: "2.10 s", met: false },
    ],
    scale: [{ ...run("10 widgets", 900, 3_000), widgets: 10, verdicts: "104 passed", sampling: [] }],
  };

  it("shows every run, the cost split, each target with its verdict, and the scale runs", () => {
    // Act
    const markdown = renderBenchmarkMarkdown(results);
    // Assert
    expect(markdown).toContain("2 × Test CPU");
    expect(markdown).toContain("| HTTP requests | 2,506 | 606 | 2,506 | 606 |");
    expect(markdown).toContain("| peak memory (RSS) | 300 MiB | — | — | — |");
    expect(markdown).toContain("| marginal CPU per request | 0.316 ms | 0.316 ms | 1.00 |");
    expect(markdown).toContain("| start-up under 2 s | 2.10 s | **no** |");
    expect(markdown).toContain("| at least 2,000 requests | 2,506 | yes |");
    expect(markdown).toContain("| 10 | 900 | 4.00 s | 3.00 s | 0.50 s | 104 passed | none: every page walked |");
  });

  const cost = (perRequestMs: number) => ({ perRequestMs, fixedMs: 0 });
  const suiteCostByThread = { main: cost(0.004), worker: cost(0.16), other: cost(0.152) };
  const OTHER_THREADS = "| of which the other threads (V8's optimising compiler and GC helpers, libuv) | 0.152 ms";

  it("splits the suite's cost per request by thread when the runs could tell, each as a share of the bare loop's", () => {
    expect(renderBenchmarkMarkdown(results)).not.toMatch(/of which|clock ticks/);
    const markdown = renderBenchmarkMarkdown({ ...results, suiteCostByThread });
    expect(markdown).toContain("| of which the checks' worker | 0.160 ms |  | 0.51 |");
    expect(markdown).toContain(`${OTHER_THREADS} |  | 0.48 |`);
    expect(markdown).toContain("| of which the main thread | 0.004 ms |  | 0.01 |");
    expect(markdown).toContain("within about ±0.011 ms of the true one (over 1,900 extra requests)");
    expect(markdown).not.toContain("The bare loop sends");
  });

  it("puts the bare loop's main and other threads beside the suite's, and leaves its worker cell empty", () => {
    const bareCostByThread = { main: cost(0.27), worker: cost(0.001), other: cost(0.045) };
    const markdown = renderBenchmarkMarkdown({ ...results, suiteCostByThread, bareCostByThread });
    expect(markdown).toContain("| of which the checks' worker | 0.160 ms |  | 0.51 |");
    expect(markdown).toContain(`${OTHER_THREADS} | 0.045 ms | 0.48 |`);
    expect(markdown).toContain("| of which the main thread | 0.004 ms | 0.270 ms | 0.01 |");
    expect(markdown).toContain("The bare loop sends from its main thread, the suite from its checks' worker.");
  });

  it("shows --steady's cost per request from the default run to the larger one, apart from the target's figure", () => {
    expect(renderBenchmarkMarkdown(results)).not.toContain("--steady");
    const markdown = renderBenchmarkMarkdown({
      ...results,
      steady: {
        examples: 300,
        suiteMany: run("suite, 300", 7_000, 4_800),
        bareMany: run("bare, 300", 7_000, 1_400),
        suiteCost: cost(0.07),
        bareCost: cost(0.028),
        suiteCostByThread: { main: cost(0.002), worker: cost(0.05), other: cost(0.018) },
      },
    });
    expect(markdown).toContain(
      "| marginal CPU per request from the default run to 300 examples (--steady; not the target's figure) | 0.070 ms | 0.028 ms | 2.50 |",
    );
    expect(markdown).toContain(
      "a run of 300 examples (7,000 requests; the suite's CPU 4.80 s, the bare loop's 1.40 s); of the suite's, the checks' worker 0.050 ms, the other threads 0.018 ms, the main thread 0.002 ms.",
    );
    // The target's own row is unchanged.
    expect(markdown).toContain("| marginal CPU per request | 0.316 ms | 0.316 ms | 1.00 |");
  });

  it("shows the start-up's wall and CPU time, split by thread when the run could tell", () => {
    // Arrange
    const split: BenchmarkResults = {
      ...results,
      suiteFew: {
        ...results.suiteFew,
        startup: { wallMs: 1_020, cpuMs: 1_200, threadsCpuMs: { main: 580, worker: 320, other: 300 } },
      },
    };
    // Act
    const markdown = renderBenchmarkMarkdown(split);
    // Assert
    expect(markdown).toContain(
      "| start-up to the first check request (wall / CPU) | 1.80 s / 1.70 s | 1.02 s / 1.20 s (main thread 0.58 s, checks' worker 0.32 s, other threads 0.30 s) | — | — |",
    );
  });
});
