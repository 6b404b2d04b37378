/** Faults where two answers describing one item disagree: a listing and a read (§4.1, §4.4), pages of two sizes (§2.11). */
import { operationSpec } from "../../contract/operations.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, listedItems, rewriteJson } from "./rewriteJson.js";

/** Below this page size the small-pages fault changes what it serves (the default size, §8). */
const DEFAULT_PAGE_SIZE = 10;

/** The pageSize a listing request asked for, when it gave one. */
function askedPageSize(body: unknown): number | undefined {
  const pagination = isJsonObject(body) && isJsonObject(body.pagination) ? body.pagination : undefined;
  return typeof pagination?.pageSize === "number" ? pagination.pageSize : undefined;
}

/** Each makes two answers about one item contradict each other, consistently on every ask. */
export const CONSISTENCY_FAULTS: readonly ReferenceFault[] = [
  {
    name: "get-widget-url-differs",
    section: "§4.4",
    description:
      "getWidget answers every widget with a url that differs from the listing's (a ?rev=2 query added), on every read.",
    caughtBy: ["consistency.list-get-equal"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getWidget", (body) => {
        if (typeof body.url === "string") body.url = `${body.url}${body.url.includes("?") ? "&" : "?"}rev=2`;
        return body;
      }),
  },
  {
    name: "thumbnail-path-differs",
    section: "§4.4",
    description:
      "getWidget answers every widget's thumbnailURL under another path than the listing's (…/r2/thumbnail.png), " +
      "on every read: the part of a URL that locates the object differs, not a signature.",
    caughtBy: ["consistency.list-get-equal"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getWidget", (body) => {
        if (typeof body.thumbnailURL === "string")
          body.thumbnailURL = body.thumbnailURL.replace(/\/([^/?#]*)$/, "/r2/$1");
        return body;
      }),
  },
  {
    name: "small-pages-change-items",
    section: "§2.11",
    description:
      `Listing pages smaller than ${DEFAULT_PAGE_SIZE} serve each widget with another url and each landing ` +
      `page with includeHeader flipped: the same item holds other values at another page size.`,
    caughtBy: ["consistency.page-sizes-agree"],
    respond: (response, { operation, body }) => {
      const field = operationSpec(operation).listField;
      const size = askedPageSize(body);
      return rewriteJson(
        response,
        response.status === 200 && field !== undefined && size !== undefined && size < DEFAULT_PAGE_SIZE,
        (json) => {
          for (const item of listedItems(json, field ?? "widgets")) {
            if (typeof item.url === "string") item.url = `${item.url}${item.url.includes("?") ? "&" : "?"}view=compact`;
            if (typeof item.includeHeader === "boolean") item.includeHeader = !item.includeHeader;
          }
          return json;
        },
      );
    },
  },
];
