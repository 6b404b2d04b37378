/** The generated blocks of docs/register.md, docs/options.md, docs/checks.md, docs/contract.md and docs/config-file.md. */
import type { ReadmeBlock } from "../contract/readmeTables.js";
import { renderRegisterMarkdown } from "../contract/renderRegisterMarkdown.js";
import { renderRunOptionsMarkdown } from "../cli/renderRunOptionsMarkdown.js";
import { renderConfigKeysMarkdown, renderRenamedConfigKeysMarkdown } from "../cli/renderConfigKeysMarkdown.js";
import { renderChecksMarkdown, renderFaultsMarkdown, renderVariantsMarkdown } from "./renderCatalogueMarkdown.js";
import {
  renderContractSectionsMarkdown,
  renderOperationsMarkdown,
  renderStatementsMarkdown,
} from "./renderContractMarkdown.js";

/** The generated block of docs/register.md: every entry of the ambiguity register. */
export function registerDocBlocks(): ReadmeBlock[] {
  return [{ name: "ambiguity-register", text: renderRegisterMarkdown() }];
}

/** The generated block of docs/options.md: every option of `cms-conformance run`. */
export function optionsDocBlocks(): ReadmeBlock[] {
  return [{ name: "run-options", text: renderRunOptionsMarkdown() }];
}

/** The generated blocks of docs/checks.md: the check, fault and variant catalogues. */
export function checksDocBlocks(): ReadmeBlock[] {
  return [
    { name: "check-catalogue", text: renderChecksMarkdown() },
    { name: "fault-catalogue", text: renderFaultsMarkdown() },
    { name: "variant-catalogue", text: renderVariantsMarkdown() },
  ];
}

/** Every generated block of docs/contract.md, by marker name. */
export function contractDocBlocks(): ReadmeBlock[] {
  return [
    { name: "operations", text: renderOperationsMarkdown() },
    { name: "contract-sections", text: renderContractSectionsMarkdown() },
    { name: "contract-statements", text: renderStatementsMarkdown() },
  ];
}

/** The generated blocks of docs/config-file.md: every config key, and the keys of the earlier vocabulary. */
export function configFileDocBlocks(): ReadmeBlock[] {
  return [
    { name: "config-keys", text: renderConfigKeysMarkdown() },
    { name: "renamed-config-keys", text: renderRenamedConfigKeysMarkdown() },
  ];
}

/** The documents that hold generated blocks, by path from the repository's root, with their blocks. */
export const BLOCKS_BY_DOCUMENT: Readonly<Record<string, () => ReadmeBlock[]>> = {
  "docs/register.md": registerDocBlocks,
  "docs/options.md": optionsDocBlocks,
  "docs/checks.md": checksDocBlocks,
  "docs/config-file.md": configFileDocBlocks,
  "docs/contract.md": contractDocBlocks,
};
