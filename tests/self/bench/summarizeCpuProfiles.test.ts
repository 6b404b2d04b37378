/** The profile summary of npm run bench -- --profile: self time per part and per function, idle left out. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { partOf, summarizeCpuProfiles } from "../../../bench/summarizeCpuProfiles.js";

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
    expect(partOf("/x/tests/conformance/checks/searchChecks.ts")).toBe("the checks");
    expect(partOf("/x/runner/engine/Judgement.ts")).toBe("runner (engine, execute, report)");
  });
});
