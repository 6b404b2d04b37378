/**
 * Faults of what an answer identifies or how it is shaped as a whole (§2.4, §2.5, §4, §4.3, §4.5): a
 * landing id shared by two pages, an analytic id without its tenant, another analytic than the one
 * asked, getRoleFilters' groups not wrapped in { filters }, getRoleFilters not at its path. Each breaks exactly one statement of
 * contract/spec-statements.json, so that statement is proven (issue 44.5).
 */
import { jsonResponse } from "../http/ReferenceResponse.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, listedItems, rewriteJson } from "./rewriteJson.js";

/** Each breaks one statement of identity or shape. */
export const ANSWER_FAULTS: readonly ReferenceFault[] = [
  {
    name: "landing-ids-collide",
    section: "§2.4",
    description:
      "Of the pages the admin owns, the second is listed under the id of the first, so two different pages (other pageId and title) share one id.",
    caughtBy: ["pagination.walk-covers-all"],
    respond: (response, { operation, data }) => {
      // Pages of the admin: the restricted user's own pages, which permission facts name, keep their ids.
      const [first, second] = data.landingPages.filter((record) => !record.archived && record.owner === "admin");
      return rewriteJson(
        response,
        response.status === 200 && operation === "listLandingPages" && first !== undefined && second !== undefined,
        (body) => {
          for (const page of listedItems(body, "landingPages"))
            if (page.pageId === second?.page.pageId) page.id = first?.page.id;
          return body;
        },
      );
    },
  },
  {
    name: "analytic-id-without-tenant",
    section: "§2.5",
    description:
      "getAnalytic answers the analytic with its id as analytic://{unique identifier}, without the tenant domain segment.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "consistency.id-echoes-request": "the id answered lacks the tenant segment of the id asked, so the two differ",
    },
    respond: (response, { operation, data }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => {
        const analytic = body.analytic;
        if (isJsonObject(analytic) && typeof analytic.id === "string")
          analytic.id = analytic.id.replace(`analytic://${data.tenant}/`, "analytic://");
        return body;
      }),
  },
  {
    name: "get-analytic-wrong-id",
    section: "§4.3",
    description: "getAnalytic answers the analytic that follows the requested one in id order.",
    caughtBy: ["consistency.id-echoes-request"],
    respond: (response, { operation, data }) =>
      rewriteJson(
        response,
        response.status === 200 && operation === "getAnalytic" && data.analytics.length > 1,
        (body) => {
          const asked = isJsonObject(body.analytic) ? body.analytic.id : undefined;
          const index = data.analytics.findIndex((record) => record.analytic.id === asked);
          const next = data.analytics[(index + 1) % data.analytics.length];
          return next ? { analytic: structuredClone(next.analytic) } : body;
        },
      ),
  },
  {
    name: "role-filters-bare-array",
    section: "§4.5",
    description: "getRoleFilters answers the array of filter groups itself instead of an object { filters: … }.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "role-filters.union-law": "the answers have no filters field, so no union can be read from them",
      "role-filters.no-duplicate-filters": "the answers have no filters field to look for duplicates in",
      "role-filters.order-and-duplicates-irrelevant": "the answers have no filters field to compare",
      "role-filters.edge-requests": "the answers to its edge requests have no filters field to compare",
      "role-filters.expected-filters": "the answers have no filters field, so the configured filters are not found",
    },
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getRoleFilters", (body) =>
        Array.isArray(body.filters) ? body.filters : body,
      ),
  },
  {
    name: "role-filters-path-under-cms",
    section: "§4",
    description:
      "getRoleFilters is mounted under the content management area (/platform/cms/getRoleFilters): its path " +
      "{base_url}/platform/authorization/getRoleFilters answers 404 to every request.",
    caughtBy: ["http.valid-request-ok"],
    // Every check of getRoleFilters meets the 404: each is a side effect of the one missing path.
    mayAlsoFail: {
      "auth.invalid-client-id-401": "a wrong client_id at the missing path gets 404, not 401",
      "auth.missing-client-id-refused": "a request without client_id at the missing path gets 404",
      "errors.malformed-json-400": "malformed JSON sent to the missing path gets 404, not 400",
      "errors.wrong-type-400": "a field of the wrong type sent to the missing path gets 404, not 400",
      "errors.invalid-request-rejected": "invalid requests sent to the missing path get 404, not 400",
      "role-filters.union-law": "no answer of the missing path holds filters to unite",
      "role-filters.no-duplicate-filters": "no answer of the missing path holds filters to look into",
      "role-filters.order-and-duplicates-irrelevant": "no answer of the missing path holds filters to compare",
      "role-filters.edge-requests": "its edge requests get 404 from the missing path",
      "auth.client-id-form-refused":
        "every client id form sent to the missing path gets 404, not a refusal of the form",
    },
    respond: (response, { operation }) =>
      operation === "getRoleFilters"
        ? jsonResponse(404, { message: "No operation at /platform/authorization/getRoleFilters." })
        : response,
  },
];
