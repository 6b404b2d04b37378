/** Faults of getWidget (§4.4) and getAnalytic (§4.3): wrapping, the echoed id, the 404 status. */
import { badRequest } from "../http/errorResponses.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, rewriteJson } from "./rewriteJson.js";

/** Each breaks one rule of §4.3/§4.4. */
export const GET_FAULTS: readonly ReferenceFault[] = [
  {
    name: "widget-wrapped",
    section: "§4.4",
    description: "getWidget answers { widget: … } instead of the widget itself.",
    caughtBy: ["schema.widget-not-wrapped"],
    mayAlsoFail: {
      "schema.response-body": "the wrapper has none of the widget's fields (register required-response-fields)",
      "consistency.id-echoes-request": "the wrapper has no id, so it is not shown to be the widget asked for",
    },
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getWidget", (body) => ({ widget: body })),
  },
  {
    name: "analytic-unwrapped",
    section: "§4.3",
    description: "getAnalytic answers the analytic itself instead of { analytic: … }.",
    caughtBy: ["schema.analytic-wrapped", "schema.response-body"],
    mayAlsoFail: {
      "consistency.id-echoes-request": "the body has no analytic.id, so it is not shown to be the analytic asked for",
    },
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) =>
        isJsonObject(body.analytic) ? body.analytic : body,
      ),
  },
  {
    name: "get-widget-wrong-id",
    section: "§4.4",
    description: "getWidget answers the widget that follows the requested one in id order.",
    caughtBy: ["consistency.id-echoes-request"],
    mayAlsoFail: {
      "consistency.list-get-equal": "the widget read is another one, so its fields differ from the listed one's",
    },
    respond: (response, { operation, data }) =>
      rewriteJson(response, response.status === 200 && operation === "getWidget" && data.widgets.length > 1, (body) => {
        const index = data.widgets.findIndex((record) => record.widget.id === body.id);
        const next = data.widgets[(index + 1) % data.widgets.length];
        return next ? { ...structuredClone(next.widget) } : body;
      }),
  },
  {
    name: "malformed-id-served",
    section: "§4.4",
    description:
      "An id that is not in the URI format gets 200 with the first widget (or analytic) instead of 400 or 404.",
    caughtBy: ["errors.malformed-id-refused"],
    mayAlsoFail: {
      "errors.invalid-request-rejected":
        "its generated invalid requests include malformed ids, whose 200 departs from register malformed-widget-id",
    },
    respond: (response, { operation, data }) => {
      if (response.status !== 400 || !isJsonObject(response.json) || response.json.errorCode !== "invalidId")
        return response;
      const [widget] = data.widgets;
      const [analytic] = data.analytics;
      if (operation === "getWidget" && widget) return { status: 200, json: structuredClone(widget.widget) };
      if (operation === "getAnalytic" && analytic)
        return { status: 200, json: { analytic: structuredClone(analytic.analytic) } };
      return response;
    },
  },
  {
    name: "unknown-id-400",
    section: "§4.4",
    description: "A well-formed id that does not exist gets 400 BAD_REQUEST instead of 404 OBJECT_NOT_FOUND.",
    caughtBy: ["errors.unknown-id-404"],
    mayAlsoFail: {
      "errors.near-miss-id-404":
        "a near miss of a real id is an unknown id too, and gets the same 400 (a warning of register near-miss-ids)",
    },
    respond: (response, { operation }) =>
      response.status === 404 ? badRequest(operation, "Identificador inexistente.", "invalidId") : response,
  },
];
