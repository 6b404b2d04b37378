/**
 * The OpenAPI export, entry by entry: each operation's whole POST object (tags, description, security,
 * request body, every response with the section it cites), and the document's info, servers, tags and
 * security schemes, compared by equality with what the spec and the ambiguity register say.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../../contract/buildOpenApiDocument.js";

type Json = Record<string, unknown>;

const json = (component: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${component}` } } });

/** The description a body's schema file gives itself, read from the file. */
const schemaDescription = (body: string): string =>
  (
    JSON.parse(readFileSync(new URL(`../../../schemas/bodies/${body}.json`, import.meta.url), "utf8")) as {
      description: string;
    }
  ).description;

const BAD_REQUEST = "§7 Invalid request: required parameters missing or a field filled incorrectly.";
const FORBIDDEN = { description: "§5 §7 Permission denied. Body not shown (register: forbidden-body)." };
const CMS_UNAUTHORIZED = { description: "§7 Invalid credentials.", content: json("UnauthorizedError") };
const BEARER_AND_CLIENT_ID = [{ bearerAuth: [], clientId: [] }];

/** Each operation as the spec states it: path, section, component names, and its own responses. */
const EXPECTED: readonly {
  readonly name: string;
  readonly path: string;
  readonly post: Omit<Json, "description" | "operationId">;
}[] = [
  {
    name: "listFactoryDefaultWidgets",
    path: "/platform/cms/listFactoryDefaultWidgets",
    post: {
      tags: ["cms"],
      security: BEARER_AND_CLIENT_ID,
      requestBody: { required: true, content: json("ListFactoryDefaultWidgetsRequest") },
      responses: {
        "200": { description: "§4.1 Success.", content: json("ListFactoryDefaultWidgetsResponse") },
        "400": { description: BAD_REQUEST, content: json("CmsBadRequestError") },
        "401": CMS_UNAUTHORIZED,
        "403": FORBIDDEN,
      },
    },
  },
  {
    name: "listLandingPages",
    path: "/platform/cms/listLandingPages",
    post: {
      tags: ["cms"],
      security: BEARER_AND_CLIENT_ID,
      requestBody: { required: true, content: json("ListLandingPagesRequest") },
      responses: {
        "200": { description: "§4.2 Success.", content: json("ListLandingPagesResponse") },
        "400": { description: BAD_REQUEST, content: json("CmsBadRequestError") },
        "401": CMS_UNAUTHORIZED,
        "403": FORBIDDEN,
      },
    },
  },
  {
    name: "getAnalytic",
    path: "/platform/cms/getAnalytic",
    post: {
      tags: ["cms"],
      security: BEARER_AND_CLIENT_ID,
      requestBody: { required: true, content: json("GetAnalyticRequest") },
      responses: {
        "200": { description: "§4.3 Success.", content: json("GetAnalyticResponse") },
        "400": { description: BAD_REQUEST, content: json("CmsBadRequestError") },
        "401": CMS_UNAUTHORIZED,
        "403": FORBIDDEN,
        "404": { description: "§4.3 §7 Analytic not found.", content: json("CmsNotFoundError") },
      },
    },
  },
  {
    name: "getWidget",
    path: "/platform/cms/getWidget",
    post: {
      tags: ["cms"],
      security: BEARER_AND_CLIENT_ID,
      requestBody: { required: true, content: json("GetWidgetRequest") },
      responses: {
        "200": { description: "§4.4 Success.", content: json("GetWidgetResponse") },
        "400": { description: BAD_REQUEST, content: json("CmsBadRequestError") },
        "401": CMS_UNAUTHORIZED,
        "403": FORBIDDEN,
        "404": { description: "§4.4 §7 Component not found.", content: json("CmsNotFoundError") },
      },
    },
  },
  {
    name: "getRoleFilters",
    path: "/platform/authorization/getRoleFilters",
    post: {
      tags: ["authorization"],
      // §5 leaves Authorization on getRoleFilters not shown (register: role-filters-authorization):
      // with a bearer token first, as the SDKs send it, or client_id alone.
      security: [{ bearerAuth: [], clientId: [] }, { clientId: [] }],
      requestBody: { required: true, content: json("GetRoleFiltersRequest") },
      responses: {
        "200": { description: "§4.5 Success.", content: json("GetRoleFiltersResponse") },
        "400": { description: BAD_REQUEST, content: json("AuthorizationBadRequestError") },
        // §7 shows no 401 body for getRoleFilters (register: role-filters-401-body).
        "401": { description: "§7 Invalid credentials. Body not shown (register: role-filters-401-body)." },
        "403": FORBIDDEN,
      },
    },
  },
];

describe("the OpenAPI export, entry by entry", () => {
  it.each(EXPECTED)("$name: the whole POST entry", ({ name, path, post }) => {
    const doc = buildOpenApiDocument();
    expect(doc.paths[path]).toEqual({
      post: {
        operationId: name,
        // The request body's schema description, then the response's: each cites its section.
        description: `${schemaDescription(`${name}.request`)} ${schemaDescription(`${name}.response`)}`,
        ...post,
      },
    });
  });

  it("describes an operation with its request's and its response's own words", () => {
    const doc = buildOpenApiDocument();
    expect(doc.paths["/platform/cms/getAnalytic"]?.post.description).toBe(
      "§4.3 Request body of getAnalytic. Required fields are not shown (§4), but §4.3 reads the analytic of its identifier: without analyticId a required parameter is missing (§7). " +
        "§4.3 Response 200 of getAnalytic: the analytic wrapped in the field analytic.",
    );
  });

  it("holds the five paths and no other", () => {
    expect(Object.keys(buildOpenApiDocument().paths)).toEqual(EXPECTED.map((op) => op.path));
  });

  it("names the interface, cites its source and explains x-strict and the version", () => {
    const { info } = buildOpenApiDocument();
    expect(info.title).toBe("Content Management and Role Filter Query Interface");
    expect(info.description).toBe(
      "Generated by cms-conformance from its JSON Schemas (schemas/); the contract is the Content Management " +
        "and Role Filter Query Interface (docs/contract.md in the cms-conformance repository). Every description " +
        "cites the spec section it comes from (§2.1, §4.3 …). The spec does not say which fields are required " +
        "(§4); `x-strict` entries on a schema carry the suite's defaults for such questions, each tagged with its " +
        "ambiguity register id; they are annotations, not validation. info.version is the version of " +
        "cms-conformance, since §9 gives none.",
    );
  });

  it("has {base_url} as its one server, the two areas of §1 as tags, and the two schemes of §5", () => {
    const doc = buildOpenApiDocument();
    expect(doc.servers).toEqual([
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
    ]);
    expect(doc.tags).toEqual([
      { name: "cms", description: "§1 Content management area: widgets, landing pages, analytics." },
      { name: "authorization", description: "§1 Authorization area: filters bound to roles." },
    ]);
    expect(doc.components.securitySchemes).toEqual({
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
    });
  });
});
