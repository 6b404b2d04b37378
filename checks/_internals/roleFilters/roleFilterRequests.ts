/** The getRoleFilters requests the role-filter checks send (§4.5), and what they do with an answer nobody can judge. */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { answered, describeAnswer } from "../judges/judgeExchange.js";
import { roleFiltersRequest } from "../requests/sampleRequests.js";
import { filterSet } from "./roleFilterSets.js";

/** A role name no target holds, the same for every check of one run. */
export function unknownRoleName(target: TargetSession): string {
  return `cms-conformance-unknown-role-${target.settings.seed.toString(36)}`;
}

/** Asks for the filters of `roles`; records a failure when the answer is not a usable 200. */
export async function filtersOf(
  context: CheckContext,
  roles: readonly string[],
): Promise<{ set: Set<string>; exchange: Exchange } | undefined> {
  const label = `getRoleFilters ${JSON.stringify(roles)}`;
  const exchange = await context.target.send("getRoleFilters", { json: roleFiltersRequest(context.target, roles) });
  if (!answered(context.judge, label, exchange)) return undefined;
  const set = filterSet(exchange, context.target.settings.profile === "strict");
  if (!set) {
    context.judge.fail(`${label}: expected 200 with a filters array, got ${describeAnswer(exchange)}.`, {
      expected: "200 with { filters: [...] } (§4.5)",
      actual: describeAnswer(exchange),
      evidence: [evidence(label, exchange)],
    });
    return undefined;
  }
  return { set, exchange };
}

/** The domainName and serviceName of a request, when they differ from the configured ones. */
export interface RequestScope {
  readonly domainName?: string;
  readonly serviceName?: string;
}

/** Asks for the filters of `roles`, under another domainName/serviceName when `scope` says so; undefined unless a 200. */
export async function scopedAnswer(
  context: CheckContext,
  roles: readonly string[],
  scope: RequestScope = {},
): Promise<{ label: string; exchange: Exchange; json: Record<string, unknown> } | undefined> {
  const json = { ...roleFiltersRequest(context.target, roles), ...scope };
  const label = `getRoleFilters ${JSON.stringify(json)}`;
  const exchange = await context.target.send("getRoleFilters", { json });
  if (!answered(context.judge, label, exchange) || exchange.response?.status !== 200) return undefined;
  return { label, exchange, json };
}

/**
 * Sends `json` again when its first answer contradicts the request, so data changing mid-run is
 * not blamed: the re-read when it still contradicts, undefined (and a note) when it does not.
 */
export async function confirmedContradiction(
  context: CheckContext,
  json: Record<string, unknown>,
  stillWrong: (exchange: Exchange) => boolean,
): Promise<Exchange | undefined> {
  const again = await context.target.send("getRoleFilters", { json });
  if (again.response !== undefined && stillWrong(again)) return again;
  context.judge.note(`getRoleFilters ${JSON.stringify(json)} was answered otherwise when asked again: not blamed.`);
  return undefined;
}

/**
 * Every answer a check got held no filter (each configured role alone and together): its law holds
 * of empty sets whatever the target does, so the check skips and names the facts that would judge it.
 */
export function skipWhenNoFilterSeen(judge: Judgement, filtersSeen: number, law: string): boolean {
  if (filtersSeen > 0 || judge.hasFailed()) return false;
  judge.skip(
    `every answer held no filter, so ${law} is vacuous here (a getRoleFilters that always answers [] ` +
      `would pass): configure roles that have filters (--role) and give each role's filters (the ` +
      `role-filters key of the config file) to judge it.`,
  );
  return true;
}
