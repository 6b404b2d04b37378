/**
 * What generateContractTypes makes of the schemas, read on its own (generated.test.ts compares it
 * with the committed contract/types.generated.ts; this file says what that text must be like).
 */
import { describe, expect, it } from "vitest";
import * as prettier from "prettier";
import { generateContractTypes, GENERATED_TYPES_BANNER } from "../../../contract/generateContractTypes.js";
import { CONTRACT_SCHEMAS } from "../../../contract/schemaCatalogue.js";

/** The lines of one exported declaration, from its `export` line to its closing brace. */
function declaration(text: string, head: string): string[] {
  const lines = text.split("\n");
  const from = lines.indexOf(head);
  expect(from, head).toBeGreaterThan(-1);
  return lines.slice(from, lines.indexOf("}", from) + 1);
}

describe("generateContractTypes", () => {
  it("opens with a banner that forbids editing and says how to regenerate", async () => {
    const generated = await generateContractTypes();
    expect(GENERATED_TYPES_BANNER).toMatch(/^\/\*\*\n \* DO NOT EDIT: generated from schemas\//);
    expect(GENERATED_TYPES_BANNER).toContain("Regenerate with: npm run generate");
    expect(generated.startsWith(`${GENERATED_TYPES_BANNER}\n`)).toBe(true);
  });

  it("declares a ContractSchemas root naming every schema file once, by its path, and nothing else", async () => {
    const generated = await generateContractTypes();
    const root = declaration(generated, "export interface ContractSchemas {");
    expect(generated).toContain(
      "/**\n * Every body and component of the contract.\n */\nexport interface ContractSchemas {",
    );
    const members = root.slice(1, -1);
    expect(members).toHaveLength(CONTRACT_SCHEMAS.length);
    expect(members).toContain("  components_Widget?: Widget;");
    expect(members).toContain("  components_ListInformation?: ListInformation;");
    expect(members).toContain("  bodies_getAnalytic_request?: GetAnalyticRequest;");
    expect(members).toContain("  bodies_error_cms_notFound?: CmsNotFoundError;");
    for (const member of members) expect(member).toMatch(/^ {2}(components|bodies)_[A-Za-z_]+\?: [A-Z][A-Za-z]+;$/);
  });

  it("declares each component once, referenced by name where a $ref carries its own description", async () => {
    const generated = await generateContractTypes();
    // No ChartType1, Analytic1 …: a $ref with a sibling description does not make a new type.
    expect(generated.match(/^export (interface|type) [A-Za-z]+\d+\b/gm)).toBeNull();
    for (const name of ["Widget", "Analytic", "ChartType", "ColumnRef", "LandingPage", "PreferredSize"]) {
      expect(generated.match(new RegExp(`^export (interface|type) ${name} `, "gm")), name).toHaveLength(1);
    }
    expect(declaration(generated, "export interface Widget {")).toEqual(
      expect.arrayContaining(["  permission: Permission;", "  preferredSize: PreferredSize;", "  tags: string[];"]),
    );
  });

  it("leaves every component open to extra fields, as the schemas do, with a plain index signature", async () => {
    const generated = await generateContractTypes();
    const widget = declaration(generated, "export interface Widget {");
    expect(widget.at(-2)).toBe("  [k: string]: unknown;");
    expect(generated).not.toContain("unknown | undefined");
  });

  it("is formatted as the repository's Prettier configuration formats TypeScript", async () => {
    const generated = await generateContractTypes();
    const config = await prettier.resolveConfig(new URL("../../../contract/types.generated.ts", import.meta.url));
    expect(config?.printWidth).toBe(120);
    expect(await prettier.format(generated, { ...config, parser: "typescript" })).toBe(generated);
    expect(generated).toContain('export type LandingPageType = "DEFAULT" | "SHARED" | "PERSONAL";');
  });
});
