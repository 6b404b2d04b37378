/**
 * Probes of the legitimate variants of value shapes (register value-shapes): each really
 * answers other values than the reference, and those values still validate against the contract.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { asObject, callOperation, type Answer } from "./referenceClient.js";
import type { VariantProbeContext } from "./variantProbes.js";

const stated = (name: string, json: unknown) => validateBody(name, json).stated;
const widgetsOf = (answer: Answer) => (asObject(answer.json).widgets as unknown[]).map(asObject);

/** The first listing page on both sides, the variant's valid; [reference widgets, variant widgets]. */
async function listedWidgets({
  both,
}: VariantProbeContext): Promise<[Record<string, unknown>[], Record<string, unknown>[]]> {
  const [reference, variant] = await both("listFactoryDefaultWidgets", {});
  expect(stated("listFactoryDefaultWidgets.response", variant.json)).toEqual([]);
  return [widgetsOf(reference), widgetsOf(variant)];
}

/** Probes by variant name. */
export const VALUE_SHAPE_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "relative-widget-urls": async (context) => {
    const [, widgets] = await listedWidgets(context);
    for (const widget of widgets) {
      expect(widget.url).toMatch(/^\/widgets\/[^/]+\/index\.html$/);
      expect(widget.thumbnailURL).toMatch(/^\.\.\/thumbnails\/[^/]+\.png$/);
    }
    const id = widgets[0]?.id;
    const read = await callOperation(context.server, "getWidget", { widgetId: id }, "admin", context.variant);
    expect(asObject(read.json).url).toBe(widgets[0]?.url);
  },
  "analytic-title-keys": async ({ both, server }) => {
    const titles: unknown[] = [];
    for (const analyticId of server.fixtures.analyticIds.slice(0, 4)) {
      const [, variant] = await both("getAnalytic", { analyticId });
      expect(stated("getAnalytic.response", variant.json)).toEqual([]);
      const analytic = asObject(asObject(variant.json).analytic);
      expect(analytic.title).toBe(`platform.cms.${String(analytic.name).replace(/-/g, "_")}`);
      titles.push(analytic.title);
    }
    expect(titles.every((title) => /^platform\.cms\.[a-z0-9_]+$/.test(String(title)))).toBe(true);
  },
  "widget-keys-other-schemes": async (context) => {
    const [reference, widgets] = await listedWidgets(context);
    const names = widgets.map((widget) => String(widget.name));
    expect(names.some((name) => name.startsWith("cms:widgets/"))).toBe(true);
    expect(names.some((name) => /^widget_[a-z0-9_]+-name$/.test(name))).toBe(true);
    expect(names.some((name) => name.endsWith(".名前"))).toBe(true);
    expect(widgets.map((widget) => widget.id)).toEqual(reference.map((widget) => widget.id));
    // Search still looks in the keys, whatever their scheme (§4.1).
    const found = await callOperation(
      context.server,
      "listFactoryDefaultWidgets",
      { searchValue: names[0] },
      "admin",
      context.variant,
    );
    expect(widgetsOf(found).map((widget) => widget.id)).toContain(widgets[0]?.id);
  },
  "widget-ids-many-segments": async (context) => {
    const [reference, widgets] = await listedWidgets(context);
    for (const widget of widgets) expect(String(widget.id).slice("widget://".length).split("/")).toHaveLength(8);
    expect(widgets.map((widget) => widget.name)).toEqual(reference.map((widget) => widget.name));
    const read = await callOperation(
      context.server,
      "getWidget",
      { widgetId: widgets[0]?.id },
      "admin",
      context.variant,
    );
    expect(read.status).toBe(200);
  },
  "gettext-msgid-keys": async (context) => {
    const [reference, widgets] = await listedWidgets(context);
    expect(widgets.every((widget) => /^[A-Z][a-z]+ [a-z ]+ \d{3}$/.test(String(widget.name)))).toBe(true);
    expect(widgets.every((widget) => /\s/.test(String(widget.description)))).toBe(true);
    expect(widgets.map((widget) => widget.id)).toEqual(reference.map((widget) => widget.id));
    // Search still finds a widget by its key, spelt as a msgid (§4.1).
    const found = await callOperation(
      context.server,
      "listFactoryDefaultWidgets",
      { searchValue: widgets[0]?.description },
      "admin",
      context.variant,
    );
    expect(widgetsOf(found).map((widget) => widget.id)).toContain(widgets[0]?.id);
  },
};
