/** §4.4 getWidget. */
import { forbidden, notFound } from "../http/errorResponses.js";
import { jsonResponse, type ReferenceResponse } from "../http/ReferenceResponse.js";
import { presentWidget } from "../present/presentWidget.js";
import type { OperationContext, RequestObject } from "./OperationContext.js";
import { parseIdField } from "./parseIdField.js";

/** The widget URI format of §2.1 (as in schemas/components/Widget.json). */
const WIDGET_ID_FORMAT = /^widget:\/\/[^/]+(\/[^/]+)*$/;

/** The widget itself, unwrapped (§4.4); 404 when unknown, 403 when the user may not view it (§5). */
export function getWidget(body: RequestObject, context: OperationContext): ReferenceResponse {
  const id = parseIdField(body, "widgetId", WIDGET_ID_FORMAT, "getWidget");
  if (typeof id !== "string") return id;
  const record = context.data.widgets.find((candidate) => candidate.widget.id === id);
  if (!record) return notFound(`widget ${id} does not exist`);
  if (!context.behaviour.canReadWidget(context.user ?? "restricted", record))
    return forbidden(`permission denied on widget ${id}`);
  return jsonResponse(200, presentWidget(record.widget, context.mode));
}
