/**
 * The OpenAPI 3.1 export of the contract, built from schemas/ and OPERATIONS so that no field is
 * restated by hand. Each schema file becomes one entry of components.schemas, named after its
 * `title` (the same names as contract/types.generated.ts).
 */
import { readFileSync } from "node:fs";
import { CONTRACT_SCHEMAS, schemaIdForBody, type SchemaDocument } from "./schemaCatalogue.js";
import { OPERATIONS, type OperationSpec } from "./operations.js";
import { fromProjectRoot } from "./projectRoot.js";

type Json = Record<string, unknown>;

/** The parts of the document the suite itself reads; everything else is plain JSON. */
export interface OpenApiDocument {
  readonly openapi: "3.1.0";
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly Json[];
  readonly tags: readonly Json[];
  readonly paths: Readonly<Record<string, { readonly post: Json }>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, Json>>;
    readonly securitySchemes: Readonly<Record<string, Json>>;
  };
}

const SPEC = "Content Management and Role Filter Query Interface (docs/contract.md in the cms-conformance repository)";

// OAS 3.1 component names must match ^[a-zA-Z0-9.\-_]+$.
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

function suiteVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(fromProjectRoot("package.json"), "utf8"));
  const version = (pkg as { version?: unknown }).version;
  if (typeof version !== "string")
    throw new Error(`package.json has no version string, found ${JSON.stringify(version)}`);
  return version;
}

/** Component name of every schema, by $id; titles must be present, valid and unique. */
function componentNames(docs: readonly SchemaDocument[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const doc of docs) {
    const title = doc.schema.title;
    if (typeof title !== "string" || !COMPONENT_NAME.test(title) || taken.has(title)) {
      throw new Error(
        `schemas/${doc.file}: title must be a unique OpenAPI component name, found ${JSON.stringify(title)}`,
      );
    }
    taken.add(title);
    names.set(doc.$id, title);
  }
  return names;
}

/**
 * Copies a schema, turning every relative `$ref` into `#/components/schemas/<Name>`. `$id` and
 * `$schema` are dropped at the root: a kept `$id` would make the rewritten `#/components/...`
 * references resolve against the schema's own URI instead of the document, and a kept `$schema`
 * would switch the schema out of the OAS 3.1 dialect. `x-strict` is kept: OAS 3.1 allows `x-`
 * extensions on a Schema Object and JSON Schema 2020-12 treats unknown keywords as annotations,
 * so tools ignore it while readers still see the ambiguity register's defaults.
 */
function toComponent(doc: SchemaDocument, names: ReadonlyMap<string, string>): Json {
  const rewrite = (node: unknown, isRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((child) => rewrite(child, false));
    if (typeof node !== "object" || node === null) return node;
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (isRoot && (key === "$id" || key === "$schema")) continue;
      if (key === "$id") throw new Error(`schemas/${doc.file}: a nested $id is not supported by the OpenAPI export`);
      if (key === "$ref" && typeof value === "string") {
        copy[key] = rewriteRef(value, doc, names);
        continue;
      }
      copy[key] = rewrite(value, false);
    }
    return copy;
  };
  return rewrite(doc.schema, true) as Json;
}

function rewriteRef(ref: string, doc: SchemaDocument, names: ReadonlyMap<string, string>): string {
  const target = new URL(ref, doc.$id);
  const fragment = target.hash;
  target.hash = "";
  const name = names.get(target.href);
  if (name === undefined)
    throw new Error(`schemas/${doc.file}: $ref ${JSON.stringify(ref)} names no schema of the contract`);
  // A fragment is a JSON Pointer inside the target schema; it stays one below the component.
  const pointer = fragment.length > 1 ? fragment.slice(1) : "";
  return `#/components/schemas/${name}${pointer}`;
}

function jsonContent(bodyName: string, names: ReadonlyMap<string, string>): Json {
  const name = names.get(schemaIdForBody(bodyName));
  if (name === undefined) throw new Error(`no schema for body ${bodyName}`);
  return { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } };
}

/** §5: bearer and client_id on the four cms operations; client_id on getRoleFilters. */
function securityOf(op: OperationSpec): Json[] {
  if (op.requiresBearer) return [{ bearerAuth: [], clientId: [] }];
  // §5 leaves Authorization on getRoleFilters "not shown" (register: role-filters-authorization):
  // both alternatives are declared, the one the SDKs use first.
  return [{ bearerAuth: [], clientId: [] }, { clientId: [] }];
}

function responsesOf(op: OperationSpec, names: ReadonlyMap<string, string>): Json {
  const responses: Json = {
    "200": { description: `§${op.section} Success.`, content: jsonContent(`${op.name}.response`, names) },
    "400": {
      description: "§7 Invalid request: required parameters missing or a field filled incorrectly.",
      content: jsonContent(op.badRequestBody, names),
    },
    "401":
      op.area === "cms"
        ? { description: "§7 Invalid credentials.", content: jsonContent("error.unauthorized", names) }
        : { description: "§7 Invalid credentials. Body not shown (register: role-filters-401-body)." },
    "403": { description: "§5 §7 Permission denied. Body not shown (register: forbidden-body)." },
  };
  if (op.name === "getAnalytic" || op.name === "getWidget") {
    const what = op.name === "getAnalytic" ? "Analytic" : "Component";
    responses["404"] = {
      description: `§${op.section} §7 ${what} not found.`,
      content: jsonContent("error.cms.notFound", names),
    };
  }
  return responses;
}

function operationOf(op: OperationSpec, names: ReadonlyMap<string, string>): Json {
  const request = CONTRACT_SCHEMAS.find((doc) => doc.$id === schemaIdForBody(`${op.name}.request`));
  const response = CONTRACT_SCHEMAS.find((doc) => doc.$id === schemaIdForBody(`${op.name}.response`));
  return {
    operationId: op.name,
    tags: [op.area],
    description: [request?.schema.description, response?.schema.description]
      .filter((text) => typeof text === "string")
      .join(" "),
    security: securityOf(op),
    requestBody: { required: true, content: jsonContent(`${op.name}.request`, names) },
    responses: responsesOf(op, names),
  };
}

/** Builds the OpenAPI 3.1.0 document of the five operations from schemas/ and OPERATIONS. */
export function buildOpenApiDocument(): OpenApiDocument {
  const names = componentNames(CONTRACT_SCHEMAS);
  const schemas: Record<string, Json> = {};
  for (const doc of CONTRACT_SCHEMAS) schemas[names.get(doc.$id) as string] = toComponent(doc, names);
  const paths: Record<string, { post: Json }> = {};
  for (const op of OPERATIONS) paths[op.path] = { post: operationOf(op, names) };
  return {
    openapi: "3.1.0",
    info: {
      title: "Content Management and Role Filter Query Interface",
      version: suiteVersion(),
      description: [
        `Generated by cms-conformance from its JSON Schemas (schemas/); the contract is the ${SPEC}.`,
        "Every description cites the spec section it comes from (§2.1, §4.3 …).",
        "The spec does not say which fields are required (§4); `x-strict` entries on a schema carry the",
        "suite's defaults for such questions, each tagged with its ambiguity register id; they are",
        "annotations, not validation. info.version is the version of cms-conformance, since §9 gives none.",
      ].join(" "),
    },
    servers: [
      {
        url: "{base_url}",
        description: "§4 The target service.",
        variables: {
          base_url: {
            default: "http://localhost:8080",
            description: "§4 {base_url}: the base address of the target, without a trailing slash.",
          },
        },
      },
    ],
    tags: [
      { name: "cms", description: "§1 Content management area: widgets, landing pages, analytics." },
      { name: "authorization", description: "§1 Authorization area: filters bound to roles." },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "§5 Authorization: Bearer <ACCESS_TOKEN>; how the token is obtained: not shown.",
        },
        clientId: {
          type: "apiKey",
          in: "header",
          name: "client_id",
          description: "§5 The client identifier, sent by all five operations.",
        },
      },
    },
  };
}
