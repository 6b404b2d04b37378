/**
 * Role filters (§4.5, §2.12): the result is the union of the filters linked to the roles, so
 * filters(A ∪ B) = filters(A) ∪ filters(B), and order and duplicates of roles do not matter.
 * Compared as sets of (domainName, serviceName, name, value) (register role-filter-union-comparison).
 */
import type { CheckContext, CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered, describeAnswer } from "./_internals/judges/judgeExchange.js";
import { isJsonObject } from "../contract/jsonValue.js";
import { roleFiltersRequest } from "./_internals/requests/sampleRequests.js";
import type { Exchange } from "../runner/model/Exchange.js";

/** The filters of one answer as a set of comparable keys, or undefined when the answer is unusable. */
function filterSet(exchange: Exchange, withSequence: boolean): Set<string> | undefined {
  if (exchange.response?.status !== 200 || !isJsonObject(exchange.json) || !Array.isArray(exchange.json.filters))
    return undefined;
  const keys = new Set<string>();
  for (const group of exchange.json.filters) {
    if (!isJsonObject(group) || !isJsonObject(group.key) || !Array.isArray(group.filters)) continue;
    const { domainName, serviceName, sequence } = group.key;
    for (const filter of group.filters) {
      if (!isJsonObject(filter)) continue;
      keys.add(
        JSON.stringify([domainName, serviceName, ...(withSequence ? [sequence] : []), filter.name, filter.value]),
      );
    }
  }
  return keys;
}

/** Every (domainName, serviceName, sequence, name, value) that one answer lists more than once. */
function duplicateFilters(exchange: Exchange): string[] {
  if (!isJsonObject(exchange.json) || !Array.isArray(exchange.json.filters)) return [];
  const counts = new Map<string, number>();
  for (const group of exchange.json.filters) {
    if (!isJsonObject(group) || !isJsonObject(group.key) || !Array.isArray(group.filters)) continue;
    const { domainName, serviceName, sequence } = group.key;
    for (const filter of group.filters) {
      if (!isJsonObject(filter)) continue;
      const key = JSON.stringify([domainName, serviceName, sequence, filter.name, filter.value]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].filter(([, count]) => count > 1).map(([key, count]) => `${key} ×${count}`);
}

/** Most configured roles the laws use; a larger configuration is judged on its first ones (and says so). */
const MAX_LAW_ROLES = 50;

/** Consecutive runs of `length` roles: [a, b], [b, c], … */
function runsOf<T>(items: readonly T[], length: number): T[][] {
  return items.length < length
    ? []
    : items.slice(0, items.length - length + 1).map((_, index) => items.slice(index, index + length));
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((key) => b.has(key));
const difference = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((key) => !b.has(key));

/** Asks for the filters of `roles`; records a failure when the answer is not a usable 200. */
async function filtersOf(
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

/** One filter of an answer with the domain and service of its group's key. */
interface ScopedFilter {
  readonly domainName: unknown;
  readonly serviceName: unknown;
  readonly name: unknown;
  readonly value: unknown;
}

/** Every filter of an answer with its group's domain and service (malformed groups and filters passed over). */
function scopedFilters(exchange: Exchange): ScopedFilter[] {
  if (!isJsonObject(exchange.json) || !Array.isArray(exchange.json.filters)) return [];
  return exchange.json.filters.flatMap((group) => {
    if (!isJsonObject(group) || !isJsonObject(group.key) || !Array.isArray(group.filters)) return [];
    const { domainName, serviceName } = group.key;
    return group.filters.filter(isJsonObject).map((filter) => ({
      domainName,
      serviceName,
      name: filter.name,
      value: filter.value,
    }));
  });
}

/** The (name, value) pairs of `filters`, as comparable keys. */
const pairsOf = (filters: readonly ScopedFilter[]) =>
  new Set(filters.map(({ name, value }) => JSON.stringify([name, value])));

/** Asks for the filters of `roles` under another domainName/serviceName than the configured ones; undefined unless a 200. */
async function scopedAnswer(
  context: CheckContext,
  roles: readonly string[],
  scope: { domainName?: string; serviceName?: string } = {},
): Promise<{ label: string; exchange: Exchange } | undefined> {
  const json = { ...roleFiltersRequest(context.target, roles), ...scope };
  const label = `getRoleFilters ${JSON.stringify(json)}`;
  const exchange = await context.target.send("getRoleFilters", { json });
  if (!answered(context.judge, label, exchange) || exchange.response?.status !== 200) return undefined;
  return { label, exchange };
}

/** Checks of the roleFilters family. */
export const roleFiltersChecks: readonly CheckDefinition[] = [
  {
    id: "role-filters.union-law",
    title: "filters(A ∪ B) = filters(A) ∪ filters(B)",
    rule: "getRoleFilters returns the union of the filters linked to the given roles (§4.5, §2.12), for two roles, three, and all the configured roles together.",
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
      const unknownRole = `cms-conformance-unknown-role-${context.target.settings.seed.toString(36)}`;
      const alone = await context.target.send("getRoleFilters", {
        json: roleFiltersRequest(context.target, [unknownRole]),
      });
      const aloneSet = filterSet(alone, context.target.settings.profile === "strict");
      if (aloneSet) {
        single.set(unknownRole, aloneSet);
        groups.push([roles[0] as string, unknownRole]);
      }
      for (const group of groups) {
        if (!group.every((role) => single.has(role))) continue;
        const combined = await filtersOf(context, group);
        if (!combined) continue;
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
    },
  },
  {
    id: "role-filters.no-duplicate-filters",
    title: "No filter appears twice in one answer",
    rule: "getRoleFilters returns the union of the filters linked to the roles (§4.5, §2.12): a union is a set, so no (domainName, serviceName, sequence, name, value) appears twice in one answer, whether roles share filters or one role is asked twice.",
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
      for (const request of requests) {
        const label = `getRoleFilters ${JSON.stringify(request)}`;
        const answer = await filtersOf(context, request);
        if (!answer) continue;
        judged += 1;
        const duplicates = duplicateFilters(answer.exchange);
        if (duplicates.length === 0) continue;
        context.judge.fail(`${label} lists ${duplicates.length} filter(s) more than once.`, {
          expected: "each (domainName, serviceName, sequence, name, value) once: the union is a set (§4.5)",
          actual: duplicates.slice(0, 5).join("\n"),
          evidence: [evidence(label, answer.exchange)],
        });
      }
      context.judge.note(
        `${judged} answer(s) without a repeated filter (each role alone, the first role twice, all roles together).`,
      );
    },
  },
  {
    id: "role-filters.order-and-duplicates-irrelevant",
    title: "Order and duplicates of roles do not change the filters",
    rule: "A union does not depend on the order of its operands or on repeating one (§4.5).",
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
      for (const variant of [[...roles].reverse(), [...roles, ...roles], [roles[0] as string, ...roles]]) {
        const answer = await filtersOf(context, variant);
        if (!answer) continue;
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
      context.judge.witness(evidence(`getRoleFilters ${JSON.stringify(roles)}`, reference.exchange));
    },
  },
  {
    id: "role-filters.edge-requests",
    title: "No roles, or a role that does not exist, contribute no filters",
    rule: "Not stated; the register's default: the union over no roles is empty, and an unknown role has no filters linked to it.",
    family: "role-filters",
    specRefs: ["4.5"],
    level: "SHOULD",
    operations: ["getRoleFilters"],
    registerRefs: ["role-filter-edge-requests"],
    async run(context) {
      const { target, judge } = context;
      judge.applied("role-filter-edge-requests");
      const unknownRole = `cms-conformance-unknown-role-${target.settings.seed.toString(36)}`;
      const known = target.settings.fixtures.roles.slice(0, 1);
      const cases: { roles: string[]; expected: () => Promise<Set<string> | undefined> }[] = [
        { roles: [], expected: async () => new Set() },
        { roles: [unknownRole], expected: async () => new Set() },
      ];
      if (known.length > 0)
        cases.push({ roles: [...known, unknownRole], expected: async () => (await filtersOf(context, known))?.set });
      for (const { roles, expected } of cases) {
        const label = `getRoleFilters ${JSON.stringify(roles)}`;
        const exchange = await target.send("getRoleFilters", { json: roleFiltersRequest(target, roles) });
        if (!answered(judge, label, exchange)) continue;
        // answered() has failed a 5xx already.
        const details = { evidence: [evidence(label, exchange)] };
        const set = filterSet(exchange, target.settings.profile === "strict");
        const wanted = await expected();
        // The known role's own request failed, and filtersOf said so: nothing to compare with.
        if (!wanted) continue;
        if (!set || !sameSet(set, wanted)) {
          judge.depart(
            "role-filter-edge-requests",
            `${label} did not answer 200 with the filters of the known roles only.`,
            {
              ...details,
              expected: `200 with ${wanted.size} filter(s)`,
              actual: set ? setDifference(set, wanted) : describeAnswer(exchange),
            },
          );
        } else {
          judge.witness(evidence(label, exchange));
        }
      }
    },
  },
  {
    id: "role-filters.expected-filters",
    title: "Each role has exactly the filters the configuration states",
    rule: "getRoleFilters returns the filters linked to the given roles (§4.5, §2.12): asked for one role, the groups of the configured domainName and serviceName hold exactly the filters the role-filters fact lists for it.",
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
          'no role\'s filters are known: give role-filters in the config file, { "<role>": [{ "name": "...", "value": "..." }] }, the filters each role has in domainName/serviceName.',
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
        judge.fail(
          `the filters of role ${JSON.stringify(role)} are not the ${expected.size} the configuration states.`,
          {
            expected: `${expected.size} filter(s) (name, value) in ${domainName ?? "any domain"}/${serviceName ?? "any service"}: ${[...expected].slice(0, 5).join(" ") || "none"}`,
            actual: `${actual.size} filter(s); missing ${missing.slice(0, 5).join(" ") || "none"}; extra ${extra.slice(0, 5).join(" ") || "none"}`,
            evidence: [evidence(answer.label, answer.exchange)],
          },
        );
      }
      judge.note(`${roles.length} role(s) compared with the role-filters fact.`);
    },
  },
  {
    id: "role-filters.exact-role-names",
    title: "Role names are matched whole: an unknown role or a prefix of a role gets no filters of it",
    rule: "getRoleFilters returns the filters linked to the given roles (§4.5): a role that does not exist has none, and a name that is a prefix of a configured role (and not configured itself) does not get that role's filters.",
    family: "role-filters",
    specRefs: ["4.5"],
    level: "MUST",
    operations: ["getRoleFilters"],
    registerRefs: [],
    needs: ["roles"],
    async run(context) {
      const { target, judge } = context;
      const configured = new Set(target.settings.fixtures.roles);
      const unknownRole = `cms-conformance-unknown-role-${target.settings.seed.toString(36)}`;
      const unknown = await scopedAnswer(context, [unknownRole]);
      if (unknown) {
        const filters = scopedFilters(unknown.exchange);
        if (filters.length > 0)
          judge.fail(
            `the role ${JSON.stringify(unknownRole)}, which does not exist, got ${filters.length} filter(s).`,
            {
              expected: "no filter: no filter is linked to a role that does not exist (§4.5)",
              actual: [...pairsOf(filters)].slice(0, 5).join(" "),
              evidence: [evidence(unknown.label, unknown.exchange)],
            },
          );
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
        `An unknown role and ${judged} prefix(es) of configured roles with filters (${prefixed.map(({ prefix }) => JSON.stringify(prefix)).join(", ") || "none"}) asked for.`,
      );
    },
  },
  {
    id: "role-filters.scope-of-request",
    title: "The filters returned are those of the domainName and serviceName asked",
    rule: "Not stated; the register's default: every group returned carries the requested domainName and serviceName in its key (§2.12), and another serviceName or domainName does not return the same filters.",
    family: "role-filters",
    specRefs: ["4.5", "2.12"],
    level: "SHOULD",
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
      let allPairs: { pairs: Set<string>; label: string; exchange: Exchange } | undefined;
      for (const request of requests) {
        const answer = await scopedAnswer(context, request);
        if (!answer) continue;
        const filters = scopedFilters(answer.exchange);
        if (request.length === roles.length) allPairs = { pairs: pairsOf(filters), ...answer };
        const foreign = filters.filter(
          (filter) => filter.domainName !== domainName || filter.serviceName !== serviceName,
        );
        if (foreign.length === 0) {
          judge.witness(evidence(answer.label, answer.exchange));
          continue;
        }
        const areas = [
          ...new Set(foreign.map((filter) => `${String(filter.domainName)}/${String(filter.serviceName)}`)),
        ];
        judge.depart(
          "role-filter-scope",
          `${answer.label} returned ${foreign.length} filter(s) of another domain or service.`,
          {
            expected: `only groups keyed ${domainName}/${serviceName}, the domainName and serviceName asked`,
            actual: `groups of ${areas.slice(0, 5).join(", ")}`,
            evidence: [evidence(answer.label, answer.exchange)],
          },
        );
      }
      if (!allPairs || allPairs.pairs.size === 0)
        return judge.note(
          "The configured roles have no filters here: another domainName or serviceName was not asked.",
        );
      const other = `cms-conformance-other-${target.settings.seed.toString(36)}`;
      for (const scope of [{ serviceName: other }, { domainName: other }]) {
        const answer = await scopedAnswer(context, roles, scope);
        if (!answer) continue;
        if (!sameSet(pairsOf(scopedFilters(answer.exchange)), allPairs.pairs)) {
          judge.witness(evidence(answer.label, answer.exchange));
          continue;
        }
        judge.depart(
          "role-filter-scope",
          `${answer.label} returned the very filters of ${domainName}/${serviceName}.`,
          {
            expected: `not the ${allPairs.pairs.size} filter(s) of ${domainName}/${serviceName}: another ${Object.keys(scope).join()} was asked`,
            actual: `the same ${allPairs.pairs.size} filter(s) (name, value)`,
            evidence: [evidence(answer.label, answer.exchange), evidence(allPairs.label, allPairs.exchange)],
          },
        );
      }
    },
  },
];

/** "6 filter(s); missing a=1 b=2; extra c=3": a set beside the one expected, with what differs (issue 27.7). */
function setDifference(actual: ReadonlySet<string>, expected: ReadonlySet<string>): string {
  const missing = difference(expected, actual);
  const extra = difference(actual, expected);
  const shown = (items: readonly string[]) =>
    items.length === 0
      ? "none"
      : `${items.slice(0, 5).join(" ")}${items.length > 5 ? ` (+${items.length - 5} more)` : ""}`;
  return `${actual.size} filter(s); missing ${shown(missing)}; extra ${shown(extra)}`;
}
