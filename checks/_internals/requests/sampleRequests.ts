/**
 * Request bodies that should succeed for the configured user, built only from what the
 * target showed or the configuration gave (never from the reference server's data).
 */
import type { OperationName } from "../../../contract/operations.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";

/** A well-formed widget id that no target has: a known id with its last segment replaced. */
export function unknownWidgetId(knownId: string | undefined, seed: number): string {
  const marker = `cms-conformance-unknown-${seed.toString(36)}`;
  if (!knownId || !knownId.startsWith("widget://")) return `widget://cms-conformance.invalid/${marker}`;
  const segments = knownId.slice("widget://".length).split("/");
  segments[segments.length - 1] = marker;
  return `widget://${segments.join("/")}`;
}

/** A well-formed analytic id that no target has, in the tenant of a known id when there is one. */
export function unknownAnalyticId(knownId: string | undefined, seed: number): string {
  const tenant = knownId?.match(/^analytic:\/\/([^/]+)\//)?.[1] ?? "cms-conformance.invalid";
  return `analytic://${tenant}/cms-conformance-unknown-${seed.toString(36)}`;
}

/** The roles request of the configuration: roles plus domainName/serviceName when given. */
export function roleFiltersRequest(session: TargetSession, roles: readonly string[]): Record<string, unknown> {
  const { domainName, serviceName } = session.settings.fixtures;
  return {
    roles: [...roles],
    ...(domainName !== undefined ? { domainName } : {}),
    ...(serviceName !== undefined ? { serviceName } : {}),
  };
}

/**
 * A body the admin should get 200 for, or undefined when the target and configuration give
 * nothing to ask for (an empty widget listing, no analytic ids).
 */
export async function successfulRequestBody(
  session: TargetSession,
  operation: OperationName,
): Promise<Record<string, unknown> | undefined> {
  switch (operation) {
    case "listFactoryDefaultWidgets":
    case "listLandingPages":
      return {};
    case "getWidget": {
      const [widgetId] = await knowledgeOf(session).widgetIds();
      return widgetId === undefined ? undefined : { widgetId };
    }
    case "getAnalytic": {
      const [analyticId] = session.settings.fixtures.analyticIds;
      return analyticId === undefined ? undefined : { analyticId };
    }
    case "getRoleFilters":
      return roleFiltersRequest(session, session.settings.fixtures.roles.slice(0, 2));
  }
}

/**
 * A well-formed body for requests whose answer must not depend on the data (auth checks):
 * a successful body when there is one, else one naming an id that does not exist.
 */
export async function wellFormedRequestBody(
  session: TargetSession,
  operation: OperationName,
): Promise<Record<string, unknown>> {
  const body = await successfulRequestBody(session, operation);
  if (body) return body;
  if (operation === "getWidget") return { widgetId: unknownWidgetId(undefined, session.settings.seed) };
  return { analyticId: unknownAnalyticId(undefined, session.settings.seed) };
}
