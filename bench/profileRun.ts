/** `npm run bench -- --profile`: profiled runs of the suite, summarised as where the time goes and the CPU per request by part. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { machineInfo } from "./machineInfo.js";
import { progress } from "./progress.js";
import { replaceGeneratedBlock } from "./renderBenchmarkMarkdown.js";
import { runSuiteProcess, type SuiteRunFigures } from "./runSuiteProcess.js";
import { spawnReferenceServer } from "./spawnReferenceServer.js";
import {
  marginalCostByPart,
  medianRows,
  renderMarginalMarkdown,
  renderProfileMarkdown,
  summarizeCpuProfiles,
  type MarginalRow,
  type ProfileSummary,
} from "./summarizeCpuProfiles.js";

/** Markers of the profile block in BENCHMARKS.md. */
const PROFILE_MARKERS = {
  begin: "<!-- profile:begin — written by `npm run bench -- --profile`; edit outside this block -->",
  end: "<!-- profile:end -->",
} as const;

/**
 * Profiled default runs against the reference server in its own process, each followed by one of `fewExamples`:
 * prints and writes the first default run's summary and, from each pair's difference, the CPU per extra request
 * (the median of the pairs, part by part). The first pair's profiles stay in `dir` and `<dir>/few`.
 * With `steadyExamples`, the pairs' profiles go in `<dir>/steady` (the default run's, and `many` for the second run,
 * one of that many examples), the difference is the cost per request past the default run, and BENCHMARKS.md is
 * left as it is.
 */
export async function profileRun(
  seed: number,
  fewExamples: number,
  pairs: number,
  dir: string,
  out: string,
  write: boolean,
  steadyExamples?: number,
): Promise<number> {
  // The --steady pairs go in a folder of their own, leaving the profiles of the default pairs as they are.
  const root = steadyExamples === undefined ? dir : join(dir, "steady");
  rmSync(root, { recursive: true, force: true });
  const server = await spawnReferenceServer();
  const otherExamples = steadyExamples ?? fewExamples;
  const otherName = steadyExamples === undefined ? "few" : "many";
  try {
    const marginals: MarginalRow[][] = [];
    let first: { run: SuiteRunFigures; summary: ProfileSummary } | undefined;
    let otherRequests = 0;
    for (let pair = 0; pair < pairs; pair += 1) {
      const defaultDir = pair === 0 ? root : join(root, `pair-${pair + 1}`);
      const otherDir = join(defaultDir, otherName);
      mkdirSync(otherDir, { recursive: true });
      progress(`profiled default run ${pair + 1}/${pairs} (seed ${seed}) …`);
      const run = await runSuiteProcess(server, { seed, profileDir: defaultDir });
      const summary = summarizeCpuProfiles(defaultDir);
      progress(`profiled run ${pair + 1}/${pairs} of --max-examples ${otherExamples} …`);
      const other = await runSuiteProcess(server, { seed, maxExamples: otherExamples, profileDir: otherDir });
      const profiled = [
        { summary, requests: run.requests },
        { summary: summarizeCpuProfiles(otherDir), requests: other.requests },
      ] as const;
      marginals.push(
        steadyExamples === undefined
          ? marginalCostByPart(profiled[0], profiled[1])
          : marginalCostByPart(profiled[1], profiled[0]),
      );
      first ??= { run, summary };
      otherRequests = other.requests;
    }
    const { run, summary } = first as { run: SuiteRunFigures; summary: ProfileSummary };
    const count = (requests: number): string => requests.toLocaleString("en-US");
    const sampled =
      `the median of ${pairs} such pair${pairs === 1 ? "" : "s"}, part by part. Sampled self time of the suite's ` +
      `threads (V8's helper threads are not sampled); a part's few µs are within the noise of one run.`;
    if (steadyExamples !== undefined) {
      process.stdout.write(
        `${renderMarginalMarkdown(
          medianRows(marginals),
          `The cost per request past the default run, by part: a run of --max-examples ${steadyExamples}'s self time ` +
            `(${count(otherRequests)} requests) minus the default run's (${count(run.requests)}), over the ` +
            `${count(otherRequests - run.requests)} extra requests; ${sampled} Printed only.`,
        )}\n`,
      );
      return 0;
    }
    const heading =
      `Where the time goes in one default run (${count(run.requests)} requests, ${(run.wallMs / 1000).toFixed(2)} s wall, ` +
      `seed ${seed}), measured ${new Date().toISOString().slice(0, 10)} on ${machineInfo().cores} × ${machineInfo().cpu}, ` +
      `Node ${machineInfo().node}; the reference server ran in its own process. ` +
      `Profiles: \`${dir.replace(`${process.cwd()}/`, "")}/*.cpuprofile\`.`;
    const markdown = [
      renderProfileMarkdown(summary, heading),
      renderMarginalMarkdown(
        medianRows(marginals),
        `The cost per request, by part: a default run's self time minus that of a run of --max-examples ${fewExamples} ` +
          `(${count(otherRequests)} requests), over the ${count(run.requests - otherRequests)} extra requests; ${sampled}`,
      ),
    ].join("\n\n");
    process.stdout.write(`${markdown}\n`);
    if (write && existsSync(out)) {
      writeFileSync(out, replaceGeneratedBlock(readFileSync(out, "utf8"), markdown, PROFILE_MARKERS));
      progress(`wrote the profile summary into ${out}`);
    }
    return 0;
  } finally {
    await server.stop();
  }
}
