/**
 * The permission (§4.1, §4.2, §5) and consistency (§4.1, §4.3, §4.4) checks on an in-memory CMS
 * where the restricted user views only some items: what each reads, and its verdict and words
 * on a right target, on breaks the reference's faults do not make, and on legal oddities.
 */
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../contract/operations.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";
import { fakeCms, listingAnswer, pagesTitled, widgetsTagged, type Caller, type FakeCms } from "./fakeCms.js";

async function run(checkId: string, operation: OperationName, cms: FakeCms, settings: Partial<RunSettings> = {}) {
  const { result, client, session } = await checkOnScript(checkId, operation, fakeCms(cms), settings);
  const reads = client.sent
    .filter((request) => request.path.endsWith("/getWidget"))
    .map((request) => jsonOf(request).widgetId);
  return { result, reads, session };
}

const ten = widgetsTagged(10, () => []);
/** The restricted user views the even widgets and pages. */
const evenOnly = (caller: Caller, item: Readonly<Record<string, unknown>>) =>
  caller === "admin" || /[02468]$/.test(String(item.id));
const noTimeout = { noResponse: true, failure: { kind: "timeout" as const, message: "no answer within 1000 ms" } };

describe("permissions.restricted-listing-subset", () => {
  it("passes a restricted listing that is a subset, saying how much it sees", async () => {
    const { result } = await run("permissions.restricted-listing-subset", "listFactoryDefaultWidgets", {
      widgets: ten,
      visible: evenOnly,
    });
    expect(result).toMatchObject({ outcome: "passed", message: "The restricted user sees 5 of 10." });
    expect(result.evidence.map((item) => item.label)).toEqual(["restricted listing, page 0"]);
  });

  it("errs when the restricted listing got no answer, and skips when it is no listing", async () => {
    const silent = await run("permissions.restricted-listing-subset", "listFactoryDefaultWidgets", {
      widgets: ten,
      tamper: (call) => (call.caller === "restricted" ? noTimeout : undefined),
    });
    expect(silent.result.outcome).toBe("error");
    expect(silent.result.message).toMatch(/^restricted listing: no complete answer to judge \(timeout: /);
    const refused = await run("permissions.restricted-listing-subset", "listFactoryDefaultWidgets", {
      widgets: ten,
      tamper: (call) => (call.caller === "restricted" ? { status: 403, json: {} } : undefined),
    });
    expect(refused.result).toMatchObject({
      outcome: "skipped",
      skipReason: "a listing could not be read (admin: ok; restricted: page 0: status 403).",
    });
  });

  it("fails a restricted user refused (403) on listLandingPages: without Visualizar it lists its own pages (§4.2, issue 48)", async () => {
    const refused = await run("permissions.restricted-listing-subset", "listLandingPages", {
      landingPages: pagesTitled(10, (index) => `t${index}`),
      tamper: (call) => (call.caller === "restricted" ? { status: 403, json: { message: "no" } } : undefined),
    });
    expect(refused.result).toMatchObject({
      outcome: "failed",
      message:
        "the restricted user's listLandingPages answered 403: a user without the Visualizar permission lists its own " +
        "landing pages (§4.2, §5), so its listing is narrowed, never refused.",
      expected: "200 with the restricted user's own landing pages (§4.2, §5)",
      actual: 'status 403: {"message":"no"}',
    });
    expect(refused.result.evidence.map((item) => item.label)).toEqual(["restricted listing, page 0"]);
  });

  it("says which listing could not be read when it is the main user's", async () => {
    const { result } = await run("permissions.restricted-listing-subset", "listFactoryDefaultWidgets", {
      widgets: ten,
      tamper: (call) => (call.caller === "admin" ? { status: 500, json: {} } : undefined),
    });
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason: "a listing could not be read (admin: page 0: status 500; restricted: ok).",
    });
  });

  it("fails restricted widget totals above the full ones, but not landing-page totals (PERSONAL pages)", async () => {
    const inflated = (call: Parameters<NonNullable<FakeCms["tamper"]>>[0]) =>
      call.caller === "restricted" ? listingAnswer(call, call.found.slice(0, call.pageSize), 12, 1) : undefined;
    const widgets = await run("permissions.restricted-listing-subset", "listFactoryDefaultWidgets", {
      widgets: ten,
      visible: evenOnly,
      tamper: inflated,
    });
    expect(widgets.result).toMatchObject({
      outcome: "failed",
      message: "the restricted user's totalElements 12 exceeds the full listing's 10.",
      expected: "at most 10",
      actual: "12",
    });
    expect(widgets.result.evidence.map((item) => item.label)).toEqual([
      "restricted listing, page 0",
      "full listing, page 0",
    ]);
    const landing = await run("permissions.restricted-listing-subset", "listLandingPages", {
      landingPages: pagesTitled(10, (index) => `t${index}`),
      visible: evenOnly,
      tamper: inflated,
    });
    expect(landing.result.outcome).toBe("passed");
  });

  it("compares only totals when the full listing was sampled", async () => {
    const widgets = await run(
      "permissions.restricted-listing-subset",
      "listFactoryDefaultWidgets",
      { widgets: widgetsTagged(25, () => []), visible: evenOnly },
      { maxPageSize: 10, maxPagesWalked: 1 },
    );
    expect(widgets.result).toMatchObject({
      outcome: "passed",
      message: "The full listing was sampled (walked 1 of 3 pages (sampling bound --max-pages)); only totals compared.",
    });
    const landing = await run(
      "permissions.restricted-listing-subset",
      "listLandingPages",
      { landingPages: pagesTitled(25, () => "t") },
      { maxPageSize: 10, maxPagesWalked: 1 },
    );
    expect(landing.result.message).toBe(
      "The full listing was sampled (walked 1 of 3 pages (sampling bound --max-pages)); nothing compared.",
    );
  });

  it("fails items the full listing lacks, naming five", async () => {
    const strangers = Array.from({ length: 6 }, (_, index) => ({ id: `ghost${index}` }));
    const { result } = await run("permissions.restricted-listing-subset", "listFactoryDefaultWidgets", {
      widgets: ten,
      tamper: (call) => (call.caller === "restricted" ? listingAnswer(call, strangers, 6, 1) : undefined),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: "restricted page 0 holds 6 item(s) the full listing lacks.",
      expected: "only items of the full listing",
      actual: "id:ghost0, id:ghost1, id:ghost2, id:ghost3, id:ghost4",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(["restricted page 0"]);
  });

  it("on landing pages departs for the restricted user's own PERSONAL pages and fails any other stranger", async () => {
    const personal = Array.from({ length: 6 }, (_, index) => ({
      id: `mine${index}`,
      title: "mine",
      landingPageType: "PERSONAL",
    }));
    const pages = pagesTitled(4, () => "shared");
    const { result } = await run("permissions.restricted-listing-subset", "listLandingPages", {
      landingPages: [...pages, ...personal],
      visible: (caller, item) => caller === "restricted" || item.landingPageType !== "PERSONAL",
    });
    expect(result).toMatchObject({
      outcome: "warning",
      message:
        "6 PERSONAL page(s) of the restricted user are not in the main user's listing. [register: personal-pages-visibility]",
      actual: "id:mine0, id:mine1, id:mine2, id:mine3, id:mine4",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(["restricted page 0"]);
    const stranger = await run("permissions.restricted-listing-subset", "listLandingPages", {
      landingPages: pages,
      tamper: (call) =>
        call.caller === "restricted"
          ? listingAnswer(call, [{ id: "ghost", title: "x", landingPageType: "PUBLIC" }], 1, 1)
          : undefined,
    });
    expect(stranger.result).toMatchObject({
      outcome: "failed",
      expected: "only pages of the full listing (PERSONAL pages aside, §2.4)",
    });
  });
});

describe("permissions.forbidden-resource-403", () => {
  it("reads five of the widgets missing from the restricted listing, spread over them, as the restricted user", async () => {
    const { result, reads } = await run("permissions.forbidden-resource-403", "getWidget", {
      widgets: widgetsTagged(20, () => []),
      visible: evenOnly,
    });
    expect(reads).toEqual(["widget://t/w1", "widget://t/w5", "widget://t/w11", "widget://t/w15", "widget://t/w19"]);
    expect(result).toMatchObject({ outcome: "passed", message: "5 forbidden item(s) answered 403." });
  });

  it("skips when a listing was not walked whole and no fact names a forbidden widget", async () => {
    const onlyFirst = (caller: Caller, item: Readonly<Record<string, unknown>>) =>
      caller === "admin" || item.id === "widget://t/w0";
    const cut = await run(
      "permissions.forbidden-resource-403",
      "getWidget",
      { widgets: widgetsTagged(25, () => []), visible: onlyFirst },
      { maxPageSize: 10, maxPagesWalked: 1 },
    );
    expect(cut.result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "no widget is known to be forbidden to the restricted user: both widget listings must be walked completely, or give --forbidden-widget.",
    });
  });

  it("could not judge (an error naming the facts and --restricted-sees-all) when the restricted user sees every widget and no fact says so; --restricted-sees-all makes it expected", async () => {
    const all = await run("permissions.forbidden-resource-403", "getWidget", { widgets: ten });
    expect(all.result).toMatchObject({
      outcome: "error",
      registerRefs: ["permission-facts"],
      message:
        "unverified, could not judge: the restricted user sees every widget the main user sees, and no fact says which it may not; give --forbidden-widget, or --restricted-sees-all if it may see everything.",
    });
    const declared = await run(
      "permissions.forbidden-resource-403",
      "getWidget",
      { widgets: ten },
      { fixtures: { analyticIds: [], roles: [], permissions: { restrictedSeesAll: true } } },
    );
    expect(declared.result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "the restricted user sees every widget the main user sees, as --restricted-sees-all declares: no widget is known to be forbidden to it.",
    });
    expect(declared.reads).toEqual([]);
    // A fact that says none is forbidden makes it expected: nothing to judge, no warning.
    const none = await run(
      "permissions.forbidden-resource-403",
      "getWidget",
      { widgets: ten },
      { fixtures: { analyticIds: [], roles: [], permissions: { forbiddenWidgetIds: [] } } },
    );
    expect(none.result.outcome).toBe("skipped");
  });

  it("reads the forbidden widgets and analytics the facts name, even when the listings hide none", async () => {
    const settings = {
      fixtures: {
        analyticIds: [],
        roles: [],
        permissions: { forbiddenWidgetIds: ["widget://t/w3"], forbiddenAnalyticIds: ["analytic://t/a2"] },
      },
    };
    const leaky = await run("permissions.forbidden-resource-403", "getWidget", { widgets: ten }, settings);
    expect(leaky.reads).toEqual(["widget://t/w3"]);
    expect(leaky.result).toMatchObject({
      outcome: "failed",
      message: "getWidget widget://t/w3 as the restricted user (a forbidden item by the facts) got status 200.",
    });
    const analytics = { "analytic://t/a2": { id: "analytic://t/a2" } };
    const guarded = await run(
      "permissions.forbidden-resource-403",
      "getAnalytic",
      { analytics, visible: (caller) => caller === "admin" },
      settings,
    );
    expect(guarded.result).toMatchObject({ outcome: "passed", message: "1 forbidden item(s) answered 403." });
    const open = await run("permissions.forbidden-resource-403", "getAnalytic", { analytics }, settings);
    expect(open.result.outcome).toBe("failed");
  });

  it("fails 404 as it fails 200: §5 says the response is 403", async () => {
    const hidden = await run("permissions.forbidden-resource-403", "getWidget", {
      widgets: ten,
      visible: evenOnly,
      tamperRead: (read) => (read.answer.status === 403 ? { status: 404, json: {} } : undefined),
    });
    expect(hidden.result).toMatchObject({ outcome: "failed", expected: "403: the user lacks permission (§5, §7)" });
    expect(hidden.result.message).toMatch(
      /^getWidget widget:\/\/t\/w1 as the restricted user \(not in its listing\) got status 404\./,
    );
  });
});

describe("permissions.listing-facts", () => {
  const pages = pagesTitled(4, (index) => `page ${index}`);
  const facts = (permissions: object) => ({ fixtures: { analyticIds: [], roles: [], permissions } });

  it("fails another user's page or a forbidden widget in the restricted listing, and an own page missing", async () => {
    const others = await run(
      "permissions.listing-facts",
      "listLandingPages",
      { landingPages: pages },
      facts({ othersLandingPageIds: [String(pages[1]?.id)], ownLandingPageIds: [String(pages[0]?.id)] }),
    );
    expect(others.result).toMatchObject({
      outcome: "failed",
      message: `the restricted user's listing holds 1 page(s) it did not create: ${String(pages[1]?.id)}.`,
    });
    const missing = await run(
      "permissions.listing-facts",
      "listLandingPages",
      { landingPages: pages, visible: (caller, item) => caller === "admin" || item.id !== pages[0]?.id },
      facts({ ownLandingPageIds: [String(pages[0]?.id)] }),
    );
    expect(missing.result.message).toBe(
      `the restricted user's listing lacks 1 of its own page(s): ${String(pages[0]?.id)}.`,
    );
    const widgets = await run(
      "permissions.listing-facts",
      "listFactoryDefaultWidgets",
      { widgets: ten, visible: evenOnly },
      facts({ forbiddenWidgetIds: ["widget://t/w2"] }),
    );
    expect(widgets.result.outcome).toBe("failed");
  });

  it("passes listings that agree with the facts, and is unverified without facts when both users see the same", async () => {
    const agree = await run(
      "permissions.listing-facts",
      "listFactoryDefaultWidgets",
      { widgets: ten, visible: evenOnly },
      facts({ forbiddenWidgetIds: ["widget://t/w1", "widget://t/w3"] }),
    );
    expect(agree.result).toMatchObject({
      outcome: "passed",
      message: "2 known fact(s) agree with the restricted user's listing.",
    });
    const same = await run("permissions.listing-facts", "listLandingPages", { landingPages: pages });
    expect(same.result).toMatchObject({ outcome: "error", registerRefs: ["permission-facts"] });
    expect(same.result.message).toMatch(
      /^unverified, could not judge: .*give --own-landing-page and --others-landing-page, or --restricted-sees-all if it may see everything\.$/,
    );
    const declared = await run(
      "permissions.listing-facts",
      "listFactoryDefaultWidgets",
      { widgets: ten },
      facts({ restrictedSeesAll: true }),
    );
    expect(declared.result).toMatchObject({
      outcome: "passed",
      registerRefs: ["permission-facts"],
      message: "The restricted user sees all 10 item(s) the main user sees, as --restricted-sees-all declares.",
    });
    const differ = await run("permissions.listing-facts", "listFactoryDefaultWidgets", {
      widgets: ten,
      visible: evenOnly,
    });
    expect(differ.result.outcome).toBe("skipped");
  });
});

describe("permissions.same-permission-same-visibility", () => {
  /** Widget i needs permission res://p{i mod 3}/Visualizar; widget 9 carries none. */
  const shared = ten.map((widget, index) =>
    index === 9 ? widget : { ...widget, permission: { resource: `res://p${index % 3}`, action: "Visualizar" } },
  );
  const byPermission = (held: readonly string[]) => (caller: Caller, item: Readonly<Record<string, unknown>>) =>
    caller === "admin" ||
    held.includes(String((item.permission as { resource?: string } | undefined)?.resource)) ||
    item.permission === undefined;

  it("passes when each user lists every widget of a permission or none, and passes over widgets without one", async () => {
    const { result } = await run("permissions.same-permission-same-visibility", "listFactoryDefaultWidgets", {
      widgets: shared,
      visible: byPermission(["res://p0"]),
    });
    expect(result).toMatchObject({
      outcome: "passed",
      message: "3 permission(s) held by several widgets: each user lists all of them or none.",
    });
    // The same resource under another action is another permission.
    const actions = shared.map((widget, index) =>
      index === 3 ? { ...widget, permission: { resource: "res://p0", action: "Editar" } } : widget,
    );
    const other = await run("permissions.same-permission-same-visibility", "listFactoryDefaultWidgets", {
      widgets: actions,
      visible: (caller, item) => caller === "admin" || item.id !== "widget://t/w3",
    });
    expect(other.result).toMatchObject({ outcome: "passed", message: result.message });
  });

  it("warns of a user whose listing shows one widget of a permission and hides another, once both listings walked again agree: the permission is needed, not sufficient", async () => {
    const split = (caller: Caller, item: Readonly<Record<string, unknown>>) =>
      caller === "admin" || (byPermission(["res://p0"])(caller, item) && item.id !== "widget://t/w3");
    const { result } = await run("permissions.same-permission-same-visibility", "listFactoryDefaultWidgets", {
      widgets: shared,
      visible: split,
    });
    expect(result).toMatchObject({
      outcome: "warning",
      message:
        "the restricted user's widget listing shows widget://t/w0 but not widget://t/w3, which needs the same permission (res://p0, Visualizar), in both walks. [register: permission-sufficiency]",
      actual: "listed: widget://t/w0; not listed: widget://t/w3 (the admin user's listing shows it)",
    });
    expect(result.evidence.map((item) => item.label)).toEqual(["restricted listing, page 0", "admin listing, page 0"]);
  });

  it("blames no split that walking both listings again does not show, and skips without shared permissions", async () => {
    let restrictedWalks = 0;
    const once = await run("permissions.same-permission-same-visibility", "listFactoryDefaultWidgets", {
      widgets: shared,
      visible: byPermission(["res://p0"]),
      tamper: (call) => {
        if (call.caller !== "restricted" || call.searchValue) return undefined;
        restrictedWalks += 1;
        // The first walk misses widget 3; the second sees it.
        const firstSeen = shared.filter((item, index) => index !== 3 && byPermission(["res://p0"])("restricted", item));
        return restrictedWalks === 1 ? listingAnswer(call, firstSeen, firstSeen.length, 1) : undefined;
      },
    });
    expect(once.result.outcome).toBe("passed");
    expect(once.result.message).toMatch(/were not split the same way when both listings were walked again: not blamed/);
    const unique = await run("permissions.same-permission-same-visibility", "listFactoryDefaultWidgets", {
      widgets: ten,
      visible: evenOnly,
    });
    expect(unique.result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "no two widgets of either listing carry the same permission (resource and action): nothing to compare.",
    });
  });
});

describe("permissions.restricted-search-subset", () => {
  it("fails a restricted search that returns what its listing does not show, searching terms of hidden items first", async () => {
    const widgets = widgetsTagged(10, (index) => (index % 2 === 0 ? ["open"] : ["secret"]));
    const leaky = await run("permissions.restricted-search-subset", "listFactoryDefaultWidgets", {
      widgets,
      visible: evenOnly,
      // The search ignores who asks.
      tamper: (call) =>
        call.searchValue
          ? listingAnswer(
              call,
              widgets.filter((item) => (item.tags as string[]).includes(call.searchValue as string)),
              5,
              1,
            )
          : undefined,
    });
    expect(leaky.result.outcome).toBe("failed");
    expect(leaky.result.message).toMatch(
      /^search "secret" as the restricted user returned 5 item\(s\) its own listing does not show/,
    );
    const right = await run("permissions.restricted-search-subset", "listFactoryDefaultWidgets", {
      widgets,
      visible: evenOnly,
    });
    expect(right.result).toMatchObject({ outcome: "passed" });
  });
});

describe("consistency.listed-widget-readable", () => {
  it("reads every listed widget as each user and says how many", async () => {
    const { result, reads } = await run("consistency.listed-widget-readable", "getWidget", {
      widgets: ten,
      visible: evenOnly,
    });
    expect(reads).toHaveLength(15);
    expect(result).toMatchObject({
      outcome: "passed",
      message: "15 listed widget(s) read back (admin and restricted).",
    });
  });

  it("reads at most 200 per user, spread over the listing, and says where it cut", async () => {
    const { result, reads, session } = await run("consistency.listed-widget-readable", "getWidget", {
      widgets: widgetsTagged(250, () => []),
    });
    expect(reads).toHaveLength(400);
    expect(session.samplingNotes()).toEqual([
      "getWidget: 200 of 250 listed widgets read (bound 200, spread over the listing)",
      "getWidget as the restricted user: 200 of 250 listed widgets read (bound 200, spread over the listing)",
    ]);
    expect(result.message).toBe(
      "400 listed widget(s) read back (admin and restricted); getWidget: 200 of 250 listed widgets read (bound 200, spread over the listing); getWidget as the restricted user: 200 of 250 listed widgets read (bound 200, spread over the listing).",
    );
  });

  it("skips without ids, errs on a read never answered, and fails a 403 for a listed widget", async () => {
    expect(
      (await run("consistency.listed-widget-readable", "getWidget", { widgets: [{ name: "no id" }] })).result,
    ).toMatchObject({ outcome: "skipped", skipReason: "no listed widget has an id to read." });
    const silent = await run("consistency.listed-widget-readable", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: () => noTimeout,
    });
    expect(silent.result.message).toMatch(
      /^getWidget widget:\/\/t\/w0 \(listed for admin\): no complete answer to judge/,
    );
    const refused = await run("consistency.listed-widget-readable", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: (read) => (read.caller === "restricted" ? { status: 403, json: {} } : undefined),
    });
    expect(refused.result).toMatchObject({ outcome: "failed", expected: "200 with the widget" });
    expect(refused.result.message).toMatch(
      /^getWidget widget:\/\/t\/w0 as the restricted user \(listed for restricted\) got status 403/,
    );
  });
});

describe("consistency.id-echoes-request", () => {
  it("fails an item without id (§2.1 lists it) and another id, for widgets and analytics", async () => {
    const missing = await run("consistency.id-echoes-request", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: () => ({ status: 200, json: { name: "no id" } }),
    });
    expect(missing.result).toMatchObject({
      outcome: "failed",
      message: "getWidget widget://t/w0: the returned item has no id, so it is not shown to be widget://t/w0.",
      expected: "id widget://t/w0 (§4.3, §4.4; id is a field of §2.1's and §2.5's tables)",
      actual: "no id field",
    });
    const other = await run(
      "consistency.id-echoes-request",
      "getAnalytic",
      { analytics: { a1: { id: "a2" } } },
      { fixtures: { analyticIds: ["a1"], roles: [] } },
    );
    expect(other.result).toMatchObject({
      outcome: "failed",
      message: 'getAnalytic a1: asked for a1, got "a2".',
      expected: "id a1",
      actual: 'id "a2"',
    });
    const right = await run(
      "consistency.id-echoes-request",
      "getAnalytic",
      { analytics: { a1: { id: "a1" } } },
      { fixtures: { analyticIds: ["a1"], roles: [] } },
    );
    expect(right.result).toMatchObject({ outcome: "passed", message: "1 read(s) judged." });
  });

  it("says where the widget reads were cut", async () => {
    const { result } = await run("consistency.id-echoes-request", "getWidget", {
      widgets: widgetsTagged(250, () => []),
    });
    expect(result.message).toBe(
      "200 read(s) judged; getWidget: 200 of 250 listed widgets read (bound 200, spread over the listing).",
    );
  });

  it("reads every configured analytic id, however many", async () => {
    const ids = Array.from({ length: 250 }, (_, index) => `a${index}`);
    const { result } = await run(
      "consistency.id-echoes-request",
      "getAnalytic",
      { analytics: Object.fromEntries(ids.map((id) => [id, { id }])) },
      { fixtures: { analyticIds: ids, roles: [] } },
    );
    expect(result.message).toBe("250 read(s) judged.");
  });

  it("skips when no read answered 200 with JSON", async () => {
    const { result } = await run("consistency.id-echoes-request", "getWidget", {
      widgets: ten.slice(0, 2),
      tamperRead: () => ({ status: 200, text: "<html>" }),
    });
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "none of the 2 reads answered 200 with JSON (see http.valid-request-ok and consistency.listed-widget-readable).",
    });
  });
});

describe("consistency.repeatable-reads", () => {
  it("skips without anything to ask for", async () => {
    expect((await run("consistency.repeatable-reads", "getWidget", { widgets: [] })).result).toMatchObject({
      outcome: "skipped",
      skipReason: "there is nothing known to ask this operation for (no ids or roles).",
    });
  });

  it("departs on a second answer with another body, status or kind, showing 200 characters of each", async () => {
    const long = "x".repeat(300);
    let count = 0;
    const flip = (first: FakeAnswer, second: FakeAnswer) => (): FakeAnswer => ((count += 1) % 2 === 1 ? first : second);
    const body = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: flip(
        { status: 200, json: { id: "w", url: long } },
        { status: 200, json: { id: "w", url: `${long}y` } },
      ),
    });
    expect(body.result).toMatchObject({
      outcome: "warning",
      message: "two identical requests got different answers. [register: repeatable-reads]",
    });
    expect(body.result.expected).toBe(`status 200: ${JSON.stringify({ id: "w", url: long }).slice(0, 200)}`);
    expect(body.result.actual).toBe(`status 200: ${JSON.stringify({ id: "w", url: `${long}y` }).slice(0, 200)}`);
    // A field §2.1 does not list may change per answer (register unknown-extra-fields).
    const extra = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: flip(
        { status: 200, json: { id: "w", requestId: "1" } },
        { status: 200, json: { id: "w", requestId: "2" } },
      ),
    });
    expect(extra.result.outcome).toBe("passed");
    expect(body.result.evidence.map((item) => item.label)).toEqual(["first request", "second request"]);
    const text = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: flip({ status: 200, text: "a" }, { status: 200, text: "b" }),
    });
    expect(text.result.outcome).toBe("warning");
    const sameText = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: flip({ status: 200, text: "a" }, { status: 200, text: "a" }),
    });
    expect(sameText.result.outcome).toBe("passed");
    const status = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: flip({ status: 200, json: {} }, { status: 404, json: {} }),
    });
    expect(status.result.outcome).toBe("warning");
    const kind = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: flip({ status: 200, text: '"a"' }, { status: 200, json: "a" }),
    });
    expect(kind.result.outcome).toBe("warning");
  });

  it("names the request that got no answer", async () => {
    let count = 0;
    const { result } = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: () => ((count += 1) === 2 ? noTimeout : undefined),
    });
    expect(result.message).toMatch(/^second request: no complete answer to judge/);
    let first = 0;
    const early = await run("consistency.repeatable-reads", "getWidget", {
      widgets: ten.slice(0, 1),
      tamperRead: () => ((first += 1) === 1 ? noTimeout : undefined),
    });
    expect(early.result.message).toMatch(/^first request: no complete answer to judge/);
  });
});
