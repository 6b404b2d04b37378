/**
 * One tenant domain across a target's landing page and analytic ids (§2.4, §2.5; register
 * one-tenant-domain): ids of two domains fail only when asking again for an answer of each domain
 * shows both again, so data changing mid-run is not blamed.
 */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import type { EvidenceItem } from "../../../runner/model/RunReport.js";
import { noIdsReason } from "../requests/itemTargets.js";
import { byTenant, tenantIds, tenantsAnswered, type TenantId } from "./tenantDomains.js";

/** Most tenant domains named in a failure. */
const SHOWN_TENANTS = 4;

/** "a.com (12 ids, e.g. landing://a.com/x from listLandingPages page 0)". */
function describeGroup([tenant, ids]: [string, TenantId[]]): string {
  const [first] = ids as [TenantId];
  return `${tenant} (${ids.length} id(s), e.g. ${first.id} from ${first.label})`;
}

/** Asks again for one answer of each domain; the domains the new answers show, and their evidence. */
async function confirm(
  groups: readonly [string, TenantId[]][],
): Promise<{ tenants: Set<string>; items: EvidenceItem[] }> {
  const tenants = new Set<string>();
  const items: EvidenceItem[] = [];
  for (const [tenant, [first]] of groups.slice(0, SHOWN_TENANTS) as [string, [TenantId]][]) {
    const again = await first.askAgain();
    for (const seen of tenantsAnswered(first.operation, again)) tenants.add(seen);
    items.push(evidence(`${first.label}, asked again (carried ${tenant})`, again));
  }
  return { tenants, items };
}

/** Judges the tenant domains of `operation`'s ids against every tenant-scoped id the main user was answered. */
export async function judgeOneTenantDomain({ operation, target, judge }: CheckContext): Promise<void> {
  judge.applied("one-tenant-domain");
  const ids = await tenantIds(target);
  const own = ids.filter((id) => id.operation === operation);
  if (own.length === 0) {
    return judge.skip(
      operation === "getAnalytic"
        ? `no read answered an analytic id of the form analytic://{tenant domain}/… (${noIdsReason("getAnalytic")}).`
        : "the landing page listing returned no id of the form landing://{tenant domain}/….",
    );
  }
  const groups = byTenant(ids);
  const others = ids.length - own.length;
  if (groups.length === 1) {
    judge.witness(evidence(own[0]!.label, own[0]!.exchange));
    judge.note(
      `${own.length} id(s) of ${operation} and ${others} of the other operation carry one tenant domain: ${groups[0]![0]}.`,
    );
    return;
  }
  const { tenants, items } = await confirm(groups);
  if (tenants.size < 2) {
    judge.note(
      `ids of ${groups.length} tenant domains were answered once ` +
        `(${groups.map(([tenant]) => tenant).join(", ")}), but asking again showed ` +
        `${[...tenants].join(", ") || "none"}: the data changed mid-run, not blamed.`,
    );
    return;
  }
  judge.fail(
    `the landing page and analytic ids carry ${groups.length} tenant domains, confirmed by asking again: ` +
      `${groups.slice(0, SHOWN_TENANTS).map(describeGroup).join("; ")}.`,
    {
      expected:
        "one tenant domain in every landing://{tenant domain}/… and analytic://{tenant domain}/… id answered " +
        "to one user (§2.4, §2.5; register one-tenant-domain)",
      actual: `tenant domains ${groups.map(([tenant]) => tenant).join(", ")}`,
      evidence: [
        ...groups.slice(0, SHOWN_TENANTS).map(([, [first]]) => evidence(first!.label, first!.exchange)),
        ...items,
      ],
    },
  );
}
