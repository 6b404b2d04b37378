/**
 * Legitimate values of the shapes §2 gives (register value-shapes): relative URLs, key-shaped analytic
 * titles, i18n keys of other key schemes and scripts or spelt as gettext msgids, widget ids of many segments.
 */
import type { Widget } from "../../contract/types.generated.js";
import type { ReferenceData, WidgetRecord } from "../data/referenceData.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** The last path segment of a widget id (its slug). */
function slugOf(widget: Widget): string {
  return String(widget.id).split("/").at(-1) ?? "";
}

/** The key a widget's name (`part` "name") or description gets under the index's key scheme. */
function otherSchemeKey(slug: string, index: number, part: "name" | "description"): string {
  switch (index % 3) {
    case 0:
      return `cms:widgets/${slug}.${part}`;
    case 1:
      return `widget_${slug.replace(/-/g, "_")}-${part}`;
    default:
      return `platform.cms.ウィジェット.${slug}.${part === "name" ? "名前" : "説明"}`;
  }
}

/** The gettext msgids (English source text, spaces and punctuation included) of a widget's name and description. */
function msgids(slug: string): { name: string; description: string } {
  const [qualifier = "", ...rest] = slug.split("-");
  const serial = rest.pop() ?? "";
  const subject = rest.join(" ");
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return {
    name: `${capital(qualifier)} ${subject} ${serial}`,
    description: `${capital(subject)}, ${qualifier} view (widget ${serial})`,
  };
}

/** Widget keys spelt as gettext msgids, their translations moved to the new keys. */
function withGettextKeys(data: ReferenceData): ReferenceData {
  const translations: Record<string, string> = { ...data.translations };
  const widgets = data.widgets.map((record): WidgetRecord => {
    const widget = { ...record.widget };
    const keys = msgids(slugOf(widget));
    for (const part of ["name", "description"] as const) {
      const text = translations[String(widget[part])];
      if (text !== undefined) translations[keys[part]] = text;
      widget[part] = keys[part];
    }
    return { ...record, widget };
  });
  return { ...data, widgets, translations };
}

/** Widget keys under other schemes, their translations moved to the new keys. */
function withOtherKeySchemes(data: ReferenceData): ReferenceData {
  const translations: Record<string, string> = { ...data.translations };
  const widgets = data.widgets.map((record, index): WidgetRecord => {
    const widget = { ...record.widget };
    for (const part of ["name", "description"] as const) {
      const key = otherSchemeKey(slugOf(widget), index, part);
      const text = translations[String(widget[part])];
      if (text !== undefined) translations[key] = text;
      widget[part] = key;
    }
    return { ...record, widget };
  });
  return { ...data, widgets, translations };
}

/** Each serves values of a legitimate shape through the correct rules. */
export const VALUE_SHAPE_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "relative-widget-urls",
    section: "§2.1",
    description: "Widget url and thumbnailURL are relative references (/widgets/<slug>/index.html).",
    why:
      "§2.1 says URL but not absolute URL: a relative reference resolved against the platform's address is " +
      "a URL reference (RFC 3986 §4.1; register value-shapes).",
    departs: [],
    data: (data) => ({
      ...data,
      widgets: data.widgets.map((record): WidgetRecord => ({
        ...record,
        widget: {
          ...record.widget,
          url: `/widgets/${slugOf(record.widget)}/index.html`,
          thumbnailURL: `../thumbnails/${slugOf(record.widget)}.png`,
        },
      })),
    }),
  },
  {
    name: "analytic-title-keys",
    section: "§2.5",
    description:
      "Every analytic title is a translation key of the form platform.cms.<name> with underscores (platform.cms.sales_by_region_007).",
    why: "§2.5: the title may be a translation key of the form platform.cms.<name> (register value-shapes).",
    departs: [],
    data: (data) => ({
      ...data,
      analytics: data.analytics.map((record) => ({
        ...record,
        analytic: {
          ...record.analytic,
          title: `platform.cms.${String(record.analytic.name).replace(/-/g, "_")}`,
        },
      })),
    }),
  },
  {
    name: "widget-keys-other-schemes",
    section: "§2.1",
    description:
      "Widget name and description keys of other schemes: cms:widgets/<slug>.name, widget_<slug>-name and platform.cms.ウィジェット.<slug>.名前.",
    why:
      "§2.1 says they are i18n keys of the platform.cms bundle but not how keys are spelt: colons, slashes, " +
      "hyphens, underscores and other scripts are common key syntax (register value-shapes).",
    departs: [],
    data: withOtherKeySchemes,
  },
  {
    name: "widget-ids-many-segments",
    section: "§2.1",
    description:
      "Widget ids have eight path segments (widget://<tenant>/portal/v2/<domain>/<service>/catalog/default/<slug>).",
    why: "§2.1: the scheme widget:// followed by path segments separated by slashes, with no count given.",
    departs: [],
    data: (data) => ({
      ...data,
      widgets: data.widgets.map((record): WidgetRecord => {
        const [tenant, domain, service, ...rest] = String(record.widget.id).slice("widget://".length).split("/");
        const id = `widget://${tenant}/portal/v2/${domain}/${service}/catalog/default/${rest.join("/")}`;
        return { ...record, widget: { ...record.widget, id } };
      }),
    }),
  },
  {
    name: "gettext-msgid-keys",
    section: "§2.1",
    description:
      'Widget name and description keys are gettext msgids, the English source text itself ("Regional inventory 006", ' +
      '"Inventory, regional view (widget 006)"), each translated in the platform.cms bundle.',
    why:
      "§2.1 calls them internationalization keys of the platform.cms bundle but does not show how a key is spelt; " +
      "gettext, Django and Qt key their catalogues by the source text (register value-shapes).",
    departs: [],
    data: withGettextKeys,
  },
];
