/**
 * Permission checks against the facts given (§4.1, §4.2, §5): forbidden items answer 403 and the
 * restricted user's listings agree with the facts; equal listings with no fact are unverified (could not judge).
 */
import { LISTING_OPERATIONS, type OperationName } from "../../contract/operations.js";
import type { CheckContext, CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import type { ListingWalk, WalkedPage } from "../_internals/walks/walkListing.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { answered, describeAnswer } from "../_internals/judges/judgeExchange.js";
import { discoveredIds, spreadSample } from "../_internals/discovery/discoveredIds.js";
import { itemKey } from "../_internals/walks/listingPage.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import type { Judgement } from "../../runner/engine/Judgement.js";
import type { Exchange } from "../../runner/model/Exchange.js";

const SAMPLE = 5;

/** True when two lists hold the same keys (as sets). */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
}

/**
 * The restricted user sees exactly what the main user sees and no fact says which items it may not
 * see: a target that ignores permissions answers so, and so does a tenant that lets that user see
 * everything. Nothing proves either, so the suite could not judge (an error, exit 2: issue 48), and
 * says which facts would judge it and which flag declares it expected (register permission-facts).
 */
function unverified(judge: Judgement, facts: string, what: string, exchange: Exchange): void {
  judge.applied("permission-facts");
  judge.error(
    `unverified, could not judge: the restricted user sees every ${what} the main user sees, and no fact says ` +
      `which it may not; give ${facts}, or --restricted-sees-all if it may see everything.`,
    {
      expected: `a ${what} the restricted user may not see, named by ${facts}, or a listing that shows fewer (§4.1, §4.2, §5)`,
      actual: "the restricted token sees exactly what the main token sees",
      evidence: [evidence("restricted listing, page 0", exchange)],
    },
  );
}

/** What the helpers of a check need of its context. */
type Asking = Pick<CheckContext, "operation" | "target" | "judge">;

/** Skips the reads when no item is known to be forbidden to the restricted user, saying which facts would name one. */
function skipNothingForbidden(judge: Judgement, operation: OperationName, given: readonly string[] | undefined): void {
  if (given !== undefined)
    return judge.skip(
      `the facts say no ${operation === "getWidget" ? "widget" : "analytic"} is forbidden to the ` +
        `restricted user, and its listing hides none: nothing to judge.`,
    );
  return judge.skip(
    operation === "getWidget"
      ? "no widget is known to be forbidden to the restricted user: both widget listings must be walked completely, or give --forbidden-widget."
      : "no analytic is known to be forbidden to the restricted user: give --forbidden-analytic to judge §5 for getAnalytic.",
  );
}

/** Reads each forbidden item as the restricted user: anything but 403 fails (§5, §7). */
async function judgeForbiddenReads(
  { operation, target, judge }: Asking,
  forbidden: ReadonlySet<string>,
  known: readonly string[],
): Promise<void> {
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
}

/**
 * With no fact for this listing: a restricted listing equal to the main user's is unverified, an error
 * (register permission-facts), unless --restricted-sees-all declares it; otherwise the check skips.
 */
async function judgeWithoutFacts(
  { operation, target, judge }: Asking,
  restricted: ListingWalk,
  first: WalkedPage,
): Promise<void> {
  const facts = target.settings.fixtures.permissions;
  const landing = operation === "listLandingPages";
  const factNames = landing ? "--own-landing-page and --others-landing-page" : "--forbidden-widget";
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

/** Fails listed items the facts forbid and own pages the listing lacks (§4.1, §4.2, §5). */
function judgeAgainstFacts(
  judge: Judgement,
  landing: boolean,
  restricted: ListingWalk,
  first: WalkedPage,
  { mustNot, must }: { readonly mustNot: readonly string[]; readonly must: readonly string[] },
): void {
  const listed = new Set(discoveredIds(restricted));
  const leaked = mustNot.filter((id) => listed.has(id));
  const missing = must.filter((id) => !listed.has(id));
  const pageOf = (id: string) =>
    restricted.pages.find((page) => page.page.items.some((item) => itemKey(item) === `id:${id}`)) ?? first;
  if (leaked.length > 0) {
    judge.fail(
      `the restricted user's listing holds ${leaked.length} ` +
        `${landing ? "page(s) it did not create" : "widget(s) it may not view"}: ${leaked.slice(0, 5).join(", ")}.`,
      {
        expected: landing ? "only its own pages (§4.2, §5: without Visualizar)" : "only widgets it may view (§4.1, §5)",
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
}

/** permissions.forbidden-resource-403 (§5, §7, §4.1). */
export const permissionsForbiddenResource403: CheckDefinition = {
  id: "permissions.forbidden-resource-403",
  title: "A widget or analytic the restricted user may not view answers 403",
  rule:
    "When the user lacks permission, the response is 403 (§5, §7); the listing shows only widgets the " +
    "user may view (§4.1). Forbidden items come from the facts given (--forbidden-widget, " +
    "--forbidden-analytic) and, for widgets, from the main user's listing less the restricted user's. A " +
    "restricted user that lists every widget the main user lists, with no fact naming one it may not " +
    "view, cannot be judged: an error naming the facts to give (register permission-facts), unless " +
    "--restricted-sees-all declares it expected.",
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
    if (forbidden.size === 0) return skipNothingForbidden(judge, operation, given);
    await judgeForbiddenReads({ operation, target, judge }, forbidden, known);
  },
};

/** permissions.listing-facts (§4.1, §4.2, §5). */
export const permissionsListingFacts: CheckDefinition = {
  id: "permissions.listing-facts",
  title: "The restricted user's listings agree with the known permission facts",
  rule:
    "Listing widgets returns only the widgets the user may view (§4.1, §5); listing landing pages " +
    "without Visualizar returns only the user's own pages (§4.2, §5): a forbidden widget or another " +
    "user's page in the restricted user's listing is a failure, and so is one of its own pages missing. " +
    "Without facts, a restricted listing equal to the main user's cannot be judged: an error naming the " +
    "facts to give (register permission-facts), unless --restricted-sees-all declares it expected.",
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
    if (mustNot.length === 0 && must.length === 0) {
      if (mustNotGiven !== undefined || mustGiven !== undefined)
        return judge.skip("the facts given for this listing name no item: nothing to judge against them.");
      return judgeWithoutFacts({ operation, target, judge }, restricted, first);
    }
    if (!restricted.complete)
      return judge.skip(
        `the restricted user's listing could not be walked to its end (${restricted.stop?.message ?? "incomplete"}), so what it lacks is unknown.`,
      );
    judgeAgainstFacts(judge, landing, restricted, first, { mustNot, must });
  },
};
