/** Legitimate error answers: statuses and bodies the spec leaves open (§7). */
import { isJsonObject } from "../../contract/jsonValue.js";
import { notFound } from "../http/errorResponses.js";
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

/** Each answers an error in a way §7 allows. */
export const ERROR_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "malformed-id-404",
    section: "§7",
    description: "A widgetId or analyticId that is not in its URI format gets 404 OBJECT_NOT_FOUND instead of 400.",
    why: "§7 gives 400 for a field filled incorrectly and §4.3/§4.4 give 404 for what does not exist; both fit a malformed id (registers malformed-widget-id, malformed-analytic-id).",
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
