/** Reference data whose titles and tags hold characters beyond the BMP (RFC 8259 §7: written raw, or as a surrogate pair of \u escapes). */
import type { ReferenceData } from "./referenceData.js";

/** Characters beyond the BMP: a delivery truck, a mathematical fraktur letter, a CJK ideograph of plane 2, a musical symbol. */
const BEYOND_BMP: readonly string[] = ["🚚", "𝔐", "𠮷", "𝄞"];

/** The data with every third landing page's title and widget's first tag holding a character beyond the BMP (same ids, owners, permissions). */
export function withNonBmpTexts(data: ReferenceData): ReferenceData {
  const beyond = (index: number): string => BEYOND_BMP[index % BEYOND_BMP.length] as string;
  const landingPages = data.landingPages.map((record, index) =>
    index % 3 === 0 ? { ...record, page: { ...record.page, title: `${record.page.title} ${beyond(index)}` } } : record,
  );
  const widgets = data.widgets.map((record, index) => {
    const tags = record.widget.tags;
    if (index % 3 !== 0 || !Array.isArray(tags) || tags.length === 0) return record;
    return {
      ...record,
      widget: { ...record.widget, tags: [`${tags[0] as string}${beyond(index)}`, ...tags.slice(1)] },
    };
  });
  return { ...data, landingPages, widgets };
}
