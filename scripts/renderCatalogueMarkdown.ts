/** The check, fault and variant catalogues as the Markdown tables the README shows. */
import { markdownCell } from "../contract/readmeTables.js";
import { FAULT_CATALOGUE } from "../reference/faults/faultCatalogue.js";
import { VARIANT_CATALOGUE } from "../reference/variants/variantCatalogue.js";
import { CHECK_CATALOGUE } from "../checks/checkCatalogue.js";
import { markdownRow } from "./markdownRow.js";

/** One row per check: id, level, sections, operations, title. */
export function renderChecksMarkdown(): string {
  const rows = CHECK_CATALOGUE.checks.map((check) =>
    markdownRow([
      `\`${check.id}\``,
      check.level,
      check.specRefs.map((ref) => `§${ref}`).join(", "),
      check.operations.length === 5 ? "all" : check.operations.join(", "),
      markdownCell(check.title),
    ]),
  );
  return ["| check | level | § | operations | rule |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** One row per fault: name, section, what it breaks, the checks that catch it. */
export function renderFaultsMarkdown(): string {
  const rows = FAULT_CATALOGUE.map(
    (fault) =>
      `| \`${fault.name}\` | ${fault.section} | ${markdownCell(fault.description)} | ${fault.caughtBy.map((id) => `\`${id}\``).join(", ")} |`,
  );
  return ["| fault | § | what it does wrong | caught by |", "|---|---|---|---|", ...rows].join("\n");
}

/** One row per legitimate variant: name, section, what it does differently, why that is allowed, the register warnings it may get. */
export function renderVariantsMarkdown(): string {
  const rows = VARIANT_CATALOGUE.map((variant) =>
    markdownRow([
      `\`${variant.name}\``,
      variant.section,
      markdownCell(variant.description),
      markdownCell(variant.why),
      variant.departs.map((id) => `\`${id}\``).join(", ") || "none",
    ]),
  );
  return [
    "| variant | § | what it does differently | why that is allowed | warnings |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
