/**
 * Probes of the faults where two answers about one item disagree, or an invalid page or a request
 * without its identifier is served (issue 44). Same contract as FAULT_PROBES: the reference keeps
 * the rule, the fault breaks it in the way its description says.
 */
import { expect } from "vitest";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, callOperation, listedIds, type Answer } from "./referenceClient.js";

const itemsOf = (answer: Answer, field: "widgets" | "landingPages") =>
  (asObject(answer.json)[field] as unknown[]).map(asObject);

/** The fields of the item `id` in a listing answer. */
const itemIn = (answer: Answer, field: "widgets" | "landingPages", id: unknown) =>
  itemsOf(answer, field).find((item) => item.id === id);

/** Probes by fault name. */
export const CONSISTENCY_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "get-widget-url-differs": async ({ both, server }) => {
    const listing = await callOperation(server, "listFactoryDefaultWidgets", {});
    const [listed] = itemsOf(listing, "widgets");
    const [reference, faulty] = await both("getWidget", { widgetId: listed?.id });
    expect(asObject(reference.json).url).toBe(listed?.url);
    expect(asObject(faulty.json).url).not.toBe(listed?.url);
    // Consistently: a second read says the same, so a confirming re-read confirms it.
    const [, again] = await both("getWidget", { widgetId: listed?.id });
    expect(again.json).toEqual(faulty.json);
    expect({ ...asObject(faulty.json), url: listed?.url }).toEqual(reference.json);
  },
  "thumbnail-path-differs": async ({ both, server }) => {
    const listing = await callOperation(server, "listFactoryDefaultWidgets", {});
    const [listed] = itemsOf(listing, "widgets");
    const [reference, faulty] = await both("getWidget", { widgetId: listed?.id });
    const thumbnail = (answer: Answer) => String(asObject(answer.json).thumbnailURL);
    expect(thumbnail(reference)).toBe(listed?.thumbnailURL);
    expect(thumbnail(faulty)).toBe(String(listed?.thumbnailURL).replace(/\/([^/]*)$/, "/r2/$1"));
    const [, again] = await both("getWidget", { widgetId: listed?.id });
    expect(again.json).toEqual(faulty.json);
    expect({ ...asObject(faulty.json), thumbnailURL: listed?.thumbnailURL }).toEqual(reference.json);
  },
  "small-pages-change-items": async ({ both }) => {
    for (const field of ["widgets", "landingPages"] as const) {
      const operation = field === "widgets" ? "listFactoryDefaultWidgets" : "listLandingPages";
      const [large, largeFaulty] = await both(operation, { pagination: { pageNumber: 0, pageSize: 20 } });
      const [small, smallFaulty] = await both(operation, { pagination: { pageNumber: 0, pageSize: 7 } });
      expect(largeFaulty.json).toEqual(large.json);
      const id = listedIds(small.json, field)[0];
      expect(itemIn(small, field, id)).toEqual(itemIn(large, field, id));
      expect(listedIds(smallFaulty.json, field)).toEqual(listedIds(small.json, field));
      expect(itemIn(smallFaulty, field, id)).not.toEqual(itemIn(large, field, id));
    }
  },
  "negative-page-size-served": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: -5 } });
    expect(reference.status).toBe(400);
    expect(faulty.status).toBe(200);
    expect(listedIds(faulty.json, "landingPages")).toHaveLength(5);
  },
};
