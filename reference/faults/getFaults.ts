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
    respond: (response, { operation }) => rewriteJson(response, response.status === 200 && operation === "getWidget", (body) => ({ widget: body })),
  },
  {
    name: "analytic-unwrapped",
    section: "§4.3",
    description: "getAnalytic answers the analytic itself instead of { analytic: … }.",
    caughtBy: ["schema.analytic-wrapped"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) => (isJsonObject(body.analytic) ? body.analytic : body)),
  },
  {
    name: "get-widget-wrong-id",
    section: "§4.4",
    description: "getWidget answers the widget that follows the requested one in id order.",
    caughtBy: ["consistency.id-echoes-request"],
    respond: (response, { operation, data }) =>
      rewriteJson(response, response.status === 200 && operation === "getWidget" && data.widgets.length > 1, (body) => {
        const index = data.widgets.findIndex((record) => record.widget.id === body.id);
        const next = data.widgets[(index + 1) % data.widgets.length];
        return next ? { ...structuredClone(next.widget) } : body;
      }),
  },
  {
    name: "unknown-id-400",
    section: "§4.4",
    description: "A well-formed id that does not exist gets 400 BAD_REQUEST instead of 404 OBJECT_NOT_FOUND.",
    caughtBy: ["errors.unknown-id-404"],
    respond: (response, { operation }) => (response.status === 404 ? badRequest(operation, "Identificador inexistente.", "invalidId") : response),
  },
];
