/**
 * Faults that send a tabled field under a near-miss name (register required-response-fields): a client
 * reading the spec's name finds nothing, so it is the field renamed, never an unknown extra field
 * (register unknown-extra-fields).
 */
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, listedItems, rewriteJson } from "./rewriteJson.js";

/** Renames every field `from` to `to`, at any depth, in place; returns `json`. */
function renameFieldDeep(json: unknown, from: string, to: string): unknown {
  if (Array.isArray(json)) json.forEach((item) => renameFieldDeep(item, from, to));
  else if (isJsonObject(json)) {
    for (const [key, value] of Object.entries(json)) {
      renameFieldDeep(value, from, to);
      if (key !== from) continue;
      delete json[key];
      json[to] = value;
    }
  }
  return json;
}

/** Each sends one tabled field under another name. */
export const RENAMED_FIELD_FAULTS: readonly ReferenceFault[] = [
  {
    name: "column-ref-suffix-spelled-right",
    section: "§2.7",
    description: "ColumnRefs carry suffix, the word spelled right, instead of §2.7's field sufix.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic", (body) =>
        renameFieldDeep(body, "sufix", "suffix"),
      ),
  },
  {
    name: "widget-thumbnail-url-camel-case",
    section: "§2.1",
    description: "Widgets, in the listing and from getWidget, carry thumbnailUrl instead of thumbnailURL.",
    caughtBy: ["schema.response-body"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200, (body) => {
        const widgets =
          operation === "getWidget"
            ? [body]
            : operation === "listFactoryDefaultWidgets"
              ? listedItems(body, "widgets")
              : [];
        for (const widget of widgets) renameFieldDeep(widget, "thumbnailURL", "thumbnailUrl");
        return body;
      }),
  },
  {
    name: "error-code-snake-case",
    section: "§7",
    description: "400 and 404 bodies carry error_code instead of errorCode.",
    caughtBy: ["errors.error-body"],
    respond: (response) =>
      rewriteJson(response, response.status === 400 || response.status === 404, (body) =>
        renameFieldDeep(body, "errorCode", "error_code"),
      ),
  },
];
