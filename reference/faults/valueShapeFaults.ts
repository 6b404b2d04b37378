/**
 * Faults that give a value the wrong shape for what §2 says it is: a URL or nothing where an i18n key
 * belongs, prose where §2.5's platform.cms. key goes on (§2.1, §2.5), text that cannot be a URL or a URI (§2.1, §2.2), ids of two tenant domains (§2.4, §2.5).
 */
import type { Analytic, Widget } from "../../contract/types.generated.js";
import type { AnalyticRecord, ReferenceData, WidgetRecord } from "../data/referenceData.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** The data with `change` applied to every widget (ids, visibility and translations kept). */
function withWidgets(data: ReferenceData, change: (widget: Widget, data: ReferenceData) => Widget): ReferenceData {
  return {
    ...data,
    widgets: data.widgets.map((record): WidgetRecord => ({ ...record, widget: change(record.widget, data) })),
  };
}

/** The data with `change` applied to every analytic, given its index. */
function withAnalytics(data: ReferenceData, change: (analytic: Analytic, index: number) => Analytic): ReferenceData {
  return {
    ...data,
    analytics: data.analytics.map((record, index): AnalyticRecord => ({
      ...record,
      analytic: change(record.analytic, index),
    })),
  };
}

/** The tenant domain the two-tenant fault moves analytics to. */
const SECOND_TENANT = "outra-empresa.com.br";

/** Each breaks the shape one §2 sentence gives a value; schema.response-body or schema.one-tenant-domain sees it. */
export const VALUE_SHAPE_FAULTS: readonly ReferenceFault[] = [
  {
    name: "widget-name-url",
    section: "§2.1",
    description:
      "Widget name holds the URL of its translation (https://cdn.<tenant>/i18n/platform.cms/<key>) instead of the " +
      "internationalization key.",
    caughtBy: ["schema.response-body"],
    mayAlsoFail: {
      "search.widgets-by-name-or-description":
        "the translations stay under the keys the URLs replaced, so the configured translated name is not found (a warning)",
    },
    data: (data) =>
      withWidgets(data, (widget) => ({
        ...widget,
        name: `https://cdn.acme.com.br/i18n/platform.cms/${String(widget.name)}`,
      })),
  },
  {
    name: "widget-description-blank-key",
    section: "§2.1",
    description: "Widget description keys are a single space: no key at all.",
    caughtBy: ["schema.response-body"],
    data: (data) => withWidgets(data, (widget) => ({ ...widget, description: " " })),
  },
  {
    name: "widget-url-prose",
    section: "§2.1",
    description: 'Widget url is a sentence ("Abra o widget no portal: Receita Diária") instead of a URL.',
    caughtBy: ["schema.response-body"],
    data: (data) =>
      withWidgets(data, (widget, { translations }) => ({
        ...widget,
        url: `Abra o widget no portal: ${translations[String(widget.name)] ?? "sem nome"}`,
      })),
  },
  {
    name: "widget-thumbnail-not-url",
    section: "§2.1",
    description: 'Widget thumbnailURL is the text "Miniatura indisponível", which cannot be a URL.',
    caughtBy: ["schema.response-body"],
    data: (data) => withWidgets(data, (widget) => ({ ...widget, thumbnailURL: "Miniatura indisponível" })),
  },
  {
    name: "permission-resource-without-scheme",
    section: "§2.2",
    description:
      "permission.resource lacks its URI scheme (senior.com.br/platform/cms/widgets/… instead of res://senior.com.br/…).",
    caughtBy: ["schema.response-body"],
    data: (data) =>
      withWidgets(data, (widget) =>
        widget.permission
          ? {
              ...widget,
              permission: {
                ...widget.permission,
                resource: String(widget.permission.resource).replace(/^[a-z][a-z0-9+.-]*:\/\//i, ""),
              },
            }
          : widget,
      ),
  },
  {
    name: "analytic-title-key-with-prose",
    section: "§2.5",
    description:
      'Analytic titles that are not keys are sent under the key prefix with their prose ("platform.cms.Análise BAR de vendas").',
    caughtBy: ["schema.response-body"],
    data: (data) =>
      withAnalytics(data, (analytic) =>
        typeof analytic.title === "string" && !analytic.title.startsWith("platform.cms.")
          ? { ...analytic, title: `platform.cms.${analytic.title}` }
          : analytic,
      ),
  },
  {
    name: "analytic-ids-two-tenants",
    section: "§2.5",
    description:
      `Every other analytic the restricted user may also read has an id under a second tenant domain (analytic://${SECOND_TENANT}/…), ` +
      `the rest under the tenant of the landing pages.`,
    // Only analytics the restricted user may read move, so the permission facts (forbidden analytics) still name ids the data holds.
    caughtBy: ["schema.one-tenant-domain"],
    data: (data) => ({
      ...data,
      analytics: data.analytics.map((record, index): AnalyticRecord => {
        if (index % 2 === 0 || !record.visibleToRestricted) return record;
        const id = String(record.analytic.id).replace(/^analytic:\/\/[^/]+\//, `analytic://${SECOND_TENANT}/`);
        return { ...record, analytic: { ...record.analytic, id } };
      }),
    }),
  },
];
