/**
 * The original module and one of StrykerJS's mutants of it, loaded side by side, so that an equivalence
 * claim (a `// Stryker disable next-line <Mutator>: why (proof: X.equivalence.test.ts)` comment) is proven by
 * a property test that runs both on the same inputs and finds no difference (issue 45.1).
 *
 * The mutant is the one StrykerJS's instrumenter makes, found by its mutator and where it starts: the first
 * character of `at`, a text that occurs exactly once in the file (and, when several mutants of that mutator
 * start there, the one whose replacement is `replacement`). It is written to a folder of its own outside the
 * repository (a file beside the module would show up in the tests that list the product's folders), with its
 * relative imports rewritten to the absolute paths of the same modules, imported, and removed at once. When CMS_EQUIVALENCE_RECORD names a
 * file, each mutant loaded is appended to it as a JSON line `{ "key": "file:line:column Mutator" }`:
 * `npm run mutation:verify` counts a claim as proven only when a passing proof loaded that very mutant.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Instrumenter } from "@stryker-mutator/instrumenter";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Which mutant: the file (from the repository root), the mutator, and the text it starts at. */
export interface MutantSpec {
  readonly file: string;
  readonly mutator: string;
  readonly at: string;
  /** Only when several mutants of the mutator start at `at`: the replacement StrykerJS writes. */
  readonly replacement?: string;
}

/** A mutant as the instrumenter gives it (the fields used here). */
interface FoundMutant {
  readonly mutatorName: string;
  readonly replacement: string;
  readonly location: { readonly start: Position; readonly end: Position };
}
interface Position {
  readonly line: number;
  readonly column: number;
}

const LEVELS = ["debug", "trace", "info", "warn", "error", "fatal"];
const quiet = (): false => false;
const quietLogger: Record<string, () => false> = Object.fromEntries(
  LEVELS.flatMap((level) => [
    [level, quiet],
    [`is${level.charAt(0).toUpperCase()}${level.slice(1)}Enabled`, quiet],
  ]),
);

/** The offset of a 0-based line and column in `source`. */
function offsetOf(source: string, { line, column }: Position): number {
  const lines = source.split("\n");
  return lines.slice(0, line).reduce((sum, text) => sum + text.length + 1, 0) + column;
}

/** StrykerJS's mutant of `source` that `spec` names, applied; throws when there is not exactly one. */
async function strykerMutant(source: string, spec: MutantSpec): Promise<{ mutated: string; key: string }> {
  const at = source.indexOf(spec.at);
  if (at < 0) throw new Error(`${spec.file} no longer holds ${JSON.stringify(spec.at)}: update the proof`);
  if (source.indexOf(spec.at, at + 1) >= 0)
    throw new Error(`${spec.file} holds ${JSON.stringify(spec.at)} more than once: quote more of it`);
  const instrumenter = new Instrumenter(quietLogger as never);
  const { mutants } = (await instrumenter.instrument([{ name: spec.file, content: source, mutate: true }], {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
  } as never)) as { mutants: readonly FoundMutant[] };
  const matching = mutants.filter(
    (mutant) =>
      mutant.mutatorName === spec.mutator &&
      offsetOf(source, mutant.location.start) === at &&
      (spec.replacement === undefined || mutant.replacement === spec.replacement),
  );
  if (matching.length !== 1)
    throw new Error(
      `${spec.file}: ${matching.length} ${spec.mutator} mutants start at ${JSON.stringify(spec.at)} (${matching.map((m) => JSON.stringify(m.replacement)).join(", ")}); name one by its replacement`,
    );
  const [mutant] = matching as [FoundMutant];
  const mutated =
    source.slice(0, at) + mutant.replacement + source.slice(offsetOf(source, mutant.location.end));
  // As mutation:verify names a claim: file:line:column (1-based) and the mutator.
  const { line, column } = mutant.location.start;
  return { mutated, key: `${spec.file}:${line + 1}:${column + 1} ${spec.mutator}` };
}

/** `source` with each relative import of a module in `folder` made absolute, to the TypeScript file it names. */
function withAbsoluteImports(source: string, folder: string): string {
  return source.replace(
    /((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\2/g,
    (_whole, before: string, quote: string, specifier: string) =>
      `${before}${quote}${resolve(folder, specifier).replace(/\.js$/, ".ts")}${quote}`,
  );
}

let loaded = 0;

/** Imports the module at `spec.file` and StrykerJS's mutant of it; resolves with both. */
export async function sideBySide<Module>(spec: MutantSpec): Promise<{ original: Module; mutant: Module }> {
  const path = join(ROOT, spec.file);
  const { mutated, key } = await strykerMutant(readFileSync(path, "utf8"), spec);
  loaded += 1;
  const folder = mkdtempSync(join(tmpdir(), "cms-mutant-"));
  const mutantPath = join(folder, `${basename(path, ".ts")}.mutant-${loaded}.ts`);
  writeFileSync(mutantPath, withAbsoluteImports(mutated, dirname(path)));
  try {
    const [original, mutant] = (await Promise.all([
      import(/* @vite-ignore */ pathToFileURL(path).href),
      import(/* @vite-ignore */ pathToFileURL(mutantPath).href),
    ])) as [Module, Module];
    const record = process.env.CMS_EQUIVALENCE_RECORD;
    if (record) appendFileSync(record, `${JSON.stringify({ key })}\n`);
    return { original, mutant };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
