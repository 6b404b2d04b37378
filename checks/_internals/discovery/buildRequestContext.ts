/** The generators' RequestContext, filled from discovery and configuration (never from known data). */
import { LISTING_OPERATIONS } from "../../../contract/operations.js";
import type { RequestContext } from "../../../generators/requestContext.js";
import { discoveredIds, spreadSample } from "./discoveredIds.js";
import type { TargetKnowledge } from "./TargetKnowledge.js";
import { isJsonObject } from "../../../contract/jsonValue.js";
import { validateBody } from "../../../contract/validators.js";

/**
 * Discovered widget ids that fit the request schema: a listing that returns malformed ids
 * already fails schema.response-body, and requests are only built from well-formed ones.
 */
function requestableWidgetIds(ids: readonly string[]): string[] {
  return ids.filter((widgetId) => validateBody("getWidget.request", { widgetId }).stated.length === 0);
}

/**
 * Search terms worth trying: a few tags, titles and name and description keys (§4.1: the values
 * of the internationalized fields, §2.1) the target itself returned; the generators also cut parts of them.
 */
function searchTerms(items: readonly unknown[]): string[] {
  const terms = items.flatMap((item) => {
    if (!isJsonObject(item)) return [];
    const texts = [item.title, item.name, item.description, ...(Array.isArray(item.tags) ? item.tags : [])];
    return texts.filter((text): text is string => typeof text === "string");
  });
  return spreadSample([...new Set(terms)], 12);
}

/** Builds the context from what `knowledge` discovered (TargetKnowledge.requestContext keeps it once per run). */
export async function buildRequestContext(knowledge: TargetKnowledge): Promise<RequestContext> {
  const widgets = await knowledge.listing("listFactoryDefaultWidgets");
  const landingPages = await knowledge.listing("listLandingPages");
  const { fixtures } = knowledge.session.settings;
  // Only sizes the target was not seen to refuse or cap (register max-page-size).
  const ceilings = await Promise.all(
    LISTING_OPERATIONS.map(async (operation) => (await knowledge.pageSizeLimits(operation)).ceiling),
  );
  const maxPageSize = Math.min(...ceilings);
  return {
    widgetIds: spreadSample(requestableWidgetIds(discoveredIds(widgets)), 50),
    analyticIds: fixtures.analyticIds,
    roles: fixtures.roles,
    ...(fixtures.domainName !== undefined ? { domainName: fixtures.domainName } : {}),
    ...(fixtures.serviceName !== undefined ? { serviceName: fixtures.serviceName } : {}),
    searchTerms: searchTerms([...widgets.items, ...landingPages.items]),
    maxPageSize,
  };
}
