/**
 * The tenant domains of the ids a target answers (§2.4 landing://{tenant domain}/…, §2.5
 * analytic://{tenant domain}/…): every landing page the main user's listing returned and every analytic
 * read, each with the request that answered it, so that a contradiction can be asked again.
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";

/** The operations whose answers carry tenant-scoped ids. */
export type TenantScopedOperation = "listLandingPages" | "getAnalytic";

/** One id carrying a tenant domain, where it was answered, and how to ask for it again. */
export interface TenantId {
  readonly id: string;
  /** The tenant domain in lower case (domain names ignore case, RFC 4343). */
  readonly tenant: string;
  readonly operation: TenantScopedOperation;
  readonly label: string;
  readonly exchange: Exchange;
  /** Sends the request that answered it once more. */
  readonly askAgain: () => Promise<Exchange>;
}

/** The tenant domain of a well-formed landing or analytic id (lower case); undefined for any other text. */
export function tenantOf(id: unknown): string | undefined {
  if (typeof id !== "string") return undefined;
  return /^(?:landing|analytic):\/\/([^/\s]+)\/[^/]+$/.exec(id)?.[1]?.toLowerCase();
}

/** The tenant domains of the ids a listing page or an analytic read answered. */
export function tenantsAnswered(operation: TenantScopedOperation, exchange: Exchange): string[] {
  const body = exchange.response?.status === 200 && exchange.isJson ? exchange.json : undefined;
  if (!isJsonObject(body)) return [];
  const ids =
    operation === "getAnalytic"
      ? [isJsonObject(body.analytic) ? body.analytic.id : undefined]
      : Array.isArray(body.landingPages)
        ? body.landingPages.map((page) => (isJsonObject(page) ? page.id : undefined))
        : [];
  return ids.map(tenantOf).filter((tenant): tenant is string => tenant !== undefined);
}

/** Every tenant-scoped id the main user was answered: the walked landing-page listing and the analytic reads. */
export async function tenantIds(target: TargetSession): Promise<TenantId[]> {
  const knowledge = knowledgeOf(target);
  const found: TenantId[] = [];
  const walk = await knowledge.listing("listLandingPages");
  for (const { pageNumber, exchange, page } of walk.pages) {
    for (const item of page.items) {
      const id = isJsonObject(item) ? item.id : undefined;
      const tenant = tenantOf(id);
      if (tenant === undefined) continue;
      found.push({
        id: String(id),
        tenant,
        operation: "listLandingPages",
        label: `listLandingPages page ${pageNumber}`,
        exchange,
        askAgain: () =>
          target.send("listLandingPages", { json: { pagination: { pageNumber, pageSize: walk.pageSize } } }),
      });
    }
  }
  for (const { id: asked, label, exchange } of (await knowledge.reads("getAnalytic")).reads) {
    const [tenant] = tenantsAnswered("getAnalytic", exchange);
    if (tenant === undefined) continue;
    const body = exchange.json as { analytic: { id: string } };
    found.push({
      id: body.analytic.id,
      tenant,
      operation: "getAnalytic",
      label,
      exchange,
      askAgain: () => target.send("getAnalytic", { json: { analyticId: asked } }),
    });
  }
  return found;
}

/** The ids grouped by tenant domain, the largest group first. */
export function byTenant(ids: readonly TenantId[]): [string, TenantId[]][] {
  const groups = new Map<string, TenantId[]>();
  for (const id of ids) groups.set(id.tenant, [...(groups.get(id.tenant) ?? []), id]);
  return [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}
