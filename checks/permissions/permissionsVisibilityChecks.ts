/**
 * Permission checks of what the restricted user sees (§4.1, §4.2, §5): its listing and its searches
 * are part of what it may view, and widgets needing the same permission are listed together.
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../../runner/engine/Judgement.js";
import { answered, describeAnswer, preview } from "../_internals/judges/judgeExchange.js";
import { itemKey } from "../_internals/walks/listingPage.js";
import type { ListingWalk, WalkedPage } from "../_internals/walks/walkListing.js";
import { isJsonObject } from "../../contract/jsonValue.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { searchTerms } from "../_internals/probes/searchTerms.js";
import { judgeSharedPermissions } from "../_internals/judges/judgeSharedPermissions.js";

/** A PERSONAL landing page (§2.4): only the user who created it can view it. */
const isPersonal = (item: unknown): boolean => isJsonObject(item) && item.landingPageType === "PERSONAL";

/**
 * Fails the restricted user's items that the complete full listing lacks (§4.2, §5); its PERSONAL
 * landing pages among them depart from register personal-pages-visibility instead (§2.4).
 */
function judgeRestrictedItems(judge: Judgement, landing: boolean, full: ListingWalk, restricted: ListingWalk): void {
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
}

/**
 * A restricted user refused (403) on listLandingPages: without Visualizar it "can only query their own
 * landing pages" (§4.2) and its listing "returns only the user's own pages" (§5), so it may query them,
 * and a refusal breaks the stated rule.
 */
function refusedOwnPages(judge: Judgement, first: WalkedPage): void {
  judge.fail(
    "the restricted user's listLandingPages answered 403: a user without the Visualizar permission lists its own " +
      "landing pages (§4.2, §5), so its listing is narrowed, never refused.",
    {
      expected: "200 with the restricted user's own landing pages (§4.2, §5)",
      actual: `${describeAnswer(first.exchange)}: ${preview(first.exchange, 200)}`,
      evidence: [evidence("restricted listing, page 0", first.exchange)],
    },
  );
}

/** permissions.restricted-listing-subset (§4.2, §5, §2.4). */
export const permissionsRestrictedListingSubset: CheckDefinition = {
  id: "permissions.restricted-listing-subset",
  title: "A restricted user's landing pages are a subset of the full listing",
  rule:
    "Listing landing pages without Visualizar returns only the user's own pages, with Visualizar every " +
    "page (§4.2, §5): the restricted user's listing is part of the main user's, and it is answered, not " +
    "refused with 403 (it lists the user's own pages). Only the creator views a " +
    "PERSONAL page (§2.4), so those are compared under register personal-pages-visibility. Widgets are " +
    "not compared: their visibility is per widget (§2.1, §4.1), so the main user need not see every " +
    "widget the restricted user sees.",
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
    if (operation === "listLandingPages" && first.exchange.response.status === 403)
      return refusedOwnPages(judge, first);
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
    judgeRestrictedItems(judge, landing, full, restricted);
    judge.witness(evidence("restricted listing, page 0", first.exchange));
    judge.note(`The restricted user sees ${restricted.totalElements} of ${full.totalElements}.`);
  },
};

/** permissions.restricted-search-subset (§4.1, §4.2, §5, §2.11). */
export const permissionsRestrictedSearchSubset: CheckDefinition = {
  id: "permissions.restricted-search-subset",
  title: "A restricted user's search returns only what its listing shows",
  rule:
    "A search narrows the user's own listing (§4.1, §4.2): listing returns only what the user may view " +
    "(§4.1, §5), so every search result of the restricted user is in its unfiltered listing, and totalElements counts them.",
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
        `both listings must be walked completely to know what the restricted user may see (admin: ` +
          `${full.stop?.message ?? "ok"}; restricted: ${restricted.stop?.message ?? "ok"}).`,
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
          walk.pages.find((candidate) => candidate.page.items.some((item) => !visible.has(itemKey(item)))) ?? firstPage;
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
        judge.fail(`${label}: totalElements ${walk.totalElements}, but its pages hold ${walk.items.length} item(s).`, {
          expected: `totalElements ${walk.items.length}, the results its pages hold (§2.11)`,
          actual: `totalElements ${walk.totalElements}`,
          evidence: [evidence(`${label}, page 0`, firstPage.exchange)],
        });
        continue;
      }
      judge.witness(evidence(`${label}, page 0`, firstPage.exchange));
    }
    if (!judge.hasFailed())
      judge.note(`${new Set(terms).size} search(es) as the restricted user stayed inside its listing.`);
  },
};

/** permissions.same-permission-same-visibility (§5, §2.1, §2.2, §4.1). */
export const permissionsSamePermissionSameVisibility: CheckDefinition = {
  id: "permissions.same-permission-same-visibility",
  title: "Widgets that need the same permission are listed, or not, together",
  rule:
    "Not stated; the register's default (permission-sufficiency): a widget's permission is the resource " +
    "needed to access it (§2.1), a necessary condition, and the suite expects it to decide alone, so for each " +
    "user two widgets carrying the same permission (resource and action) are both in its listing or both out " +
    "of it. Judged over the widgets either user's listing shows; a split that both listings, walked again, " +
    "show is a warning, since another condition (a licence) may hide a widget; widgets without a permission are not compared.",
  family: "permissions",
  specRefs: ["5", "2.1", "2.2", "4.1"],
  level: "SHOULD",
  operations: ["listFactoryDefaultWidgets"],
  registerRefs: ["permission-sufficiency"],
  needs: ["restrictedToken"],
  run: (context) => {
    context.judge.applied("permission-sufficiency");
    return judgeSharedPermissions(context, context.operation);
  },
};
