/**
 * Probes of the legitimate search readings (§4.1, §4.2; register search-match-mode, search-i18n-key):
 * each variant differs from the reference where its description says, and agrees where every reading does.
 */
import { expect } from "vitest";
import type { VariantProbeContext } from "./variantProbes.js";
import { asObject, listedIds, totals } from "./referenceClient.js";

/** The first listed widget of the reference. */
async function firstWidget({ both }: VariantProbeContext): Promise<Record<string, unknown>> {
  const [listing] = await both("listFactoryDefaultWidgets", {});
  return asObject((asObject(listing.json).widgets as unknown[])[0]);
}

/** Probes by variant name. */
export const SEARCH_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "search-translations-not-keys": async (context) => {
    const { both, server } = context;
    const widget = await firstWidget(context);
    const [byKey, variantByKey] = await both("listFactoryDefaultWidgets", { searchValue: widget.name });
    expect(listedIds(byKey.json, "widgets")).toContain(widget.id);
    expect(totals(variantByKey.json).totalElements).toBe(0);
    const fact = server.fixtures.translatedWidgetText;
    expect(fact).toBeDefined();
    const [byText, variantByText] = await both("listFactoryDefaultWidgets", { searchValue: fact?.text });
    expect(listedIds(byText.json, "widgets")).toContain(fact?.widgetId);
    expect(variantByText.json).toEqual(byText.json);
  },
  "search-whole-tags": async ({ both }) => {
    const [reference, variant] = await both("listFactoryDefaultWidgets", { searchValue: "ealtim" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(0);
    expect(totals(variant.json).totalElements).toBe(0);
    const [whole, variantWhole] = await both("listFactoryDefaultWidgets", { searchValue: "REALTIME" });
    expect(variantWhole.json).toEqual(whole.json);
  },
  "nfd-stored-text": async ({ both }) => {
    const [, variant] = await both("listLandingPages", { pagination: { pageSize: 12 } });
    const titles = (asObject(variant.json).landingPages as unknown[]).map((page) => String(asObject(page).title));
    expect(titles.every((title) => title === title.normalize("NFD"))).toBe(true);
    const decomposed = titles.find((title) => title !== title.normalize("NFC"));
    expect(decomposed).toBeDefined();
    const [, exact] = await both("listLandingPages", { searchValue: decomposed });
    expect(Number(totals(exact.json).totalElements)).toBeGreaterThan(0);
    const [, composed] = await both("listLandingPages", { searchValue: decomposed?.normalize("NFC") });
    expect(totals(composed.json).totalElements).toBe(0);
  },
  "landing-search-whole-words": async ({ both }) => {
    const [reference, variant] = await both("listLandingPages", { searchValue: "ainel de Venda" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(0);
    expect(totals(variant.json).totalElements).toBe(0);
    const [words, variantWords] = await both("listLandingPages", { searchValue: "Painel de Vendas" });
    expect(Number(totals(words.json).totalElements)).toBeGreaterThan(0);
    expect(variantWords.json).toEqual(words.json);
    const [listing] = await both("listLandingPages", {});
    const title = String(asObject((asObject(listing.json).landingPages as unknown[])[0]).title);
    const [whole, variantWhole] = await both("listLandingPages", { searchValue: title });
    expect(variantWhole.json).toEqual(whole.json);
  },
};
