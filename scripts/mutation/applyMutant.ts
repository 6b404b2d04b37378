/** A mutant applied to its file's text, as StrykerJS would. */

/** Where a mutant stands and what replaces it (0-based lines and columns, as the instrumenter gives them). */
export interface MutantPlace {
  readonly line: number;
  readonly column: number;
  readonly end: { readonly line: number; readonly column: number };
  readonly replacement: string;
}

/** `source` with the text between the mutant's two positions replaced by its replacement. */
export function applyMutant(source: string, mutant: MutantPlace): string {
  const lines = source.split("\n");
  const offset = (line: number, column: number) =>
    lines.slice(0, line).reduce((sum, text) => sum + text.length + 1, 0) + column;
  return (
    source.slice(0, offset(mutant.line, mutant.column)) +
    mutant.replacement +
    source.slice(offset(mutant.end.line, mutant.end.column))
  );
}
