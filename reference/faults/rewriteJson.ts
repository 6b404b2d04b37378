/** Small tools fault hooks use to rewrite a response body. */
import { isJsonObject, type JsonObject } from "../../contract/jsonValue.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";

/** Fault hooks narrow bodies with the product's one JSON predicate. */
export { isJsonObject, type JsonObject };

/** `response` with its JSON body replaced by `rewrite(copy of body)` when `when` holds. */
export function rewriteJson(
  response: ReferenceResponse,
  when: boolean,
  rewrite: (body: JsonObject) => unknown,
): ReferenceResponse {
  if (!when || !isJsonObject(response.json)) return response;
  return { ...response, json: rewrite(structuredClone(response.json)) };
}

/** Applies `change` to every value of `field`, at any depth, in place; returns `json`. */
export function replaceFieldDeep(json: unknown, field: string, change: (value: unknown) => unknown): unknown {
  if (Array.isArray(json)) json.forEach((item) => replaceFieldDeep(item, field, change));
  else if (isJsonObject(json)) {
    for (const [key, value] of Object.entries(json)) {
      if (key === field) json[key] = change(value);
      else replaceFieldDeep(value, field, change);
    }
  }
  return json;
}

/** The list field of a listing body as an array of objects (empty when absent). */
export function listedItems(body: JsonObject, field: "widgets" | "landingPages"): JsonObject[] {
  const items = body[field];
  return Array.isArray(items) ? items.filter(isJsonObject) : [];
}
