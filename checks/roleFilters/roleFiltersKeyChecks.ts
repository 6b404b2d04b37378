/**
 * role-filters.group-keys-agree (§4.5, §2.12; issue 49.4): a filter is linked to a role under a group, and
 * the group's key (domainName, serviceName, sequence) is part of what is linked, so the union keeps each
 * filter under the keys its roles give it. The union law compares filters without their sequence (register
 * role-filter-union-comparison); this check judges the sequence: a filter that both a role alone and the roles
 * together return carries the same sequences in both (a sequence numbered by the group's position in one
 * answer changes with the roles asked, and fails).
 */
import type { CheckContext, CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import type { Exchange } from "../../runner/model/Exchange.js";
import {
  confirmedContradiction,
  scopedAnswer,
  skipWhenNoFilterSeen,
} from "../_internals/roleFilters/roleFilterRequests.js";
import { scopedFilters } from "../_internals/roleFilters/roleFilterSets.js";
import { roleFiltersRequest } from "../_internals/requests/sampleRequests.js";

/** Most configured roles asked alone. */
const MAX_ROLES = 8;

/** filter (domainName, serviceName, name, value) → the sequences it is listed under, in one answer. */
function sequencesByFilter(exchange: Exchange): Map<string, Set<string>> {
  const sequences = new Map<string, Set<string>>();
  for (const filter of scopedFilters(exchange)) {
    const key = JSON.stringify([filter.domainName, filter.serviceName, filter.name, filter.value]);
    const seen = sequences.get(key) ?? new Set<string>();
    seen.add(JSON.stringify(filter.sequence));
    sequences.set(key, seen);
  }
  return sequences;
}

/** The filters both answers' sequences are known for, whose sequences differ: "filter: [1] alone, [2] together". */
function disagreements(alone: Map<string, Set<string>>, together: Map<string, Set<string>>): string[] {
  return [...together].flatMap(([filter, sequences]) => {
    const expected = alone.get(filter);
    if (!expected) return [];
    const same = expected.size === sequences.size && [...expected].every((sequence) => sequences.has(sequence));
    return same
      ? []
      : [`${filter}: sequence ${[...expected].join(", ")} from the roles alone, ${[...sequences].join(", ")} together`];
  });
}

async function judgeGroupKeys(context: CheckContext): Promise<void> {
  const roles = [...new Set(context.target.settings.fixtures.roles)].slice(0, MAX_ROLES);
  if (roles.length < 2)
    return context.judge.skip(
      "comparing keys across answers needs at least two roles; pass --role NAME twice or more.",
    );
  const alone = new Map<string, Set<string>>();
  let filtersSeen = 0;
  for (const role of roles) {
    const answer = await scopedAnswer(context, [role]);
    if (!answer) continue;
    filtersSeen += scopedFilters(answer.exchange).length;
    for (const [filter, sequences] of sequencesByFilter(answer.exchange))
      alone.set(filter, new Set([...(alone.get(filter) ?? []), ...sequences]));
  }
  const together = await scopedAnswer(context, roles);
  if (!together) return;
  filtersSeen += scopedFilters(together.exchange).length;
  if (skipWhenNoFilterSeen(context.judge, filtersSeen, "comparing group keys")) return;
  const found = disagreements(alone, sequencesByFilter(together.exchange));
  if (found.length === 0) return context.judge.witness(evidence(together.label, together.exchange));
  const again = await confirmedContradiction(
    context,
    roleFiltersRequest(context.target, roles),
    (exchange) => disagreements(alone, sequencesByFilter(exchange)).length > 0,
  );
  if (!again) return;
  context.judge.fail(
    `${found.length} filter(s) of ${JSON.stringify(roles)} carry another sequence than when each role is asked alone.`,
    {
      expected:
        "each filter under the group key (domainName, serviceName, sequence) its role links it to (§2.12, §4.5)",
      actual: found.slice(0, 5).join("\n"),
      evidence: [evidence(together.label, together.exchange), evidence(`${together.label}, asked again`, again)],
    },
  );
}

/** role-filters.group-keys-agree (§4.5, §2.12). */
export const roleFiltersGroupKeysAgree: CheckDefinition = {
  id: "role-filters.group-keys-agree",
  title: "A filter keeps its group's key, whichever roles are asked",
  rule:
    "getRoleFilters returns the union of the filters linked to the roles (§4.5), each under its group's key " +
    "(domainName, serviceName, sequence; §2.12): a filter returned for a role alone and for the roles together " +
    "carries the same sequences in both. Skipped, naming the facts to give, when no answer holds a filter.",
  family: "role-filters",
  specRefs: ["4.5", "2.12"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-union-comparison"],
  needs: ["roles"],
  run: judgeGroupKeys,
};
