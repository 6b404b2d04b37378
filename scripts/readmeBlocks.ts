/** The generated blocks of README.md. */
import type { ReadmeBlock } from "../contract/readmeTables.js";
import { renderRegisterMarkdown } from "../contract/renderRegisterMarkdown.js";
import { renderChecksMarkdown, renderFaultsMarkdown, renderVariantsMarkdown } from "../tests/conformance/renderCatalogueMarkdown.js";

/** Every generated block, by marker name. */
export function readmeBlocks(): ReadmeBlock[] {
  return [
    { name: "ambiguity-register", text: renderRegisterMarkdown() },
    { name: "check-catalogue", text: renderChecksMarkdown() },
    { name: "fault-catalogue", text: renderFaultsMarkdown() },
    { name: "variant-catalogue", text: renderVariantsMarkdown() },
  ];
}
