import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { CONTRACT_SCHEMAS, BODY_NAMES, schemaIdForBody } from "../../../contract/schemaCatalogue.js";
import { contractAjv, VALIDATOR_SETS } from "../../../contract/generateContractValidators.js";
import { AMBIGUITY_REGISTER } from "../../../contract/ambiguityRegister.js";

type Json = Record<string, unknown>;

/** Every (path, node) pair of a schema, depth first. */
function* walk(node: unknown, path = "#"): Generator<[string, Json]> {
  if (Array.isArray(node)) {
    for (const [index, child] of node.entries()) yield* walk(child, `${path}/${index}`);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  yield [path, node as Json];
  for (const [key, child] of Object.entries(node)) yield* walk(child, `${path}/${key}`);
}

describe("the contract's schemas", () => {
  it.each(CONTRACT_SCHEMAS.map((doc) => [doc.file, doc] as const))(
    "%s compiles in strict mode in both readings",
    (_file, doc) => {
      for (const set of VALIDATOR_SETS) expect(contractAjv(set).getSchema(doc.$id), set).toBeTypeOf("function");
    },
  );

  // The validators are compiled without it (contractAjv in contract/generateContractValidators.ts): it is made here.
  describe("are valid under draft 2020-12's meta-schema", () => {
    const metaSchemaCheck = () => {
      const ajv = new Ajv2020({ strict: false });
      ajv.addKeyword("x-strict");
      return ajv;
    };
    it.each(CONTRACT_SCHEMAS.map((doc) => [doc.file, doc] as const))("%s", (_file, doc) => {
      const ajv = metaSchemaCheck();
      expect(ajv.validateSchema(doc.schema), ajv.errorsText()).toBe(true);
    });
    it("a schema that breaks it is found", () => {
      const broken = { ...CONTRACT_SCHEMAS[0]!.schema, required: "pageNumber" };
      expect(metaSchemaCheck().validateSchema(broken)).toBe(false);
    });
  });

  it("has one schema per body name", () => {
    for (const name of BODY_NAMES) {
      expect(
        CONTRACT_SCHEMAS.map((doc) => doc.$id),
        name,
      ).toContain(schemaIdForBody(name));
    }
  });

  it("gives every declared property a description that cites its section", () => {
    // Structural walk: property declarations only, not if/then/x-strict constraints on them.
    const uncited: string[] = [];
    const visit = (schema: Json, where: string) => {
      for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {})) {
        const description = (property as Json).description;
        if (typeof description !== "string" || !/§\d/.test(description)) uncited.push(`${where}/properties/${name}`);
        visit(property as Json, `${where}/properties/${name}`);
      }
      for (const key of ["items"]) if (schema[key]) visit(schema[key] as Json, `${where}/${key}`);
      for (const key of ["anyOf", "oneOf", "allOf"]) {
        for (const [index, branch] of ((schema[key] as Json[] | undefined) ?? []).entries())
          visit(branch, `${where}/${key}/${index}`);
      }
    };
    for (const doc of CONTRACT_SCHEMAS) visit(doc.schema, doc.file);
    expect(uncited).toEqual([]);
  });

  it("never forbids unknown extra fields (register: unknown-extra-fields)", () => {
    const closed = CONTRACT_SCHEMAS.flatMap((doc) =>
      [...walk(doc.schema)]
        .filter(([, node]) => node.additionalProperties === false || node.unevaluatedProperties === false)
        .map(([path]) => `${doc.file} ${path}`),
    );
    expect(closed).toEqual([]);
  });

  it("cites only register entries that exist in every x-strict", () => {
    const known = new Set(AMBIGUITY_REGISTER.map((entry) => entry.id));
    const cited = CONTRACT_SCHEMAS.flatMap((doc) =>
      [...walk(doc.schema)].flatMap(([, node]) =>
        Array.isArray(node["x-strict"]) ? (node["x-strict"] as Json[]) : [],
      ),
    ).map((entry) => entry.register as string);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((id) => !known.has(id))).toEqual([]);
  });
});

describe("the ambiguity register", () => {
  it.each([
    "required-response-fields",
    "required-request-fields",
    "list-collection-shape",
    "forbidden-body",
    "role-filters-authorization",
    "role-filters-401-body",
    "max-page-size",
    "empty-total-pages",
    "malformed-widget-id",
    "missing-client-id",
    "order-direction-values",
    "unknown-extra-fields",
    "empty-search-value",
  ])("has an entry for %s", (id) => {
    const entry = AMBIGUITY_REGISTER.find((candidate) => candidate.id === id);
    expect(entry).toBeDefined();
    expect(entry?.sections.length).toBeGreaterThan(0);
  });
});
