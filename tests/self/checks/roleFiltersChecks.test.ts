/**
 * The role-filter checks (§4.5, §2.12) on an in-memory getRoleFilters: which role lists each
 * check asks for, how answers are compared (as sets, with the sequence only under --profile
 * strict), what malformed groups are passed over, and the words of each verdict.
 */
import { describe, expect, it } from "vitest";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";

interface Group {
  readonly key: Record<string, unknown>;
  readonly filters: readonly unknown[];
}

const group = (sequence: number, ...filters: string[]): Group => ({
  key: { domainName: "hcm", serviceName: "payroll", sequence },
  filters: filters.map((name) => ({ name, value: `${name}-value` })),
});

/** A getRoleFilters answering the union of each role's groups (merged by key); `tamper` may replace an answer. */
function roleFilters(
  byRole: Record<string, readonly Group[]>,
  tamper?: (roles: string[], answer: FakeAnswer) => FakeAnswer | undefined,
) {
  return (request: OutgoingRequest): FakeAnswer => {
    const roles = (jsonOf(request).roles as string[]) ?? [];
    const merged = new Map<string, { key: Record<string, unknown>; filters: unknown[] }>();
    for (const role of roles) {
      for (const { key, filters } of byRole[role] ?? []) {
        const id = JSON.stringify(key);
        const into = merged.get(id) ?? { key, filters: [] };
        for (const filter of filters)
          if (!into.filters.some((known) => JSON.stringify(known) === JSON.stringify(filter)))
            into.filters.push(filter);
        merged.set(id, into);
      }
    }
    const answer = { status: 200, json: { filters: [...merged.values()] } };
    return tamper?.(roles, answer) ?? answer;
  };
}

const ROLES: Record<string, readonly Group[]> = {
  r1: [group(1, "a", "b")],
  r2: [group(1, "b", "c"), group(2, "d")],
  r3: [group(3, "e")],
};
const UNKNOWN = "cms-conformance-unknown-role-7";

async function run(
  checkId: string,
  roles: string[],
  answer: (request: OutgoingRequest) => FakeAnswer,
  settings: Partial<RunSettings> = {},
) {
  const { result, client } = await checkOnScript(checkId, "getRoleFilters", answer, {
    fixtures: { analyticIds: [], roles, domainName: "hcm", serviceName: "payroll" },
    ...settings,
  });
  return { result, asked: client.sent.map((request) => jsonOf(request).roles) };
}

/** The same answer with its filters' groups cut into one group per filter, each with a sequence of its own. */
function regrouped(answer: FakeAnswer): FakeAnswer {
  const groups = (answer.json as { filters: Group[] }).filters;
  let sequence = 100;
  return {
    status: 200,
    json: {
      filters: groups.flatMap(({ key, filters }) =>
        filters.map((filter) => ({ key: { ...key, sequence: (sequence += 1) }, filters: [filter] })),
      ),
    },
  };
}

describe("role-filters.union-law", () => {
  it("asks each role alone, an unknown role alone, every adjacent pair and triple, all roles, and the first with the unknown one", async () => {
    const { result, asked } = await run("role-filters.union-law", ["r1", "r2", "r3"], roleFilters(ROLES));
    expect(asked).toEqual([
      ["r1"],
      ["r2"],
      ["r3"],
      [UNKNOWN],
      ["r1", "r2"],
      ["r2", "r3"],
      ["r1", "r2", "r3"],
      ["r1", "r2", "r3"],
      ["r1", UNKNOWN],
    ]);
    expect(result).toMatchObject({ outcome: "passed", registerRefs: ["role-filter-union-comparison"] });
    const two = await run("role-filters.union-law", ["r1", "r2", "r1"], roleFilters(ROLES));
    expect(two.asked).toEqual([["r1"], ["r2"], [UNKNOWN], ["r1", "r2"], ["r1", UNKNOWN]]);
  });

  it("skips with fewer than two distinct roles, and judges at most 50, saying so", async () => {
    expect((await run("role-filters.union-law", ["r1", "r1"], roleFilters(ROLES))).result).toMatchObject({
      outcome: "skipped",
      skipReason: "the union law needs at least two roles; pass --role NAME twice or more.",
    });
    const many = Array.from({ length: 52 }, (_, index) => `role${index}`);
    const byRole = Object.fromEntries(many.map((role) => [role, [group(1, role)]]));
    const { result, asked } = await run("role-filters.union-law", many, roleFilters(byRole));
    expect(asked.filter((roles) => Array.isArray(roles) && roles.length === 1)).toHaveLength(51);
    expect(result.message).toBe("The law was judged on the first 50 of 52 configured roles.");
  });

  it("skips, naming the facts to give, when no answer holds a filter: a getRoleFilters always answering [] is not passed", async () => {
    const { result } = await run("role-filters.union-law", ["r1", "r2", "r3"], roleFilters({}));
    expect(result).toMatchObject({ outcome: "skipped" });
    expect(result.skipReason).toMatch(/^every answer held no filter, so the union law is vacuous here/);
    expect(result.skipReason).toMatch(/--role.*role-filters key of the config file/);
    // One role with filters is enough to judge the law.
    expect((await run("role-filters.union-law", ["r1", "r9"], roleFilters(ROLES))).result.outcome).toBe("passed");
  });

  it("fails a combined answer that is not the union, listing what is missing and what is extra", async () => {
    const { result } = await run(
      "role-filters.union-law",
      ["r1", "r2"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 2 && roles[1] === "r2"
          ? { status: 200, json: { filters: [group(1, "a", "x", "y", "z", "w")] } }
          : answer,
      ),
    );
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'filters of ["r1","r2"] are not the union of each role\'s filters.',
      expected: "4 filter(s): the union of the roles' filters",
      actual:
        '5 filter(s); missing ["hcm","payroll","b","b-value"] ["hcm","payroll","c","c-value"] ["hcm","payroll","d","d-value"]; extra ["hcm","payroll","x","x-value"] ["hcm","payroll","y","y-value"] ["hcm","payroll","z","z-value"] ["hcm","payroll","w","w-value"]',
    });
    const onlyMissing = await run(
      "role-filters.union-law",
      ["r1", "r2"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 2 && roles[1] === "r2" ? { status: 200, json: { filters: [group(1, "a")] } } : answer,
      ),
    );
    expect(onlyMissing.result.actual).toBe(
      '1 filter(s); missing ["hcm","payroll","b","b-value"] ["hcm","payroll","c","c-value"] ["hcm","payroll","d","d-value"]; extra none',
    );
    const onlyExtra = await run(
      "role-filters.union-law",
      ["r1", "r2"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 2 && roles[1] === "r2"
          ? { status: 200, json: { filters: [group(1, "a", "b", "c", "x"), group(2, "d")] } }
          : answer,
      ),
    );
    expect(onlyExtra.result.actual).toBe('5 filter(s); missing none; extra ["hcm","payroll","x","x-value"]');
  });

  it("compares sequences only under --profile strict", async () => {
    const target = roleFilters(ROLES, (roles, answer) => (roles.length > 1 ? regrouped(answer) : answer));
    expect((await run("role-filters.union-law", ["r1", "r2"], target)).result.outcome).toBe("passed");
    expect((await run("role-filters.union-law", ["r1", "r2"], target, { profile: "strict" })).result.outcome).toBe(
      "failed",
    );
  });

  it("joins an unknown role that has filters of its own, in either profile", async () => {
    const target = roleFilters({ ...ROLES, [UNKNOWN]: [group(9, "default")] });
    expect((await run("role-filters.union-law", ["r1", "r2"], target)).result.outcome).toBe("passed");
    expect((await run("role-filters.union-law", ["r1", "r2"], target, { profile: "strict" })).result.outcome).toBe(
      "passed",
    );
  });

  it("names a role request never answered", async () => {
    const { result } = await run(
      "role-filters.union-law",
      ["r1", "r2"],
      roleFilters(ROLES, (roles, answer) =>
        roles[0] === "r2" ? { noResponse: true, failure: { kind: "timeout", message: "late" } } : answer,
      ),
    );
    expect(result.message).toMatch(/^getRoleFilters \["r2"\]: no complete answer to judge/);
  });

  it("leaves out groups with a role whose own answer failed, and fails a non-200 answer even with filters", async () => {
    const { result } = await run(
      "role-filters.union-law",
      ["r1", "r2", "r3"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 1 && roles[0] === "r2" ? { status: 403, json: { filters: [] } } : answer,
      ),
    );
    expect(result).toMatchObject({ outcome: "failed", expected: "200 with { filters: [...] } (§4.5)" });
    expect(result.message).toMatch(
      /^getRoleFilters \["r2"\]: expected 200 with a filters array, got status 403[^\n]*\.$/,
    );
    expect(result.evidence.map((item) => item.label)).toEqual(['getRoleFilters ["r2"]']);
  });

  it("passes over malformed groups and filters, which belong to the schema checks", async () => {
    const junk = [
      7,
      { key: "k", filters: [{ name: "j", value: "j" }] },
      { key: { domainName: "hcm" }, filters: { name: "j" } },
      { key: { domainName: "hcm", serviceName: "payroll", sequence: 1 }, filters: ["j"] },
    ];
    const target = roleFilters(ROLES, (roles, answer) =>
      roles.length > 1
        ? { status: 200, json: { filters: [...(answer.json as { filters: unknown[] }).filters, ...junk] } }
        : answer,
    );
    expect((await run("role-filters.union-law", ["r1", "r2"], target)).result.outcome).toBe("passed");
  });
});

describe("role-filters.no-duplicate-filters", () => {
  it("asks each role alone, the first twice and all together, and notes how many answers it judged", async () => {
    const { result, asked } = await run("role-filters.no-duplicate-filters", ["r1", "r2"], roleFilters(ROLES));
    expect(asked).toEqual([["r1"], ["r2"], ["r1", "r1"], ["r1", "r2"]]);
    expect(result).toMatchObject({
      outcome: "passed",
      message: "4 answer(s) without a repeated filter (each role alone, the first role twice, all roles together).",
    });
    const many = await run(
      "role-filters.no-duplicate-filters",
      Array.from({ length: 52 }, (_, index) => `role${index}`),
      roleFilters({}),
    );
    expect(many.asked).toHaveLength(52);
  });

  it("fails a filter listed twice, and passes over malformed groups", async () => {
    const { result } = await run(
      "role-filters.no-duplicate-filters",
      ["r1", "r2"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 2 && roles[1] === "r2"
          ? { status: 200, json: { filters: [group(1, "a", "a", "b"), group(1, "b")] } }
          : answer,
      ),
    );
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'getRoleFilters ["r1","r2"] lists 2 filter(s) more than once.',
      actual: '["hcm","payroll",1,"a","a-value"] ×2\n["hcm","payroll",1,"b","b-value"] ×2',
    });
    const junk = [
      { key: "k", filters: [{ name: "j", value: "j" }] },
      { key: "k", filters: [{ name: "j", value: "j" }] },
      "x",
      "x",
      { key: {}, filters: ["j", "j"] },
    ];
    const malformed = await run(
      "role-filters.no-duplicate-filters",
      ["r1"],
      roleFilters(ROLES, (_roles, answer) => ({
        status: 200,
        json: { filters: [...(answer.json as { filters: unknown[] }).filters, ...junk] },
      })),
    );
    expect(malformed.result.outcome).toBe("passed");
  });
});

describe("role-filters.order-and-duplicates-irrelevant", () => {
  it("asks the first eight roles as configured, reversed, twice over and with the first repeated", async () => {
    const roles = Array.from({ length: 10 }, (_, index) => `role${index}`);
    const { asked } = await run("role-filters.order-and-duplicates-irrelevant", roles, roleFilters({}));
    const eight = roles.slice(0, 8);
    expect(asked).toEqual([eight, [...eight].reverse(), [...eight, ...eight], ["role0", ...eight]]);
  });

  it("skips without roles, and fails a variant with other filters, showing both answers", async () => {
    expect((await run("role-filters.order-and-duplicates-irrelevant", [], roleFilters({}))).result).toMatchObject({
      outcome: "skipped",
      skipReason: "this check needs role names: --role NAME (repeatable), with --domain-name and --service-name.",
    });
    const { result } = await run(
      "role-filters.order-and-duplicates-irrelevant",
      ["r1", "r2"],
      roleFilters(ROLES, (roles, answer) =>
        roles[0] === "r2" ? { status: 200, json: { filters: [group(1, "a")] } } : answer,
      ),
    );
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'filters of ["r2","r1"] differ from those of ["r1","r2"].',
      expected: '4 filter(s), as for ["r1","r2"]',
      actual:
        '1 filter(s); missing ["hcm","payroll","b","b-value"] ["hcm","payroll","c","c-value"] ["hcm","payroll","d","d-value"]; extra none',
    });
    expect(result.evidence.map((item) => item.label)).toEqual([
      'getRoleFilters ["r2","r1"]',
      'getRoleFilters ["r1","r2"]',
    ]);
  });
});

describe("role-filters checks vacuous on empty answers", () => {
  it.each([
    "role-filters.no-duplicate-filters",
    "role-filters.order-and-duplicates-irrelevant",
    "role-filters.exact-role-names",
    "role-filters.scope-of-request",
  ])("%s skips when no answer holds a filter, and is judged when one does", async (checkId) => {
    const empty = await run(checkId, ["r1", "r2"], roleFilters({}));
    expect(empty.result).toMatchObject({ outcome: "skipped" });
    expect(empty.result.skipReason).toMatch(/^every answer held no filter, so .* is vacuous here/);
    expect((await run(checkId, ["r1", "r2"], scoped())).result.outcome).toBe("passed");
  });
});

describe("role-filters.edge-requests", () => {
  it("asks for no roles, an unknown role, and the first role with the unknown one (and alone)", async () => {
    const { result, asked } = await run("role-filters.edge-requests", ["r1", "r2"], roleFilters(ROLES));
    expect(asked).toEqual([[], [UNKNOWN], ["r1", UNKNOWN], ["r1"]]);
    expect(result).toMatchObject({ outcome: "passed", registerRefs: ["role-filter-edge-requests"] });
    expect((await run("role-filters.edge-requests", [], roleFilters(ROLES))).asked).toEqual([[], [UNKNOWN]]);
  });

  it("departs on a refusal of no roles, and compares nothing when the known role's own answer failed", async () => {
    const { result } = await run(
      "role-filters.edge-requests",
      ["r1"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 0 ? { status: 400, json: { message: "roles must not be empty" } } : answer,
      ),
    );
    expect(result).toMatchObject({
      outcome: "warning",
      expected: "200 with 0 filter(s): the union over no roles is empty (§4.5)",
    });
    expect(result.message).toMatch(
      /^getRoleFilters \[\] was refused \(status 400.*\)\. \[register: role-filter-edge-requests\]$/,
    );
    expect(result.actual).toMatch(/^status 400/);
    const known = await run(
      "role-filters.edge-requests",
      ["r1"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 1 && roles[0] === "r1" ? { status: 404, json: {} } : answer,
      ),
    );
    // Only the failure of the known role's own request: without its filters there is nothing to compare the edge request with.
    expect(known.result.message).toMatch(
      /^getRoleFilters \["r1"\]: expected 200 with a filters array, got status 404[^\n]*\.$/,
    );
  });

  it("fails filters for no roles or for an unknown role once a re-read confirms them, and blames no answer the re-read contradicts", async () => {
    const everyFilter = roleFilters(ROLES, (roles) =>
      roles.length === 0 || roles.includes(UNKNOWN)
        ? roleFilters(ROLES)({ path: "", headers: {}, body: { json: { roles: ["r1", "r2", "r3"] } } })
        : undefined,
    );
    const { result, asked } = await run("role-filters.edge-requests", [], everyFilter);
    expect(asked).toEqual([[], [], [UNKNOWN], [UNKNOWN]]);
    expect(result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(
        /^getRoleFilters \[\] answered other filters than expected, twice: the union over no roles is empty\./,
      ),
      expected: "200 with 0 filter(s): the union over no roles is empty (§4.5)",
    });
    expect(result.message).toContain(`getRoleFilters ["${UNKNOWN}"] answered other filters than expected, twice`);
    expect(result.evidence.map((item) => item.label)).toContain("getRoleFilters [], asked again");
    let calls = 0;
    const once = roleFilters(ROLES, (roles, answer) =>
      roles.length === 0 && (calls += 1) === 1 ? { status: 200, json: { filters: [group(1, "a")] } } : answer,
    );
    const changed = await run("role-filters.edge-requests", [], once);
    expect(changed.result.outcome).toBe("passed");
    expect(changed.result.message).toContain("was answered otherwise when asked again: not blamed");
  });

  it("names an edge request never answered", async () => {
    const { result } = await run(
      "role-filters.edge-requests",
      ["r1"],
      roleFilters(ROLES, (roles, answer) =>
        roles.length === 0 ? { noResponse: true, failure: { kind: "timeout", message: "late" } } : answer,
      ),
    );
    expect(result.message).toMatch(/^getRoleFilters \[\]: no complete answer to judge/);
  });

  it("compares sequences only under --profile strict, on both sides", async () => {
    expect(
      (await run("role-filters.edge-requests", ["r1"], roleFilters(ROLES), { profile: "strict" })).result.outcome,
    ).toBe("passed");
    const target = roleFilters(ROLES, (roles, answer) => (roles.includes(UNKNOWN) ? regrouped(answer) : answer));
    expect((await run("role-filters.edge-requests", ["r1"], target)).result.outcome).toBe("passed");
    expect((await run("role-filters.edge-requests", ["r1"], target, { profile: "strict" })).result).toMatchObject({
      outcome: "failed",
      expected: '200 with 2 filter(s): an unknown role adds nothing to the filters of "r1" and takes none away (§4.5)',
      actual:
        '2 filter(s); missing ["hcm","payroll",1,"a","a-value"] ["hcm","payroll",1,"b","b-value"]; extra ["hcm","payroll",101,"a","a-value"] ["hcm","payroll",102,"b","b-value"]',
    });
  });
});

/** roleFilters(ROLES) keeping only the groups of the request's domainName and serviceName, as the register's default asks. */
function scoped(tamper?: (roles: string[], answer: FakeAnswer) => FakeAnswer | undefined) {
  const all = roleFilters(ROLES, tamper);
  return (request: OutgoingRequest): FakeAnswer => {
    const { domainName, serviceName } = jsonOf(request);
    const answer = all(request);
    if (answer.status !== 200) return answer;
    const groups = (answer.json as { filters: Group[] }).filters.filter(
      ({ key }) => key.domainName === domainName && key.serviceName === serviceName,
    );
    return { status: 200, json: { filters: groups } };
  };
}

const FACTS = {
  r1: [
    { name: "a", value: "a-value" },
    { name: "b", value: "b-value" },
  ],
  r3: [{ name: "e", value: "e-value" }],
};

describe("role-filters.expected-filters", () => {
  it("asks each role of the fact alone and passes when its filters are exactly the stated ones", async () => {
    const { result, asked } = await run("role-filters.expected-filters", ["r1", "r3"], scoped(), {
      fixtures: { analyticIds: [], roles: ["r1", "r3"], domainName: "hcm", serviceName: "payroll", roleFilters: FACTS },
    });
    expect(asked).toEqual([["r1"], ["r3"]]);
    expect(result).toMatchObject({ outcome: "passed" });
  });

  it("fails with the missing and extra filters, counting only the groups of the domain and service asked", async () => {
    const foreign = {
      key: { domainName: "erp", serviceName: "sales", sequence: 1 },
      filters: [{ name: "x", value: "x" }],
    };
    const { result } = await run(
      "role-filters.expected-filters",
      ["r1"],
      roleFilters(ROLES, (roles, answer) =>
        roles[0] === "r1" ? { status: 200, json: { filters: [group(1, "a", "z"), foreign] } } : answer,
      ),
      { fixtures: { analyticIds: [], roles: ["r1"], domainName: "hcm", serviceName: "payroll", roleFilters: FACTS } },
    );
    expect(result).toMatchObject({
      outcome: "failed",
      message: 'the filters of role "r1" are not the 2 the configuration states.',
      actual: '2 filter(s); missing ["b","b-value"]; extra ["z","z-value"]',
    });
  });

  it("is skipped with what to give when no role's filters are known", async () => {
    const { result } = await run("role-filters.expected-filters", ["r1"], scoped());
    expect(result).toMatchObject({ outcome: "skipped" });
    expect(result.message).toMatch(/give role-filters in the config file/);
  });
});

describe("role-filters.exact-role-names", () => {
  it("asks an unknown role, then each role and its name less one character, and passes when those get nothing", async () => {
    const { result, asked } = await run("role-filters.exact-role-names", ["r1", "r2"], scoped());
    expect(asked).toEqual([["r1", "r2"], [UNKNOWN], ["r1"], ["r"], ["r2"], ["r"]]);
    expect(result).toMatchObject({ outcome: "passed" });
  });

  it("fails when a prefix gets every filter of the role, or an unknown role gets filters", async () => {
    const byPrefix = roleFilters({ ...ROLES, r: ROLES.r1 ?? [] });
    expect((await run("role-filters.exact-role-names", ["r1"], byPrefix)).result).toMatchObject({
      outcome: "failed",
      message: 'the name "r" got every filter of the role "r1": role names seem matched by prefix.',
    });
    const unknown = roleFilters({ ...ROLES, [UNKNOWN]: [group(9, "default")] });
    expect((await run("role-filters.exact-role-names", ["r3"], unknown)).result).toMatchObject({
      outcome: "failed",
      message: `the role "${UNKNOWN}", which does not exist, got 1 filter(s).`,
    });
  });
});

describe("role-filters.scope-of-request", () => {
  it("passes when every group is of the domain and service asked, and another service or domain gets other filters", async () => {
    const { result, asked } = await run("role-filters.scope-of-request", ["r1", "r2"], scoped());
    expect(asked).toEqual([["r1"], ["r2"], ["r1", "r2"], ["r1", "r2"], ["r1", "r2"]]);
    expect(result).toMatchObject({ outcome: "passed", registerRefs: ["role-filter-scope"] });
  });

  it("fails a group of another domain once a re-read confirms it, for the pair configured or a made-up one", async () => {
    const foreign = {
      key: { domainName: "erp", serviceName: "sales", sequence: 1 },
      filters: [{ name: "x", value: "x" }],
    };
    const answerInScope = scoped();
    // The groups of the scope asked, and one of another domain on top.
    const mixed = await run("role-filters.scope-of-request", ["r1"], (request) => {
      const answer = answerInScope(request);
      return { status: 200, json: { filters: [...(answer.json as { filters: Group[] }).filters, foreign] } };
    });
    expect(mixed.result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(
        /^getRoleFilters \{"roles":\["r1"\],"domainName":"hcm","serviceName":"payroll"\} returned 1 filter\(s\) of another domain or service, twice\./,
      ),
      actual: "groups of erp/sales",
    });
    // Scope ignored: a made-up service gets the groups of hcm/payroll.
    const unscoped = await run("role-filters.scope-of-request", ["r1"], roleFilters(ROLES));
    expect(unscoped.result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(
        /^getRoleFilters \{"roles":\["r1"\],"domainName":"hcm","serviceName":"cms-conformance-other-7"\} returned 2 filter\(s\) of another domain or service, twice\./,
      ),
      expected: "only groups keyed hcm/cms-conformance-other-7, the domainName and serviceName asked (§4.5, §2.12)",
    });
    let calls = 0;
    const once = await run("role-filters.scope-of-request", ["r1"], (request) => {
      const answer = answerInScope(request);
      calls += 1;
      return calls > 1
        ? answer
        : { status: 200, json: { filters: [...(answer.json as { filters: Group[] }).filters, foreign] } };
    });
    expect(once.result.outcome).toBe("passed");
    expect(once.result.message).toContain("was answered otherwise when asked again: not blamed");
  });

  it("departs on the very filters of the configured pair, keyed as asked, for a made-up service or domain", async () => {
    const answerInScope = scoped();
    // Answers the configured pair's filters under whatever pair is asked.
    const echo = await run("role-filters.scope-of-request", ["r1"], (request) => {
      const { domainName, serviceName } = jsonOf(request);
      const answer = answerInScope({
        ...request,
        body: { json: { ...jsonOf(request), domainName: "hcm", serviceName: "payroll" } },
      });
      const groups = (answer.json as { filters: Group[] }).filters.map((group) => ({
        ...group,
        key: { ...group.key, domainName, serviceName },
      }));
      return { status: 200, json: { filters: groups } };
    });
    expect(echo.result).toMatchObject({
      outcome: "warning",
      message:
        'getRoleFilters {"roles":["r1"],"domainName":"hcm","serviceName":"cms-conformance-other-7"} returned the very filters of hcm/payroll, under the pair asked. [register: role-filter-scope] (+1 more finding)\n' +
        '- getRoleFilters {"roles":["r1"],"domainName":"cms-conformance-other-7","serviceName":"payroll"} returned the very filters of hcm/payroll, under the pair asked. [register: role-filter-scope]',
    });
  });
});

describe("role-filters.group-keys-agree", () => {
  const byPosition = (_roles: string[], answer: FakeAnswer): FakeAnswer => ({
    status: 200,
    json: {
      filters: (answer.json as { filters: Group[] }).filters.map((each, index) => ({
        ...each,
        key: { ...each.key, sequence: index + 1 },
      })),
    },
  });

  it("passes when every filter keeps its sequence, asking each role alone and all together", async () => {
    const { result, asked } = await run("role-filters.group-keys-agree", ["r1", "r2", "r3"], roleFilters(ROLES));
    expect(result.outcome).toBe("passed");
    expect(asked).toEqual([["r1"], ["r2"], ["r3"], ["r1", "r2", "r3"]]);
  });

  it("fails sequences numbered by position, confirmed by asking the roles together again", async () => {
    const { result, asked } = await run("role-filters.group-keys-agree", ["r1", "r3"], roleFilters(ROLES, byPosition));
    expect(asked).toEqual([["r1"], ["r3"], ["r1", "r3"], ["r1", "r3"]]);
    expect(result).toMatchObject({
      outcome: "failed",
      message: '1 filter(s) of ["r1","r3"] carry another sequence than when each role is asked alone.',
      actual: '["hcm","payroll","e","e-value"]: sequence 1 from the roles alone, 2 together',
    });
  });

  it("skips with fewer than two roles, and when no answer holds a filter", async () => {
    expect((await run("role-filters.group-keys-agree", ["r1"], roleFilters(ROLES))).result.outcome).toBe("skipped");
    const empty = await run("role-filters.group-keys-agree", ["x", "y"], roleFilters({}));
    expect(empty.result.outcome).toBe("skipped");
  });
});
