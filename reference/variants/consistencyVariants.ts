/** Legitimate differences between answers about the same items: order, where the spec gives none (§2.1, §2.11). */
import { paginate } from "../behaviour/paginate.js";
import { isJsonObject, listedItems, rewriteJson } from "../faults/rewriteJson.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Pages larger than this are served in the reverse order (the default size, §8). */
const DEFAULT_PAGE_SIZE = 10;

/** Answers signed so far by the signed-thumbnail-urls variant: each answer's signatures are new. */
let signedAnswers = 0;

/** A thumbnailURL presigned for one answer, as S3 or a CDN signs it: the same path, a query that changes every time. */
function presigned(url: unknown, answer: number): unknown {
  if (typeof url !== "string") return url;
  const signature = (answer * 2654435761).toString(16).padStart(16, "0");
  const date = new Date(Date.UTC(2030, 0, 1, 0, 0, answer)).toISOString().replace(/[-:]|\.\d{3}/g, "");
  return `${url}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=${date}&X-Amz-Expires=900&X-Amz-Signature=${signature}`;
}

/** Each orders some answers differently, or signs their URLs anew, while serving the same items with the same values. */
export const CONSISTENCY_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "large-pages-reverse-order",
    section: "§2.11",
    description:
      `Listings asked with pages of more than ${DEFAULT_PAGE_SIZE} items order the whole listing the other ` +
      `way round (a query plan of its own for large pages), with the same items and values.`,
    why:
      "No order of a listing is stated (§2.11, §4.1, §4.2): each page size partitions the same items, and an " +
      "item holds the same values whatever page serves it.",
    departs: [],
    behaviour: () => ({
      paginate: (items, query) => paginate(query.pageSize > DEFAULT_PAGE_SIZE ? [...items].reverse() : items, query),
    }),
  },
  {
    name: "read-tags-reversed",
    section: "§2.1",
    description: "getWidget answers each widget's tags in the reverse of the listing's order; every value is the same.",
    why:
      "§2.1 gives tags as the tags associated with the widget, with no order: the same tags in another order " +
      "are a warning (register list-get-consistency), never a failure.",
    departs: ["list-get-consistency"],
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getWidget", (body) => {
        if (Array.isArray(body.tags)) body.tags = [...body.tags].reverse();
        return body;
      }),
  },
  {
    name: "analytic-title-per-reader",
    section: "§2.5",
    description:
      "getAnalytic answers the restricted user an analytic's title translated for that user (a text of its own) " +
      "where the main user gets the stored title; every other field is the same for both.",
    why:
      "§2.5 gives title as the title to display, which may be a translation key: a display text may be resolved " +
      "for the reader's language, so it is the one field that may differ by reader (the neighbour of the fault created-by-reader).",
    departs: [],
    respond: (response, { operation, user }) =>
      rewriteJson(
        response,
        response.status === 200 && operation === "getAnalytic" && user === "restricted",
        (body) => ({
          ...body,
          analytic: isJsonObject(body.analytic)
            ? { ...body.analytic, title: `Título de ${String(body.analytic.name)}` }
            : body.analytic,
        }),
      ),
  },
  {
    name: "signed-thumbnail-urls",
    section: "§2.1",
    description:
      "Every answer carries each widget's thumbnailURL presigned anew (X-Amz-Date and X-Amz-Signature query " +
      "parameters that change with each answer); its path never changes.",
    why:
      "§2.1 says only that thumbnailURL is the URL the thumbnail is obtained from: a presigned URL of an object " +
      "store is such a URL, and its signature is new on each answer (register list-get-consistency).",
    departs: [],
    respond: (response, { operation }) =>
      rewriteJson(
        response,
        response.status === 200 && (operation === "getWidget" || operation === "listFactoryDefaultWidgets"),
        (body) => {
          signedAnswers += 1;
          const widgets = operation === "getWidget" ? [body] : listedItems(body, "widgets");
          for (const widget of widgets) widget.thumbnailURL = presigned(widget.thumbnailURL, signedAnswers);
          return body;
        },
      ),
  },
];
