/**
 * Role-filter checks of the laws (§4.5, §2.12): the result is the union of the roles' filters, with
 * no duplicate, whatever the order of the roles; and the filters the configuration states come back.
 */
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { roleFiltersRequest } from "../_internals/requests/sampleRequests.js";
import {
  difference,
  duplicateFilters,
  filterSet,
  pairsOf,
  sameSet,
  scopedFilters,
  setDifference,
} from "../_internals/roleFilters/roleFilterSets.js";
import {
  filtersOf,
  scopedAnswer,
  skipWhenNoFilterSeen,
  unknownRoleName,
} from "../_internals/roleFilters/roleFilterRequests.js";

/** Most configured roles the laws use; a larger configuration is judged on its first ones (and says so). */
const MAX_LAW_ROLES = 50;

/** Consecutive runs of `length` roles: [a, b], [b, c], … */
function runsOf<T>(items: readonly T[], length: number): T[][] {
  return items.length < length
    ? []
    : items.slice(0, items.length - length + 1).map((_, index) => items.slice(index, index + length));
}

/** role-filters.union-law (§4.5, §2.12). */
export const roleFiltersUnionLaw: CheckDefinition = {
  id: "role-filters.union-law",
  title: "filters(A ∪ B) = filters(A) ∪ filters(B)",
  rule:
    "getRoleFilters returns the union of the filters linked to the given roles (§4.5, §2.12), for two " +
    "roles, three, and all the configured roles together. When no answer holds a filter the law holds of " +
    "empty sets whatever the target does: the check is skipped and names the facts to give.",
  family: "role-filters",
  specRefs: ["4.5", "2.12"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-union-comparison"],
  needs: ["roles"],
  async run(context) {
    const configured = [...new Set(context.target.settings.fixtures.roles)];
    const roles = configured.slice(0, MAX_LAW_ROLES);
    if (roles.length < 2)
      return context.judge.skip("the union law needs at least two roles; pass --role NAME twice or more.");
    context.judge.applied("role-filter-union-comparison");
    if (roles.length < configured.length)
      context.judge.note(`The law was judged on the first ${roles.length} of ${configured.length} configured roles.`);
    const single = new Map<string, Set<string>>();
    for (const role of roles) {
      const answer = await filtersOf(context, [role]);
      if (answer) single.set(role, answer.set);
    }
    // Every adjacent pair and triple, and all roles together: a union of three or more must hold as well as one of two.
    const groups = [...runsOf(roles, 2), ...runsOf(roles, 3), ...(roles.length > 2 ? [roles] : [])];
    // A role that does not exist joins the law when the target answers for it alone (no assumption how).
    const unknownRole = unknownRoleName(context.target);
    const alone = await context.target.send("getRoleFilters", {
      json: roleFiltersRequest(context.target, [unknownRole]),
    });
    const aloneSet = filterSet(alone, context.target.settings.profile === "strict");
    if (aloneSet) {
      single.set(unknownRole, aloneSet);
      groups.push([roles[0] as string, unknownRole]);
    }
    let filtersSeen = [...single.values()].reduce((count, set) => count + set.size, 0);
    for (const group of groups) {
      if (!group.every((role) => single.has(role))) continue;
      const combined = await filtersOf(context, group);
      if (!combined) continue;
      filtersSeen += combined.set.size;
      const union = new Set(group.flatMap((role) => [...(single.get(role) ?? [])]));
      if (sameSet(union, combined.set)) {
        context.judge.witness(evidence(`getRoleFilters ${JSON.stringify(group)}`, combined.exchange));
        continue;
      }
      context.judge.fail(`filters of ${JSON.stringify(group)} are not the union of each role's filters.`, {
        expected: `${union.size} filter(s): the union of the roles' filters`,
        actual: setDifference(combined.set, union),
        evidence: [evidence(`getRoleFilters ${JSON.stringify(group)}`, combined.exchange)],
      });
    }
    skipWhenNoFilterSeen(context.judge, filtersSeen, "the union law");
  },
};

/** role-filters.no-duplicate-filters (§4.5, §2.12). */
export const roleFiltersNoDuplicateFilters: CheckDefinition = {
  id: "role-filters.no-duplicate-filters",
  title: "No filter appears twice in one answer",
  rule:
    "getRoleFilters returns the union of the filters linked to the roles (§4.5, §2.12): a union is a " +
    "set, so no (domainName, serviceName, sequence, name, value) appears twice in one answer, whether " +
    "roles share filters or one role is asked twice. Skipped, naming the facts to give, when no answer holds a filter.",
  family: "role-filters",
  specRefs: ["4.5", "2.12"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-union-comparison"],
  needs: ["roles"],
  async run(context) {
    const roles = [...new Set(context.target.settings.fixtures.roles)];
    const requests = [
      ...roles.slice(0, MAX_LAW_ROLES).map((role) => [role]),
      [roles[0] as string, roles[0] as string],
      roles,
    ];
    let judged = 0;
    let filtersSeen = 0;
    for (const request of requests) {
      const label = `getRoleFilters ${JSON.stringify(request)}`;
      const answer = await filtersOf(context, request);
      if (!answer) continue;
      judged += 1;
      filtersSeen += answer.set.size;
      const duplicates = duplicateFilters(answer.exchange);
      if (duplicates.length === 0) continue;
      context.judge.fail(`${label} lists ${duplicates.length} filter(s) more than once.`, {
        expected: "each (domainName, serviceName, sequence, name, value) once: the union is a set (§4.5)",
        actual: duplicates.slice(0, 5).join("\n"),
        evidence: [evidence(label, answer.exchange)],
      });
    }
    if (skipWhenNoFilterSeen(context.judge, filtersSeen, "a union without repeated filters")) return;
    context.judge.note(
      `${judged} answer(s) without a repeated filter (each role alone, the first role twice, all roles together).`,
    );
  },
};

/** role-filters.order-and-duplicates-irrelevant (§4.5). */
export const roleFiltersOrderAndDuplicatesIrrelevant: CheckDefinition = {
  id: "role-filters.order-and-duplicates-irrelevant",
  title: "Order and duplicates of roles do not change the filters",
  rule: "A union does not depend on the order of its operands or on repeating one (§4.5). Skipped, naming the facts to give, when no answer holds a filter.",
  family: "role-filters",
  specRefs: ["4.5"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-union-comparison"],
  needs: ["roles"],
  async run(context) {
    // needs: ["roles"] makes runCheck skip the check when no role is configured.
    const roles = context.target.settings.fixtures.roles.slice(0, 8);
    const reference = await filtersOf(context, roles);
    if (!reference) return;
    let filtersSeen = reference.set.size;
    for (const variant of [[...roles].reverse(), [...roles, ...roles], [roles[0] as string, ...roles]]) {
      const answer = await filtersOf(context, variant);
      if (!answer) continue;
      filtersSeen += answer.set.size;
      if (sameSet(reference.set, answer.set)) continue;
      context.judge.fail(`filters of ${JSON.stringify(variant)} differ from those of ${JSON.stringify(roles)}.`, {
        expected: `${reference.set.size} filter(s), as for ${JSON.stringify(roles)}`,
        actual: setDifference(answer.set, reference.set),
        evidence: [
          evidence(`getRoleFilters ${JSON.stringify(variant)}`, answer.exchange),
          evidence(`getRoleFilters ${JSON.stringify(roles)}`, reference.exchange),
        ],
      });
    }
    if (skipWhenNoFilterSeen(context.judge, filtersSeen, "the order and repetition of roles")) return;
    context.judge.witness(evidence(`getRoleFilters ${JSON.stringify(roles)}`, reference.exchange));
  },
};

/** role-filters.expected-filters (§4.5, §2.12). */
export const roleFiltersExpectedFilters: CheckDefinition = {
  id: "role-filters.expected-filters",
  title: "Each role has exactly the filters the configuration states",
  rule:
    "getRoleFilters returns the filters linked to the given roles (§4.5, §2.12): asked for one role, the " +
    "groups of the configured domainName and serviceName hold exactly the filters the role-filters fact lists for it.",
  family: "role-filters",
  specRefs: ["4.5", "2.12"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: ["role-filter-scope"],
  needs: ["roles"],
  async run(context) {
    const { target, judge } = context;
    const { roleFilters: facts, domainName, serviceName } = target.settings.fixtures;
    const roles = Object.keys(facts ?? {}).slice(0, MAX_LAW_ROLES);
    if (!facts || roles.length === 0)
      return judge.skip(
        'no role\'s filters are known: give role-filters in the config file, { "<role>": [{ "name": "...", ' +
          '"value": "..." }] }, the filters each role has in domainName/serviceName.',
      );
    for (const role of roles) {
      const answer = await scopedAnswer(context, [role]);
      if (!answer) continue;
      const inScope = scopedFilters(answer.exchange).filter(
        (filter) =>
          (domainName === undefined || filter.domainName === domainName) &&
          (serviceName === undefined || filter.serviceName === serviceName),
      );
      const actual = pairsOf(inScope);
      const expected = new Set((facts[role] ?? []).map(({ name, value }) => JSON.stringify([name, value])));
      if (sameSet(actual, expected)) {
        judge.witness(evidence(answer.label, answer.exchange));
        continue;
      }
      const missing = difference(expected, actual);
      const extra = difference(actual, expected);
      judge.fail(`the filters of role ${JSON.stringify(role)} are not the ${expected.size} the configuration states.`, {
        expected:
          `${expected.size} filter(s) (name, value) in ` +
          `${domainName ?? "any domain"}/${serviceName ?? "any service"}: ${[...expected].slice(0, 5).join(" ") || "none"}`,
        actual: `${actual.size} filter(s); missing ${missing.slice(0, 5).join(" ") || "none"}; extra ${extra.slice(0, 5).join(" ") || "none"}`,
        evidence: [evidence(answer.label, answer.exchange)],
      });
    }
    judge.note(`${roles.length} role(s) compared with the role-filters fact.`);
  },
};

/** role-filters.exact-role-names (§4.5). */
export const roleFiltersExactRoleNames: CheckDefinition = {
  id: "role-filters.exact-role-names",
  title: "Role names are matched whole: an unknown role or a prefix of a role gets no filters of it",
  rule:
    "getRoleFilters returns the filters linked to the given roles (§4.5): a role that does not exist has " +
    "none, and a name that is a prefix of a configured role (and not configured itself) does not get " +
    "that role's filters. Skipped, naming the facts to give, when the configured roles together get no filter.",
  family: "role-filters",
  specRefs: ["4.5"],
  level: "MUST",
  operations: ["getRoleFilters"],
  registerRefs: [],
  needs: ["roles"],
  async run(context) {
    const { target, judge } = context;
    const configured = new Set(target.settings.fixtures.roles);
    // Whether any configured role has a filter: if none has, "an unknown role gets none" holds of every target.
    const together = await scopedAnswer(context, [...configured].slice(0, MAX_LAW_ROLES));
    if (together && skipWhenNoFilterSeen(judge, scopedFilters(together.exchange).length, "matching role names whole"))
      return;
    const unknownRole = unknownRoleName(target);
    const unknown = await scopedAnswer(context, [unknownRole]);
    if (unknown) {
      const filters = scopedFilters(unknown.exchange);
      if (filters.length > 0)
        judge.fail(`the role ${JSON.stringify(unknownRole)}, which does not exist, got ${filters.length} filter(s).`, {
          expected: "no filter: no filter is linked to a role that does not exist (§4.5)",
          actual: [...pairsOf(filters)].slice(0, 5).join(" "),
          evidence: [evidence(unknown.label, unknown.exchange)],
        });
      else judge.witness(evidence(unknown.label, unknown.exchange));
    }
    const prefixed = [...configured]
      .map((role) => ({ role, prefix: [...role].slice(0, -1).join("") }))
      .filter(({ prefix }) => prefix.trim() !== "" && !configured.has(prefix))
      .slice(0, 3);
    let judged = 0;
    for (const { role, prefix } of prefixed) {
      const own = await scopedAnswer(context, [role]);
      const ownPairs = own ? pairsOf(scopedFilters(own.exchange)) : new Set<string>();
      if (!own || ownPairs.size === 0) continue;
      const answer = await scopedAnswer(context, [prefix]);
      if (!answer) continue;
      judged += 1;
      const pairs = pairsOf(scopedFilters(answer.exchange));
      // A real role named like the prefix may share a filter or two; all of them is a prefix match.
      if (difference(ownPairs, pairs).length > 0) {
        judge.witness(evidence(answer.label, answer.exchange));
        continue;
      }
      judge.fail(
        `the name ${JSON.stringify(prefix)} got every filter of the role ${JSON.stringify(role)}: role names seem matched by prefix.`,
        {
          expected: `none of the ${ownPairs.size} filter(s) of ${JSON.stringify(role)}: ${JSON.stringify(prefix)} is not that role (§4.5)`,
          actual: `${pairs.size} filter(s), all ${ownPairs.size} of ${JSON.stringify(role)} among them`,
          evidence: [evidence(answer.label, answer.exchange), evidence(own.label, own.exchange)],
        },
      );
    }
    judge.note(
      `An unknown role and ${judged} prefix(es) of configured roles with filters ` +
        `(${prefixed.map(({ prefix }) => JSON.stringify(prefix)).join(", ") || "none"}) asked for.`,
    );
  },
};
