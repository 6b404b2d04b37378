import { readFileSync } from "node:fs";
import { compileErrors, dereference, validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../../contract/buildOpenApiDocument.js";
import { BODY_NAMES, CONTRACT_SCHEMAS, schemaIdForBody } from "../../../contract/schemaCatalogue.js";
import { OPERATIONS, type OperationName } from "../../../contract/operations.js";
import { validateBody } from "../../../contract/validators.js";
import { completeAnalytic, completeWidget, roleFilters, widgetsListing } from "./bodyExamples.js";

type Json = Record<string, unknown>;

const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

/** What the independent parser accepts, as its own signature says. */
type ParserDocument = Exclude<Parameters<typeof validate>[0], string>;

/** A deep copy of the document for the parser, which may mutate what it is given. */
const freshDocument = (): ParserDocument => structuredClone(buildOpenApiDocument()) as unknown as ParserDocument;

/** Component name of a schema file, as the export names it (its title). */
function componentFor(id: string): string {
  const doc = CONTRACT_SCHEMAS.find((candidate) => candidate.$id === id);
  if (!doc) throw new Error(`no schema ${id}`);
  return String(doc.schema.title);
}

/** Every $ref string under a node. */
function* refsIn(node: unknown): Generator<string> {
  if (Array.isArray(node)) {
    for (const child of node) yield* refsIn(child);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string") yield value;
    else yield* refsIn(value);
  }
}

describe("the OpenAPI export", () => {
  it("passes @readme/openapi-parser's validation with no errors and no warnings", async () => {
    const result = await validate(freshDocument());
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(result.specification).toBe("OpenAPI");
  });

  it("is rejected by the same parser when a component it references is missing (the parser does look)", async () => {
    const broken = freshDocument();
    delete (broken as unknown as { components: { schemas: Json } }).components.schemas.Chart;
    const result = await validate(broken);
    expect(result.valid).toBe(false);
  });

  it("is OpenAPI 3.1.0 with the suite's version, a cited spec and {base_url} as a server variable", () => {
    const doc = buildOpenApiDocument();
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.info.description).toContain("docs/contract.md");
    expect(doc.servers).toEqual([
      expect.objectContaining({
        url: "{base_url}",
        variables: { base_url: expect.objectContaining({ default: expect.any(String) }) },
      }),
    ]);
  });

  it("holds every schema file as a component, with internal $refs and no $id or $schema", () => {
    const doc = buildOpenApiDocument();
    const names = Object.keys(doc.components.schemas);
    expect(names.sort()).toEqual(CONTRACT_SCHEMAS.map((schema) => String(schema.schema.title)).sort());
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(schema.$id, name).toBeUndefined();
      expect(schema.$schema, name).toBeUndefined();
      for (const ref of refsIn(schema))
        expect(
          names.map((n) => `#/components/schemas/${n}`),
          `${name} → ${ref}`,
        ).toContain(ref);
    }
    // x-strict is a legal Schema Object extension in OAS 3.1 and is kept as an annotation.
    expect(doc.components.schemas.Widget?.["x-strict"]).toEqual(
      CONTRACT_SCHEMAS.find((schema) => schema.file === "components/Widget.json")?.schema["x-strict"],
    );
  });

  it("reaches every component and every body but the catch-all error.cms from the paths", () => {
    const doc = buildOpenApiDocument();
    const reached = new Set<string>();
    const pending = [...refsIn(doc.paths)];
    while (pending.length > 0) {
      const name = (pending.pop() as string).replace("#/components/schemas/", "").split("/")[0] as string;
      if (reached.has(name)) continue;
      reached.add(name);
      pending.push(...refsIn(doc.components.schemas[name]));
    }
    // error.cms (400 or 404) is the union of the two precise bodies the paths use per status.
    const expected = [
      ...BODY_NAMES.filter((body) => body !== "error.cms").map((body) => componentFor(schemaIdForBody(body))),
      ...CONTRACT_SCHEMAS.filter((schema) => schema.file.startsWith("components/")).map((schema) =>
        String(schema.schema.title),
      ),
    ];
    expect([...reached].sort()).toEqual(expected.sort());
  });

  it("declares all five paths as POST with a JSON request body and the §7 responses that apply", () => {
    const doc = buildOpenApiDocument();
    expect(Object.keys(doc.paths)).toEqual(OPERATIONS.map((op) => op.path));
    for (const op of OPERATIONS) {
      const post = doc.paths[op.path]?.post as Json;
      const statuses = Object.keys(post.responses as Json).sort();
      const withNotFound = op.name === "getAnalytic" || op.name === "getWidget";
      expect(statuses, op.name).toEqual(
        withNotFound ? ["200", "400", "401", "403", "404"] : ["200", "400", "401", "403"],
      );
      const responses = post.responses as Record<string, Json>;
      expect(responses["403"]?.content, `${op.name} 403 has no body described`).toBeUndefined();
      const schemaOf = (status: string) => [...refsIn(responses[status]?.content)][0];
      expect(schemaOf("200")).toBe(`#/components/schemas/${componentFor(schemaIdForBody(`${op.name}.response`))}`);
      expect(schemaOf("400")).toBe(`#/components/schemas/${componentFor(schemaIdForBody(op.badRequestBody))}`);
      expect(schemaOf("401")).toBe(op.area === "cms" ? "#/components/schemas/UnauthorizedError" : undefined);
      if (withNotFound) expect(schemaOf("404")).toBe("#/components/schemas/CmsNotFoundError");
      expect([...refsIn(post.requestBody)]).toEqual([
        `#/components/schemas/${componentFor(schemaIdForBody(`${op.name}.request`))}`,
      ]);
    }
  });

  it("requires bearer and client_id on the four cms operations, and client_id on getRoleFilters", () => {
    const doc = buildOpenApiDocument();
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
      clientId: expect.objectContaining({ type: "apiKey", in: "header", name: "client_id" }),
    });
    for (const op of OPERATIONS) {
      const security = (doc.paths[op.path]?.post as Json).security as Json[];
      // Every alternative includes client_id (§5: all five operations send it).
      for (const requirement of security) expect(requirement, op.name).toHaveProperty("clientId");
      const bearerRequired = security.every((requirement) => "bearerAuth" in requirement);
      expect(bearerRequired, op.name).toBe(op.requiresBearer);
      if (op.requiresBearer) expect(security).toEqual([{ bearerAuth: [], clientId: [] }]);
      else expect(security).toContainEqual({ clientId: [] });
    }
  });

  describe("gives the same verdict as contract/validators.ts", async () => {
    // The parser resolves the document's $refs; a fresh Ajv reads the result on its own.
    const resolved = (await dereference(freshDocument())) as unknown as { paths: Record<string, { post: Json }> };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const schemaAt = (operation: OperationName, where: "request" | string): object => {
      const path = OPERATIONS.find((op) => op.name === operation)?.path as string;
      const post = resolved.paths[path]?.post as Json;
      const holder = where === "request" ? (post.requestBody as Json) : ((post.responses as Json)[where] as Json);
      return ((holder.content as Json)["application/json"] as Json).schema as object;
    };
    const series = completeAnalytic.chart?.series ?? [];
    const twoSeries = {
      ...completeAnalytic,
      chart: { ...completeAnalytic.chart, type: "PIE", series: [...series, ...series] },
    };
    const noMillis = { ...completeAnalytic, createdDate: "2024-03-05T14:07:09Z" };
    const cmsNotFound = {
      message: "Não encontrado",
      errorCode: "E2",
      reason: "OBJECT_NOT_FOUND",
      domain: "platform",
      service: "cms",
    };

    const cases: readonly [string, OperationName, string, string, unknown, boolean][] = [
      ["a complete PIE analytic", "getAnalytic", "200", "getAnalytic.response", { analytic: completeAnalytic }, true],
      ["a PIE analytic with two series", "getAnalytic", "200", "getAnalytic.response", { analytic: twoSeries }, false],
      [
        "a createdDate without milliseconds",
        "getAnalytic",
        "200",
        "getAnalytic.response",
        { analytic: noMillis },
        false,
      ],
      ["a bare widget", "getWidget", "200", "getWidget.response", completeWidget, true],
      [
        "a widget whose id is not a widget URI",
        "getWidget",
        "200",
        "getWidget.response",
        { ...completeWidget, id: "http://w" },
        false,
      ],
      [
        "a widget id in the widget URI format",
        "getWidget",
        "request",
        "getWidget.request",
        { widgetId: "widget://t/w" },
        true,
      ],
      ["a numeric widgetId", "getWidget", "request", "getWidget.request", { widgetId: 5 }, false],
      [
        "a negative pageNumber",
        "listLandingPages",
        "request",
        "listLandingPages.request",
        { pagination: { pageNumber: -1 } },
        false,
      ],
      [
        "a widgets listing",
        "listFactoryDefaultWidgets",
        "200",
        "listFactoryDefaultWidgets.response",
        widgetsListing,
        true,
      ],
      [
        "a listing without totals",
        "listFactoryDefaultWidgets",
        "200",
        "listFactoryDefaultWidgets.response",
        { widgets: [] },
        false,
      ],
      ["a role-filter answer", "getRoleFilters", "200", "getRoleFilters.response", roleFilters, true],
      [
        "a getRoleFilters 400 with a cms errorCode",
        "getRoleFilters",
        "400",
        "error.authorization",
        { ...cmsNotFound, reason: "BAD_REQUEST", service: "authorization" },
        false,
      ],
      ["a 404 body", "getWidget", "404", "error.cms.notFound", cmsNotFound, true],
      [
        "a 404 body with reason BAD_REQUEST",
        "getAnalytic",
        "404",
        "error.cms.notFound",
        { ...cmsNotFound, reason: "BAD_REQUEST" },
        false,
      ],
      ["a 401 body with a numeric error", "listLandingPages", "401", "error.unauthorized", { error: 1 }, false],
    ];

    it.each(cases)("%s (%s %s)", (_label, operation, where, body, payload, expected) => {
      const viaOpenApi = ajv.validate(schemaAt(operation, where), payload);
      const viaContract = validateBody(body, payload).stated.length === 0;
      expect(viaContract).toBe(expected);
      expect(viaOpenApi).toBe(viaContract);
    });
  });
});
