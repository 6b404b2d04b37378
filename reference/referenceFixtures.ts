/** What a run must be told about a reference data set: what the interface cannot list (§4.3) and the roles (§4.5). */
import { unionRoleFilters } from "./behaviour/unionRoleFilters.js";
import type { ReferenceData } from "./data/referenceData.js";

/** Analytic ids, role names, the domain/service pair of getRoleFilters and each role's filters there. */
export interface ReferenceFixtures {
  analyticIds: string[];
  roles: string[];
  domainName: string;
  serviceName: string;
  roleFilters: Record<string, { name: string; value: string }[]>;
  /** The translated name of a widget, when one has a text no key, tag, id or URL of any widget holds. */
  translatedWidgetText?: { text: string; widgetId: string };
  /** The restricted user's permission facts (a few of each, spread over the data). */
  forbiddenWidgetIds: string[];
  forbiddenAnalyticIds: string[];
  ownLandingPageIds: string[];
  othersLandingPageIds: string[];
}

/** Most ids of each permission fact given to a run: enough to judge, few requests. */
const FACT_IDS = 5;

/** At most FACT_IDS of `ids`, spread over them. */
function few(ids: readonly string[]): string[] {
  if (ids.length <= FACT_IDS) return [...ids];
  return Array.from({ length: FACT_IDS }, (_, index) => ids[Math.floor((index * ids.length) / FACT_IDS)] as string);
}

/** The first widget's translated name that holds a letter beyond ASCII and occurs in no key, tag, id or URL. */
function translatedWidgetText(data: ReferenceData): { text: string; widgetId: string } | undefined {
  const visible = data.widgets.flatMap(({ widget }) =>
    [widget.id, widget.name, widget.description, widget.url, widget.thumbnailURL, ...(widget.tags ?? [])].map((text) =>
      (text ?? "").toLocaleLowerCase("und"),
    ),
  );
  for (const { widget } of data.widgets) {
    const text = typeof widget.name === "string" ? data.translations[widget.name] : undefined;
    if (!text || !/[^\x00-\x7f]/.test(text) || typeof widget.id !== "string") continue;
    const folded = text.toLocaleLowerCase("und");
    if (!visible.some((candidate) => candidate.includes(folded))) return { text, widgetId: widget.id };
  }
  return undefined;
}

/** The fixtures of `data`. */
export function referenceFixtures(data: ReferenceData): ReferenceFixtures {
  return {
    analyticIds: data.analytics.map((record) => String(record.analytic.id)),
    roles: data.roles.map((role) => role.name),
    domainName: data.domainName,
    serviceName: data.serviceName,
    roleFilters: Object.fromEntries(
      data.roles.map((role) => [
        role.name,
        unionRoleFilters(data.roles, [role.name], {
          domainName: data.domainName,
          serviceName: data.serviceName,
        }).flatMap((group) =>
          (group.filters ?? []).map((filter) => ({ name: filter.name ?? "", value: filter.value ?? "" })),
        ),
      ]),
    ),
    ...(translatedWidgetText(data) ? { translatedWidgetText: translatedWidgetText(data) } : {}),
    forbiddenWidgetIds: few(
      data.widgets.filter((record) => !record.visibleToRestricted).map((record) => String(record.widget.id)),
    ),
    forbiddenAnalyticIds: few(
      data.analytics.filter((record) => !record.visibleToRestricted).map((record) => String(record.analytic.id)),
    ),
    ownLandingPageIds: few(
      data.landingPages
        .filter((record) => record.owner === "restricted" && !record.archived)
        .map((record) => String(record.page.id)),
    ),
    othersLandingPageIds: few(
      data.landingPages
        .filter((record) => record.owner !== "restricted" && !record.archived)
        .map((record) => String(record.page.id)),
    ),
  };
}
