/**
 * Permissions (§4.1, §4.2, §5): a user without Visualizar sees a subset, and what it cannot
 * see it cannot read (403). Needs the restricted user's token (--restricted-token).
 */
import { LISTING_OPERATIONS } from "../../../contract/operations.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { answered, describeAnswer } from "./_internals/judges/judgeExchange.js";
import { discoveredIds, spreadSample } from "./_internals/discovery/discoveredIds.js";
import { itemKey } from "./_internals/walks/listingPage.js";
import type { WalkedPage } from "./_internals/walks/walkListing.js";
import { isJsonObject } from "../../../contract/jsonValue.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";

/** A PERSONAL landing page (§2.4): only the user who created it can view it. */
const isPersonal = (item: unknown): boolean => isJsonObject(item) && item.landingPageType === "PERSONAL";

const SAMPLE = 5;

/** Checks of the permissions family. */
export const permissionsChecks: readonly CheckDefinition[] = [
  {
    id: "permissions.restricted-listing-subset",
    title: "A restricted user's listing is a subset of the full one",
    rule: "Listing widgets returns only the widgets the user may view; without Visualizar, only the user's own landing pages (§4.1, §4.2, §5). Only the creator views a PERSONAL page (§2.4), so those are compared under register personal-pages-visibility.",
    family: "permissions",
    specRefs: ["4.1", "4.2", "5", "2.4"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
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
    title: "A widget the restricted user may not view answers 403",
    rule: "When the user lacks permission, the response is 403 (§5, §7); the listing shows only widgets the user may view (§4.1).",
    family: "permissions",
    specRefs: ["5", "7", "4.1"],
    level: "MUST",
    operations: ["getWidget"],
    registerRefs: ["hidden-resource-status"],
    needs: ["restrictedToken"],
    async run({ target, judge }) {
      const full = await knowledgeOf(target).listing("listFactoryDefaultWidgets", "admin");
      const restricted = await knowledgeOf(target).listing("listFactoryDefaultWidgets", "restricted");
      if (!full.complete || !restricted.complete) {
        return judge.skip(
          `both widget listings must be walked completely to know what is forbidden (admin: ${full.stop?.message ?? "ok"}; restricted: ${restricted.stop?.message ?? "ok"}).`,
        );
      }
      const visible = new Set(discoveredIds(restricted));
      const forbidden = spreadSample(
        discoveredIds(full).filter((id) => !visible.has(id)),
        SAMPLE,
      );
      if (forbidden.length === 0)
        return judge.skip(
          "the restricted user's listing shows every widget the admin sees, so no widget is known to be forbidden.",
        );
      judge.applied("hidden-resource-status");
      for (const widgetId of forbidden) {
        const label = `getWidget ${widgetId} as the restricted user (not in its listing)`;
        const exchange = await target.send("getWidget", { caller: "restricted", json: { widgetId } });
        if (!answered(judge, label, exchange)) continue;
        const status = exchange.response.status;
        const details = {
          expected: "403 (§5)",
          actual: describeAnswer(exchange),
          evidence: [evidence(label, exchange)],
        };
        if (status === 403) judge.witness(evidence(label, exchange));
        else if (status === 404) judge.depart("hidden-resource-status", `${label} got 404.`, details);
        else judge.fail(`${label} got ${describeAnswer(exchange)}.`, details);
      }
    },
  },
];
