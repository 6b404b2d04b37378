/**
 * Probes of the variants that order answers about the same items differently (issue 44): each
 * really differs from the reference in order, and in nothing else.
 */
import { expect } from "vitest";
import type { VariantProbeContext } from "./variantProbes.js";
import { asObject, callOperation, listedIds } from "./referenceClient.js";

const sortedById = (json: unknown, field: "widgets" | "landingPages") =>
  [...(asObject(json)[field] as unknown[])].sort((a, b) =>
    String(asObject(a).id).localeCompare(String(asObject(b).id)),
  );

/** Probes by variant name. */
export const CONSISTENCY_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "large-pages-reverse-order": async ({ both }) => {
    const all = { pagination: { pageNumber: 0, pageSize: 500 } };
    const [reference, variant] = await both("listFactoryDefaultWidgets", all);
    expect(listedIds(variant.json, "widgets")).toEqual([...listedIds(reference.json, "widgets")].reverse());
    expect(sortedById(variant.json, "widgets")).toEqual(sortedById(reference.json, "widgets"));
    const [small, variantSmall] = await both("listLandingPages", { pagination: { pageNumber: 1, pageSize: 7 } });
    expect(variantSmall.json).toEqual(small.json);
  },
  "read-tags-reversed": async ({ both, server }) => {
    const listing = await callOperation(server, "listFactoryDefaultWidgets", { pagination: { pageSize: 50 } });
    const widget = (asObject(listing.json).widgets as unknown[])
      .map(asObject)
      .find((item) => Array.isArray(item.tags) && new Set(item.tags).size > 1);
    const [reference, variant] = await both("getWidget", { widgetId: widget?.id });
    expect(asObject(reference.json).tags).toEqual(widget?.tags);
    expect(asObject(variant.json).tags).toEqual([...(widget?.tags as string[])].reverse());
    expect({ ...asObject(variant.json), tags: widget?.tags }).toEqual(reference.json);
  },
  "signed-thumbnail-urls": async ({ both, server }) => {
    const listing = await callOperation(server, "listFactoryDefaultWidgets", {});
    const id = listedIds(listing.json, "widgets")[0];
    const [reference, first] = await both("getWidget", { widgetId: id });
    const [, second] = await both("getWidget", { widgetId: id });
    const thumbnail = (answer: typeof first) => String(asObject(answer.json).thumbnailURL);
    const [path, query] = thumbnail(first).split("?");
    expect(path).toBe(thumbnail(reference));
    expect(query).toMatch(/X-Amz-Signature=[0-9a-f]+/);
    expect(thumbnail(second)).not.toBe(thumbnail(first));
    expect(thumbnail(second).split("?")[0]).toBe(path);
    expect({ ...asObject(first.json), thumbnailURL: path }).toEqual(reference.json);
  },
};
