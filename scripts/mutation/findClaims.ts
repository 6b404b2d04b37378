/**
 * The claims the repository makes about mutants no test kills, read from the code by StrykerJS's own
 * instrumenter: each `// Stryker disable next-line <Mutators>: <why>` comment (equivalent), each entry of
 * mutation/survivor-reasons.json; and the disable comments that silence no mutant StrykerJS makes (dead).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Instrumenter } from "@stryker-mutator/instrumenter";

export const REASONS_FILE = "mutation/survivor-reasons.json";

/** One claim: a mutant StrykerJS makes, and what the repository says of it. */
export interface Claim {
  /** `file:line:column Mutator`, 1-based, as StrykerJS reports a mutant. */
  readonly key: string;
  readonly file: string;
  /** 0-based, as the instrumenter gives them. */
  readonly line: number;
  readonly column: number;
  readonly mutatorName: string;
  readonly replacement: string;
  readonly end: { readonly line: number; readonly column: number };
  readonly claim: "equivalent" | "survivor";
  readonly why: string;
  readonly source: "disable comment" | typeof REASONS_FILE;
}

/** A reason of mutation/survivor-reasons.json. */
export interface Reason {
  readonly claim: "equivalent" | "survivor";
  readonly why: string;
}

/** A disable comment: where it stands (1-based) and the mutators it names. */
interface DisableComment {
  readonly file: string;
  readonly line: number;
  readonly mutators: readonly string[];
}

const silentLogger = {
  isDebugEnabled: () => false,
  isTraceEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  debug: () => undefined,
  trace: () => undefined,
  info: () => undefined,
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
  fatal: (...args: unknown[]) => console.error(...args),
};

/** A glob of stryker.config.json's mutate list as a regular expression over repository paths. */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*\*\//g, "\u0000")
    .replace(/\*/g, "[^/]*")
    .replace(/\u0000/g, "(?:.*/)?");
  return new RegExp(`^${pattern}$`);
}

/** The source files of the repository (tests left out). */
function sourceFiles(): string[] {
  return execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("tests/"));
}

/** The files StrykerJS mutates (stryker.config.json's mutate list). */
export function mutatedFiles(): string[] {
  const config = JSON.parse(readFileSync("stryker.config.json", "utf8")) as { mutate: string[] };
  const include = config.mutate.filter((glob) => !glob.startsWith("!")).map(globToRegExp);
  const exclude = config.mutate.filter((glob) => glob.startsWith("!")).map((glob) => globToRegExp(glob.slice(1)));
  return sourceFiles().filter((file) => include.some((re) => re.test(file)) && !exclude.some((re) => re.test(file)));
}

/** Every `// Stryker disable next-line …:` comment of the source files. */
export function disableComments(): DisableComment[] {
  return sourceFiles().flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((text, index) => {
        const match = /^\s*\/\/ Stryker disable next-line ([\w,]+)\s*:/.exec(text);
        return match ? [{ file, line: index + 1, mutators: (match[1] as string).split(",") }] : [];
      }),
  );
}

/** The claims of `files`: mutants a disable comment ignores, and mutants a reason of REASONS_FILE names. */
export async function claimsOf(files: readonly string[], reasons: Readonly<Record<string, Reason>>): Promise<Claim[]> {
  const instrumenter = new Instrumenter(silentLogger as never);
  const claims: Claim[] = [];
  for (const file of files) {
    const { mutants } = await instrumenter.instrument(
      [{ name: file, content: readFileSync(file, "utf8"), mutate: true }],
      { plugins: null, excludedMutations: [], ignorers: [] } as never,
    );
    for (const mutant of mutants) {
      const { start, end } = mutant.location;
      const key = `${file}:${start.line + 1}:${start.column + 1} ${mutant.mutatorName}`;
      const reason = reasons[key];
      const disabled = mutant.status === "Ignored" && !/^Static mutant/.test(mutant.statusReason ?? "");
      if (!disabled && reason === undefined) continue;
      claims.push({
        key,
        file,
        line: start.line,
        column: start.column,
        end: { line: end.line, column: end.column },
        mutatorName: mutant.mutatorName,
        replacement: mutant.replacement,
        claim: disabled ? "equivalent" : (reason as Reason).claim,
        why: disabled ? (mutant.statusReason ?? "") : (reason as Reason).why,
        source: disabled ? "disable comment" : REASONS_FILE,
      });
    }
  }
  return claims;
}

/**
 * The disable comments that silence nothing: for each mutator a comment names, StrykerJS makes no mutant of
 * it on the next line (or does not mutate the file at all). `claims` are those of the mutated files.
 */
export function deadComments(comments: readonly DisableComment[], claims: readonly Claim[], mutated: ReadonlySet<string>): string[] {
  return comments.flatMap(({ file, line, mutators }) => {
    if (!mutated.has(file)) return [`${file}:${line}: DEAD: StrykerJS does not mutate this file, so the comment silences nothing`];
    return mutators
      .filter(
        (mutator) =>
          mutator !== "all" &&
          !claims.some((claim) => claim.source === "disable comment" && claim.file === file && claim.line === line && claim.mutatorName === mutator),
      )
      .map((mutator) => `${file}:${line}: DEAD: StrykerJS makes no ${mutator} mutant on the next line; remove the comment or move it`);
  });
}
