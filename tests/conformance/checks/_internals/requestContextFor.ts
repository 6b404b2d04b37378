/** The generators' RequestContext, filled from discovery and configuration (never from known data). */
import { LISTING_OPERATIONS } from "../../../../contract/operations.js";
import type { RequestContext } from "../../../../generators/requestContext.js";
import { discoveredIds, discoveredListing, spreadSample } from "./discovery.js";
import { discoveredPageSizes } from "./pageSizeLimits.js";
import { isJsonObject } from "../../../../contract/jsonValue.js";
import type { TargetSession } from "../../../../runner/engine/TargetSession.js";
import { validateBody } from "../../../../contract/validators.js";

/**
 * Discovered widget ids that fit the request schema: a listing that returns malformed ids
 * already fails schema.response-body, and requests are only built from well-formed ones.
 */
function requestableWidgetIds(ids: readonly string[]): string[] {
  return ids.filter((widgetId) => validateBody("getWidget.request", { widgetId }).stated.length === 0);
}

/** Search terms worth trying: a few tags and titles the target itself returned. */
function searchTerms(items: readonly unknown[]): string[] {
  const terms = items.flatMap((item) => {
    if (!isJsonObject(item)) return [];
    const tags = Array.isArray(item.tags) ? item.tags.filter((tag): tag is string => typeof tag === "string") : [];
    return typeof item.title === "string" ? [item.title, ...tags] : tags;
  });
  return spreadSample([...new Set(terms)], 8);
}

/** Builds the context once per run. */
export function requestContextFor(session: TargetSession): Promise<RequestContext> {
  // Stryker disable next-line StringLiteral: any key no other shared value uses names the same context
  return session.shared("request-context", async () => {
    const widgets = await discoveredListing(session, "listFactoryDefaultWidgets");
    const landingPages = await discoveredListing(session, "listLandingPages");
    const { fixtures } = session.settings;
    // Only sizes the target was not seen to refuse or cap (register max-page-size).
    const ceilings = await Promise.all(
      LISTING_OPERATIONS.map(async (operation) => (await discoveredPageSizes(session, operation)).ceiling),
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
  });
}
