/**
 * Probes of the variants that write JSON in other legitimate forms (issue 49): every escape, characters
 * beyond the BMP, a member name written twice. Same contract as VARIANT_PROBES: the variant really answers
 * otherwise, and stands for the same values where it says so.
 */
import { expect } from "vitest";
import type { VariantProbeContext } from "./variantProbes.js";
import { asObject } from "./referenceClient.js";

/** Probes by variant name. */
export const JSON_TEXT_VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  "every-escape-written": async ({ both }) => {
    const [reference, variant] = await both("listLandingPages", {});
    expect(variant.text).toMatch(/\\u00e1|\\u00E1/);
    expect(variant.text).toContain("\\/");
    expect(variant.json).toEqual(reference.json);
  },
  "non-bmp-data": async ({ both }) => {
    const [reference, variant] = await both("listLandingPages", {});
    const titles = (answer: typeof reference) =>
      (asObject(answer.json).landingPages as unknown[]).map((page) => String(asObject(page).title));
    const beyond = (text: string) => [...text].some((char) => char.length > 1);
    expect(titles(reference).some(beyond)).toBe(false);
    expect(titles(variant).some(beyond)).toBe(true);
  },
  "duplicate-member-names": async ({ both }) => {
    const [reference, variant] = await both("listLandingPages", {});
    expect(variant.text).toMatch(/^\{"(\w+)":null,"\1":/);
    expect(variant.json).toEqual(reference.json);
  },
};
