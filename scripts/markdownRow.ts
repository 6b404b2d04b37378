/** A row of a Markdown table from its cells (already escaped with markdownCell where they hold free text). */
export function markdownRow(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}
