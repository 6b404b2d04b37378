/**
 * Role-filter checks of the request (§4.5, §2.12): edge requests (no role, an unknown role) and the
 * domain and service asked scope the answer.
 */
import type { CheckContext, CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { answered, describeAnswer } from "../_internals/judges/judgeExchange.js";
import { roleFiltersRequest } from "../_internals/requests/sampleRequests.js";
import type { Exchange } from "../../runner/model/Exchange.js";
import { filterSet, pairsOf, sameSet, scopedFilters, setDifference } from "../_internals/roleFilters/roleFilterSets.js";
import {
  confirmedContradiction,
  filtersOf,
  scopedAnswer,
  skipWhenNoFilterSeen,
  unknownRoleName,
  type RequestScope,
} from "../_internals/roleFilters/roleFilterRequests.js";

/** One edge request of role-filters.edge-requests: its roles, why its answer must be what it is, and the filters expected. */
interface EdgeCase {
  readonly roles: readonly string[];
  readonly why: string;
  /** Undefined when the known role's own request failed (filtersOf said so): nothing to compare with. */
  readonly wanted: () => Promise<Set<string> | undefined>;
}

/** Asks one edge request: a refusal departs (register role-filter-edge-requests), other filters fail once confirmed (§4.5). */
async function judgeEdgeCase(context: CheckContext, { roles, why, wanted: expected }: EdgeCase): Promise<void> {
  const { target, judge } = context;
  const label = `getRoleFilters ${JSON.stringify(roles)}`;
  const json = roleFiltersRequest(target, roles);
  const exchange = await target.send("getRoleFilters", { json });
  // answered() has failed a 5xx already.
  if (!answered(judge, label, exchange)) return;
  const wanted = await expected();
  if (!wanted) return;
  const details = {
    expected: `200 with ${wanted.size} filter(s): ${why} (§4.5)`,
    evidence: [evidence(label, exchange)],
  };
  if (exchange.response.status !== 200)
    return judge.depart("role-filter-edge-requests", `${label} was refused (${describeAnswer(exchange)}).`, {
      ...details,
      actual: describeAnswer(exchange),
    });
  const withSequence = target.settings.profile === "strict";
  const set = filterSet(exchange, withSequence);
  if (!set)
    return judge.fail(`${label}: 200 without a filters array.`, { ...details, actual: describeAnswer(exchange) });
  if (sameSet(set, wanted)) return judge.witness(evidence(label, exchange));
  const again = await confirmedContradiction(context, json, (second) => {
    const secondSet = filterSet(second, withSequence);
    return secondSet === undefined || !sameSet(secondSet, wanted);
  });
  if (!again) return;
  judge.fail(`${label} answered other filters than expected, twice: ${why}.`, {
    ...details,
    actual: setDifference(set, wanted),
    evidence: [evidence(label, exchange), evidence(`${label}, asked again`, again)],
  });
}

/** The filters of an answer whose group is keyed with another domain or service than `asked`. */
function foreignFilters(exchange: Exchange, asked: Required<RequestScope>) {
  return scopedFilters(exchange).filter(
    (filter) => filter.domainName !== asked.domainName || filter.serviceName !== asked.serviceName,
  );
}

/** Fails an answer holding groups of another domain or service than asked, once a re-read confirms it (§4.5, §2.12); true when it failed. */
async function judgeForeignGroups(
  context: CheckContext,
  answer: { label: string; exchange: Exchange; json: Record<string, unknown> },
  asked: Required<RequestScope>,
): Promise<boolean> {
  const foreign = foreignFilters(answer.exchange, asked);
  if (foreign.length === 0) {
    context.judge.witness(evidence(answer.label, answer.exchange));
    return false;
  }
  const again = await confirmedContradiction(
    context,
    answer.json,
    (second) => second.response?.status === 200 && foreignFilters(second, asked).length > 0,
  );
  if (!again) return false;
  const areas = [...new Set(foreign.map((filter) => `${String(filter.domainName)}/${String(filter.serviceName)}`))];
  context.judge.fail(`${answer.label} returned ${foreign.length} filter(s) of another domain or service, twice.`, {
    expected: `only groups keyed ${asked.domainName}/${asked.serviceName}, the domainName and serviceName asked (§4.5, §2.12)`,
    actual: `groups of ${areas.slice(0, 5).join(", ")}`,
    evidence: [evidence(answer.label, answer.exchange), evidence(`${answer.label}, asked again`, again)],
  });
  return true;
}

/** role-filters.edge-requests (§4.5). */
export const roleFiltersEdgeRequests: CheckDefinition = {
  id: "role-filters.edge-requests",
  title: "No roles, or a role that does not exist, contribute no filters",
  rule:
    "getRoleFilters returns the union of the filters linked to the given roles (§4.5): the union over no " +
    "roles is empty, and a role that does not exist has no filter linked to it, so beside a known role " +
    "it adds none and takes none away. A 200 that holds other filters fails after one confirming " +
    "re-read. Whether an empty roles list or an unknown role is a valid request is not stated: a refusal " +
    "(4xx) is a warning (register role-filter-edge-requests).",
  family: "role-filters",
  specRefs: ["4.5"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-edge-requests"],
  async run(context) {
    const { target, judge } = context;
    judge.applied("role-filter-edge-requests");
    const unknownRole = unknownRoleName(target);
    const known = target.settings.fixtures.roles.slice(0, 1);
    const cases: EdgeCase[] = [
      { roles: [], why: "the union over no roles is empty", wanted: async () => new Set() },
      {
        roles: [unknownRole],
        why: "no filter is linked to a role that does not exist",
        wanted: async () => new Set(),
      },
    ];
    if (known.length > 0)
      cases.push({
        roles: [...known, unknownRole],
        why: `an unknown role adds nothing to the filters of ${JSON.stringify(known[0])} and takes none away`,
        wanted: async () => (await filtersOf(context, known))?.set,
      });
    for (const edge of cases) await judgeEdgeCase(context, edge);
  },
};

/** role-filters.scope-of-request (§4.5, §2.12). */
export const roleFiltersScopeOfRequest: CheckDefinition = {
  id: "role-filters.scope-of-request",
  title: "The filters returned are those of the domainName and serviceName asked",
  rule:
    "getRoleFilters returns the filters linked to the roles, and its request names a domainName and a " +
    "serviceName (§4.5): every group returned carries the pair asked in its key (§2.12), and a group of " +
    "another domain or service fails after one confirming re-read, whether the configured pair or a " +
    "made-up one was asked. The very filters of the configured pair for a made-up domainName or " +
    "serviceName are a warning (register role-filter-scope). Skipped, naming the facts to give, when no " +
    "answer holds a filter.",
  family: "role-filters",
  specRefs: ["4.5", "2.12"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-scope"],
  needs: ["roles"],
  async run(context) {
    const { target, judge } = context;
    const { domainName, serviceName, roles: configured } = target.settings.fixtures;
    if (domainName === undefined || serviceName === undefined)
      return judge.skip(
        "the scope of an answer is judged against the request's: give --domain-name and --service-name.",
      );
    judge.applied("role-filter-scope");
    const roles = [...new Set(configured)].slice(0, 8);
    const requests = [...roles.map((role) => [role]), ...(roles.length > 1 ? [roles] : [])];
    let filtersSeen = 0;
    let allPairs: { pairs: Set<string>; label: string; exchange: Exchange } | undefined;
    for (const request of requests) {
      const answer = await scopedAnswer(context, request);
      if (!answer) continue;
      const filters = scopedFilters(answer.exchange);
      filtersSeen += filters.length;
      if (request.length === roles.length) allPairs = { pairs: pairsOf(filters), ...answer };
      await judgeForeignGroups(context, answer, { domainName, serviceName });
    }
    if (skipWhenNoFilterSeen(judge, filtersSeen, "the scope of the answers")) return;
    if (!allPairs || allPairs.pairs.size === 0)
      return judge.note(
        "The configured roles together have no filters here: another domainName or serviceName was not asked.",
      );
    const other = `cms-conformance-other-${target.settings.seed.toString(36)}`;
    for (const scope of [{ serviceName: other }, { domainName: other }]) {
      const answer = await scopedAnswer(context, roles, scope);
      if (!answer) continue;
      if (await judgeForeignGroups(context, answer, { domainName, serviceName, ...scope })) continue;
      if (!sameSet(pairsOf(scopedFilters(answer.exchange)), allPairs.pairs)) {
        judge.witness(evidence(answer.label, answer.exchange));
        continue;
      }
      judge.depart(
        "role-filter-scope",
        `${answer.label} returned the very filters of ${domainName}/${serviceName}, under the pair asked.`,
        {
          expected: `not the ${allPairs.pairs.size} filter(s) of ${domainName}/${serviceName}: another ${Object.keys(scope).join()} was asked`,
          actual: `the same ${allPairs.pairs.size} filter(s) (name, value)`,
          evidence: [evidence(answer.label, answer.exchange), evidence(allPairs.label, allPairs.exchange)],
        },
      );
    }
  },
};
