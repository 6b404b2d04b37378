/** Faults that give a §7 error body the wrong shape. */
import type { ReferenceFault } from "./ReferenceFault.js";
import { rewriteJson } from "./rewriteJson.js";

/** Each breaks the stated shape of one §7 body. */
export const ERROR_BODY_FAULTS: readonly ReferenceFault[] = [
  {
    name: "not-found-reason-bad-request",
    section: "§7",
    description: "404 bodies carry reason BAD_REQUEST instead of OBJECT_NOT_FOUND.",
    caughtBy: ["errors.error-body"],
    respond: (response) =>
      rewriteJson(response, response.status === 404, (body) => ({ ...body, reason: "BAD_REQUEST" })),
  },
  {
    name: "bad-request-without-domain-service",
    section: "§7",
    description: "Content management 400 bodies leave out domain and service.",
    caughtBy: ["errors.error-body"],
    respond: (response, { operation }) =>
      rewriteJson(
        response,
        response.status === 400 && operation !== "getRoleFilters",
        ({ domain: _domain, service: _service, ...rest }) => rest,
      ),
  },
  {
    name: "role-filters-error-code",
    section: "§7",
    description: "getRoleFilters 400 bodies carry errorCode invalidField instead of getRoleFiltersResponse.",
    caughtBy: ["errors.error-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 400 && operation === "getRoleFilters", (body) => ({
        ...body,
        errorCode: "invalidField",
      })),
  },
  {
    name: "framework-default-400-bodies",
    section: "§7",
    description:
      "Validation errors (a field of the wrong type, a missing or malformed id, an invalid page) get the web " +
      "framework's default 400 body {timestamp, status, error, path}; only malformed JSON gets the §7 body.",
    caughtBy: ["errors.error-body"],
    respond: (response, { operation, body }) =>
      rewriteJson(response, response.status === 400 && body !== undefined, () => ({
        timestamp: "2026-01-01T00:00:00.000+00:00",
        status: 400,
        error: "Bad Request",
        path: `/platform/${operation === "getRoleFilters" ? "authorization" : "cms"}/${operation}`,
      })),
  },
  {
    name: "unauthorized-body-not-json",
    section: "§7",
    description: "401 answers carry the plain text Unauthorized instead of {error, error_description}.",
    caughtBy: ["errors.unauthorized-body", "http.json-content-type"],
    respond: (response) =>
      response.status === 401
        ? { status: 401, text: "Unauthorized", headers: { "Content-Type": "text/plain; charset=utf-8" } }
        : response,
  },
  {
    name: "unauthorized-foreign-body",
    section: "§7",
    description: '401 bodies are {"message": …}, carrying neither error nor error_description.',
    caughtBy: ["errors.unauthorized-body"],
    respond: (response) =>
      rewriteJson(response, response.status === 401, () => ({
        message: "Full authentication is required to access this resource",
      })),
  },
  {
    name: "bad-request-foreign-body",
    section: "§7",
    description: '400 bodies are {"status": 400, "title": "Bad Request"}, carrying none of the §7 fields.',
    caughtBy: ["errors.error-body"],
    respond: (response) =>
      rewriteJson(response, response.status === 400, () => ({ status: 400, title: "Bad Request" })),
  },
];
