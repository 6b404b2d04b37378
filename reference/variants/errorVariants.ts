/** Legitimate error answers: statuses and bodies the spec leaves open (§7). */
import { isJsonObject } from "../../contract/jsonValue.js";
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { badRequest, notFound } from "../http/errorResponses.js";
import { rewriteJson } from "../faults/rewriteJson.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Portuguese texts for the reference's English messages, by errorCode or OAuth error code. */
const PORTUGUESE: Readonly<Record<string, string>> = {
  invalidJson: "O corpo da requisição não é um JSON válido.",
  invalidBody: "O corpo da requisição deve ser um objeto JSON.",
  invalidField: "Um campo da requisição foi preenchido incorretamente.",
  missingField: "Um parâmetro obrigatório não foi informado.",
  invalidId: "O identificador informado não está no formato esperado.",
  payloadTooLarge: "O corpo da requisição é grande demais.",
  getRoleFiltersResponse: "Requisição inválida para a consulta de filtros dos papéis.",
  objectNotFound: "O componente solicitado não existe.",
  invalid_client: "O client_id está ausente ou não é conhecido.",
  invalid_token: "O token de acesso é inválido ou expirou.",
};

/** The name of the first request field (at the top, or in pagination) sent as JSON null. */
function nullField(body: unknown): string | undefined {
  if (!isJsonObject(body)) return undefined;
  const top = Object.keys(body).find((name) => body[name] === null);
  if (top !== undefined) return top;
  const pagination = body.pagination;
  if (!isJsonObject(pagination)) return undefined;
  const inner = Object.keys(pagination).find((name) => pagination[name] === null);
  return inner === undefined ? undefined : `pagination.${inner}`;
}

/** Each answers an error in a way §7 allows. */
export const ERROR_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "null-fields-refused-400",
    section: "§7",
    description:
      "Every operation answers 400 (with the §7 body) to a request field sent as JSON null, reading null as " +
      "a value of the wrong type rather than as the field not defined.",
    why:
      "§2 types each field (string = JSON string, object, integer) and null is none of them, so §7's 400 for a " +
      "field filled incorrectly fits, while §4.1 and §4.2 say only what happens when pagination is not defined " +
      "(register null-request-fields: null read as not defined or refused with 400 both pass).",
    departs: [],
    respond: (response, { operation, body }) => {
      const field = nullField(body);
      return response.status === 200 && field !== undefined
        ? badRequest(operation, `${field} must not be null`, "invalidField")
        : response;
    },
  },
  {
    name: "pagination-needs-both-fields",
    section: "§4",
    description:
      "The listings answer 400 (with the §7 body) to a pagination object that lacks pageNumber or pageSize; without pagination they still serve the first 10.",
    why:
      "§4: which request fields are required is not shown, so a target may require both fields of a pagination " +
      "it is given (register required-request-fields, a warning).",
    departs: ["required-request-fields"],
    respond: (response, { operation, body }) => {
      const pagination = isJsonObject(body) ? body.pagination : undefined;
      return response.status === 200 &&
        LISTING_OPERATIONS.includes(operation) &&
        isJsonObject(pagination) &&
        (pagination.pageNumber === undefined || pagination.pageSize === undefined)
        ? badRequest(operation, "pagination needs both pageNumber and pageSize", "missingField")
        : response;
    },
  },
  {
    name: "problem-json-errors",
    section: "§7",
    description: "Every 400, 401 and 404 answer carries Content-Type application/problem+json (its §7 body unchanged).",
    why:
      "A +json media type is JSON (RFC 6839) and common for errors (RFC 9457); §4 only says the operations " +
      "return JSON (register response-content-type, a warning).",
    departs: ["response-content-type"],
    respond: (response) =>
      response.status >= 400 && response.status !== 403 && response.json !== undefined
        ? { ...response, headers: { ...response.headers, "Content-Type": "application/problem+json" } }
        : response,
  },
  {
    name: "malformed-id-404",
    section: "§7",
    description: "A widgetId or analyticId that is not in its URI format gets 404 OBJECT_NOT_FOUND instead of 400.",
    why:
      "§7 gives 400 for a field filled incorrectly and §4.3/§4.4 give 404 for what does not exist; both fit " +
      "a malformed id (registers malformed-widget-id, malformed-analytic-id).",
    departs: [],
    respond: (response, { operation }) =>
      (operation === "getWidget" || operation === "getAnalytic") &&
      response.status === 400 &&
      isJsonObject(response.json) &&
      response.json.errorCode === "invalidId"
        ? notFound(`${operation === "getWidget" ? "widget" : "analytic"} not found`)
        : response,
  },
  {
    name: "forbidden-403-any-body",
    section: "§7",
    description: "403 answers carry an HTML page (text/html) instead of a JSON body.",
    why: "§7: bodies of 403 responses are not shown (register forbidden-body).",
    departs: [],
    respond: (response) =>
      response.status === 403
        ? {
            status: 403,
            text: "<html><body><h1>403 Forbidden</h1></body></html>",
            headers: { "Content-Type": "text/html; charset=utf-8" },
          }
        : response,
  },
  {
    name: "portuguese-messages",
    section: "§7",
    description: "Every error message and error_description is in Portuguese.",
    why: "§7 types message and error_description as strings and states no language.",
    departs: [],
    respond: (response) =>
      rewriteJson(response, response.status >= 400, (body) => {
        const code =
          typeof body.errorCode === "string" ? body.errorCode : typeof body.error === "string" ? body.error : undefined;
        const text = (code !== undefined ? PORTUGUESE[code] : undefined) ?? "Não foi possível atender à requisição.";
        if (typeof body.message === "string") body.message = text;
        if (typeof body.error_description === "string") body.error_description = text;
        return body;
      }),
  },
];
