/**
 * Permissions (§4.1, §4.2, §5): a user without Visualizar sees a subset, and what it cannot
 * see it cannot read (403). Needs the restricted user's token (--restricted-token).
 */
import { LISTING_OPERATIONS } from "../contract/operations.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered, describeAnswer } from "./_internals/judges/judgeExchange.js";
import { discoveredIds, spreadSample } from "./_internals/discovery/discoveredIds.js";
import { itemKey } from "./_internals/walks/listingPage.js";
import type { WalkedPage } from "./_internals/walks/walkListing.js";
import { isJsonObject } from "../contract/jsonValue.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";
import { searchTerms } from "./_internals/probes/searchTerms.js";
import type { Judgement } from "../runner/engine/Judgement.js";
import type { Exchange } from "../runner/model/Exchange.js";
import { judgeSharedPermissions } from "./_internals/judges/judgeSharedPermissions.js";

/** A PERSONAL landing page (§2.4): only the user who created it can view it. */
const isPersonal = (item: unknown): boolean => isJsonObject(item) && item.landingPageType === "PERSONAL";

const SAMPLE = 5;

/** Checks of the permissions family. */
export const permissionsChecks: readonly CheckDefinition[] = [
  {
    id: "permissions.restricted-listing-subset",
    title: "A restricted user's landing pages are a subset of the full listing",
    rule: "Listing landing pages without Visualizar returns only the user's own pages, with Visualizar every page (§4.2, §5): the restricted user's listing is part of the main user's. Only the creator views a PERSONAL page (§2.4), so those are compared under register personal-pages-visibility. Widgets are not compared: their visibility is per widget (§2.1, §4.1), so the main user need not see every widget the restricted user sees.",
    family: "permissions",
    specRefs: ["4.2", "5", "2.4"],
    level: "MUST",
    operations: ["listLandingPages"],
    registerRefs: ["personal-pages-visibility"],
    needs: ["restrictedToken"],
    async run({ operation, target, judge }) {
      const full = await knowledgeOf(target).listing(operation, "admin");
      const restricted = await knowledgeOf(target).listing(operation, "restricted");
      const first = restricted.pages[0];
      if (!first || !answered(judge, "restricted listing", first.exchange)) return;
      if (restricted.totalElements === undefined || full.totalElements === undefined) {
        return judge.skip(
          `a listing could not be read (admin: ${full.stop?.message ?? "ok"}; restricted: ${restricted.stop?.message ?? "ok"}).`,
        );
      }
      // The restricted user's own PERSONAL pages may be hidden from the main user (§2.4), so landing-page totals say nothing.
      const landing = operation === "listLandingPages";
      if (!landing && restricted.totalElements > full.totalElements) {
        judge.fail(
          `the restricted user's totalElements ${restricted.totalElements} exceeds the full listing's ${full.totalElements}.`,
          {
            expected: `at most ${full.totalElements}`,
            actual: `${restricted.totalElements}`,
            evidence: [
              evidence("restricted listing, page 0", first.exchange),
              evidence("full listing, page 0", (full.pages[0] ?? first).exchange),
            ],
          },
        );
      }
      if (!full.complete)
        return judge.note(
          `The full listing was sampled (${full.stop?.message ?? "incomplete"}); ${landing ? "nothing" : "only totals"} compared.`,
        );
      const known = new Set(full.items.map(itemKey));
      const personal: { key: string; page: WalkedPage }[] = [];
      for (const page of restricted.pages) {
        const strangers = page.page.items.filter((item) => !known.has(itemKey(item)));
        const hidden = strangers.filter((item) => landing && isPersonal(item));
        const others = strangers.filter((item) => !landing || !isPersonal(item));
        personal.push(...hidden.map((item) => ({ key: itemKey(item), page })));
        if (others.length === 0 || judge.hasFailed()) continue;
        judge.fail(`restricted page ${page.pageNumber} holds ${others.length} item(s) the full listing lacks.`, {
          expected: landing
            ? "only pages of the full listing (PERSONAL pages aside, §2.4)"
            : "only items of the full listing",
          actual: others.map(itemKey).slice(0, 5).join(", "),
          evidence: [evidence(`restricted page ${page.pageNumber}`, page.exchange)],
        });
      }
      if (landing) judge.applied("personal-pages-visibility");
      if (personal.length > 0) {
        judge.depart(
          "personal-pages-visibility",
          `${personal.length} PERSONAL page(s) of the restricted user are not in the main user's listing.`,
          {
            expected: "the restricted user's PERSONAL pages in the main user's listing (§4.2, administration)",
            actual: personal
              .slice(0, 5)
              .map(({ key }) => key)
              .join(", "),
            evidence: [
              evidence(
                `restricted page ${(personal[0] as { page: WalkedPage }).page.pageNumber}`,
                (personal[0] as { page: WalkedPage }).page.exchange,
              ),
            ],
          },
        );
      }
      judge.witness(evidence("restricted listing, page 0", first.exchange));
      judge.note(`The restricted user sees ${restricted.totalElements} of ${full.totalElements}.`);
    },
  },
  {
    id: "permissions.forbidden-resource-403",
    title: "A widget or analytic the restricted user may not view answers 403",
    rule: "When the user lacks permission, the response is 403 (§5, §7); the listing shows only widgets the user may view (§4.1). Forbidden items come from the facts given (--forbidden-widget, --forbidden-analytic) and, for widgets, from the main user's listing less the restricted user's. A restricted user that lists every widget the main user lists, with no fact naming one it may not view, fails (register permission-facts) unless --restricted-sees-all declares it expected.",
    family: "permissions",
    specRefs: ["5", "7", "4.1"],
    level: "MUST",
    operations: ["getWidget", "getAnalytic"],
    registerRefs: ["permission-facts"],
    needs: ["restrictedToken"],
    async run({ operation, target, judge }) {
      const facts = target.settings.fixtures.permissions;
      const given = operation === "getWidget" ? facts?.forbiddenWidgetIds : facts?.forbiddenAnalyticIds;
      const known = given ?? [];
      const forbidden = new Set(spreadSample([...new Set(known)], SAMPLE));
      if (operation === "getWidget") {
        const full = await knowledgeOf(target).listing("listFactoryDefaultWidgets", "admin");
        const restricted = await knowledgeOf(target).listing("listFactoryDefaultWidgets", "restricted");
        if (full.complete && restricted.complete) {
          const visible = new Set(discoveredIds(restricted));
          const hidden = discoveredIds(full).filter((id) => !visible.has(id));
          for (const id of spreadSample(hidden, SAMPLE)) forbidden.add(id);
          if (forbidden.size === 0 && discoveredIds(full).length > 0 && given === undefined) {
            const first = restricted.pages[0];
            if (facts?.restrictedSeesAll === true)
              return judge.skip(
                "the restricted user sees every widget the main user sees, as --restricted-sees-all declares: no widget is known to be forbidden to it.",
              );
            if (first && answered(judge, "restricted listing", first.exchange)) {
              return unverified(judge, "--forbidden-widget", "widget", first.exchange);
            }
          }
        }
      }
      if (forbidden.size === 0) {
        if (given !== undefined)
          return judge.skip(
            `the facts say no ${operation === "getWidget" ? "widget" : "analytic"} is forbidden to the restricted user, and its listing hides none: nothing to judge.`,
          );
        return judge.skip(
          operation === "getWidget"
            ? "no widget is known to be forbidden to the restricted user: both widget listings must be walked completely, or give --forbidden-widget."
            : "no analytic is known to be forbidden to the restricted user: give --forbidden-analytic to judge §5 for getAnalytic.",
        );
      }
      const field = operation === "getWidget" ? "widgetId" : "analyticId";
      for (const id of forbidden) {
        const label = `${operation} ${id} as the restricted user (${known.includes(id) ? "a forbidden item by the facts" : "not in its listing"})`;
        const exchange = await target.send(operation, { caller: "restricted", json: { [field]: id } });
        if (!answered(judge, label, exchange)) continue;
        const details = {
          expected: "403: the user lacks permission (§5, §7)",
          actual: describeAnswer(exchange),
          evidence: [evidence(label, exchange)],
        };
        if (exchange.response.status === 403) judge.witness(evidence(label, exchange));
        else judge.fail(`${label} got ${describeAnswer(exchange)}.`, details);
      }
      if (!judge.hasFailed()) judge.note(`${forbidden.size} forbidden item(s) answered 403.`);
    },
  },
  {
    id: "permissions.listing-facts",
    title: "The restricted user's listings agree with the known permission facts",
    rule: "Listing widgets returns only the widgets the user may view (§4.1, §5); listing landing pages without Visualizar returns only the user's own pages (§4.2, §5): a forbidden widget or another user's page in the restricted user's listing is a failure, and so is one of its own pages missing. Without facts, a restricted listing equal to the main user's fails (register permission-facts), naming the facts to give, unless --restricted-sees-all declares it expected.",
    family: "permissions",
    specRefs: ["4.1", "4.2", "5"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["permission-facts"],
    needs: ["restrictedToken"],
    async run({ operation, target, judge }) {
      const facts = target.settings.fixtures.permissions;
      const landing = operation === "listLandingPages";
      const mustNotGiven = landing ? facts?.othersLandingPageIds : facts?.forbiddenWidgetIds;
      const mustGiven = landing ? facts?.ownLandingPageIds : undefined;
      const mustNot = mustNotGiven ?? [];
      const must = mustGiven ?? [];
      const restricted = await knowledgeOf(target).listing(operation, "restricted");
      const first = restricted.pages[0];
      if (!first || !answered(judge, "restricted listing", first.exchange)) return;
      const factNames = landing ? "--own-landing-page and --others-landing-page" : "--forbidden-widget";
      if (mustNot.length === 0 && must.length === 0) {
        if (mustNotGiven !== undefined || mustGiven !== undefined)
          return judge.skip("the facts given for this listing name no item: nothing to judge against them.");
        const full = await knowledgeOf(target).listing(operation, "admin");
        const same =
          full.complete &&
          restricted.complete &&
          full.items.length > 0 &&
          sameKeys(full.items.map(itemKey), restricted.items.map(itemKey));
        if (same && facts?.restrictedSeesAll === true) {
          judge.applied("permission-facts");
          judge.witness(evidence("restricted listing, page 0", first.exchange));
          return judge.note(
            `The restricted user sees all ${restricted.items.length} item(s) the main user sees, as --restricted-sees-all declares.`,
          );
        }
        if (same) return unverified(judge, factNames, landing ? "landing page" : "widget", first.exchange);
        return judge.skip(`no permission facts for this listing: give ${factNames} to judge it against them.`);
      }
      if (!restricted.complete)
        return judge.skip(
          `the restricted user's listing could not be walked to its end (${restricted.stop?.message ?? "incomplete"}), so what it lacks is unknown.`,
        );
      const listed = new Set(discoveredIds(restricted));
      const leaked = mustNot.filter((id) => listed.has(id));
      const missing = must.filter((id) => !listed.has(id));
      const pageOf = (id: string) =>
        restricted.pages.find((page) => page.page.items.some((item) => itemKey(item) === `id:${id}`)) ?? first;
      if (leaked.length > 0) {
        judge.fail(
          `the restricted user's listing holds ${leaked.length} ${landing ? "page(s) it did not create" : "widget(s) it may not view"}: ${leaked.slice(0, 5).join(", ")}.`,
          {
            expected: landing
              ? "only its own pages (§4.2, §5: without Visualizar)"
              : "only widgets it may view (§4.1, §5)",
            actual: `${leaked.length} of the ${mustNot.length} known ${landing ? "pages of other users" : "forbidden widgets"} listed`,
            evidence: [
              evidence(
                `restricted listing, page ${pageOf(leaked[0] as string).pageNumber}`,
                pageOf(leaked[0] as string).exchange,
              ),
            ],
          },
        );
      }
      if (missing.length > 0) {
        judge.fail(
          `the restricted user's listing lacks ${missing.length} of its own page(s): ${missing.slice(0, 5).join(", ")}.`,
          {
            expected: "each page it created (§4.2, §5)",
            actual: `${missing.length} of the ${must.length} known own pages missing from ${restricted.items.length} listed`,
            evidence: [evidence("restricted listing, page 0", first.exchange)],
          },
        );
      }
      if (!judge.hasFailed()) {
        judge.witness(evidence("restricted listing, page 0", first.exchange));
        judge.note(`${mustNot.length + must.length} known fact(s) agree with the restricted user's listing.`);
      }
    },
  },
  {
    id: "permissions.restricted-search-subset",
    title: "A restricted user's search returns only what its listing shows",
    rule: "A search narrows the user's own listing (§4.1, §4.2): listing returns only what the user may view (§4.1, §5), so every search result of the restricted user is in its unfiltered listing, and totalElements counts them.",
    family: "permissions",
    specRefs: ["4.1", "4.2", "5", "2.11"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: [],
    needs: ["restrictedToken"],
    async run({ operation, target, judge }) {
      const knowledge = knowledgeOf(target);
      const full = await knowledge.listing(operation, "admin");
      const restricted = await knowledge.listing(operation, "restricted");
      if (!full.complete || !restricted.complete)
        return judge.skip(
          `both listings must be walked completely to know what the restricted user may see (admin: ${full.stop?.message ?? "ok"}; restricted: ${restricted.stop?.message ?? "ok"}).`,
        );
      const visible = new Set(restricted.items.map(itemKey));
      // Terms held by items the restricted user cannot see first: where a search that drops the permission filter shows.
      const hiddenWalk = { ...full, items: full.items.filter((item) => !visible.has(itemKey(item))) };
      const terms = [
        ...searchTerms(operation, hiddenWalk).slice(0, 2),
        ...searchTerms(operation, restricted).slice(0, 1),
      ].map((term) => term.value);
      if (terms.length === 0) return judge.skip("neither listing offers a term to search for.");
      for (const value of [...new Set(terms)]) {
        const walk = await knowledge.search(operation, value, "restricted");
        const label = `search ${JSON.stringify(value)} as the restricted user`;
        const firstPage = walk.pages[0];
        if (!firstPage || !answered(judge, label, firstPage.exchange)) continue;
        const strangers = walk.items.filter((item) => !visible.has(itemKey(item)));
        if (strangers.length > 0) {
          const page =
            walk.pages.find((candidate) => candidate.page.items.some((item) => !visible.has(itemKey(item)))) ??
            firstPage;
          judge.fail(
            `${label} returned ${strangers.length} item(s) its own listing does not show: ${strangers.slice(0, 3).map(itemKey).join(", ")}.`,
            {
              expected: "only items of the restricted user's listing (§4.1, §4.2, §5)",
              actual: `${strangers.length} of ${walk.items.length} result(s) outside its listing of ${restricted.items.length}`,
              evidence: [evidence(`${label}, page ${page.pageNumber}`, page.exchange)],
            },
          );
          continue;
        }
        if (walk.complete && walk.totalElements !== undefined && walk.totalElements !== walk.items.length) {
          judge.fail(
            `${label}: totalElements ${walk.totalElements}, but its pages hold ${walk.items.length} item(s).`,
            {
              expected: `totalElements ${walk.items.length}, the results its pages hold (§2.11)`,
              actual: `totalElements ${walk.totalElements}`,
              evidence: [evidence(`${label}, page 0`, firstPage.exchange)],
            },
          );
          continue;
        }
        judge.witness(evidence(`${label}, page 0`, firstPage.exchange));
      }
      if (!judge.hasFailed())
        judge.note(`${new Set(terms).size} search(es) as the restricted user stayed inside its listing.`);
    },
  },
  {
    id: "permissions.same-permission-same-visibility",
    title: "Widgets that need the same permission are listed, or not, together",
    rule: "Permissions are expressed as a resource and an action (§5, §2.2), a widget's permission is the resource needed to access it (§2.1), and listing widgets returns only the widgets the user may view (§4.1, §5): for each user, two widgets carrying the same permission (resource and action) are both in its listing or both out of it. Judged over the widgets either user's listing shows, and failed only when both listings, walked again, split the same permission; widgets without a permission are not compared.",
    family: "permissions",
    specRefs: ["5", "2.1", "2.2", "4.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: [],
    needs: ["restrictedToken"],
    run: (context) => judgeSharedPermissions(context, context.operation),
  },
];

/** True when two lists hold the same keys (as sets). */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
}

/**
 * The restricted user sees exactly what the main user sees and no fact says which items it may not
 * see: a target that ignores permissions looks just like this, so it fails (register permission-facts)
 * and names the facts that would judge it, or the flag that declares it expected.
 */
function unverified(judge: Judgement, facts: string, what: string, exchange: Exchange): void {
  judge.applied("permission-facts");
  judge.fail(
    `unverified: the restricted user sees every ${what} the main user sees, and no fact says which it may not; give ${facts}, or --restricted-sees-all if it may see everything.`,
    {
      expected: `a ${what} the restricted user may not see, named by ${facts}, or a listing that shows fewer (§4.1, §4.2, §5)`,
      actual: "the restricted token sees exactly what the main token sees",
      evidence: [evidence("restricted listing, page 0", exchange)],
    },
  );
}
