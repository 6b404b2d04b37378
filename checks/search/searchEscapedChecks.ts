/**
 * search.escaped-value (§4.1, §4.2; RFC 8259 §7): a searchValue taken from the target's own titles or
 * tags, written with \u escapes (a surrogate pair for a character beyond the BMP), in upper-case hex, or
 * with the solidus as \/, is the same string, so its search answers as the same search written as
 * JSON.stringify writes it. Values beyond the BMP and beyond ASCII are searched first: that is where a
 * decoder that turns each escape of a pair into its own character goes wrong.
 */
import type { OperationName } from "../../contract/operations.js";
import { ESCAPE_PLANS, writeRequestText } from "../../generators/escapedRequestText.js";
import type { CheckContext, CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import type { Exchange } from "../../runner/model/Exchange.js";
import { spreadSample } from "../_internals/discovery/discoveredIds.js";
import { firstPageOf } from "../_internals/discovery/searchListing.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { searchLabel } from "../_internals/judges/expectFound.js";
import { answered, describeAnswer, preview } from "../_internals/judges/judgeExchange.js";
import { tagsWithOwners, titlesWithOwners } from "../_internals/probes/listedOwners.js";
import { fetchListingPage } from "../_internals/walks/fetchListingPage.js";
import { itemKey, readListingPage } from "../_internals/walks/listingPage.js";
import type { ListingWalk } from "../_internals/walks/walkListing.js";

/** Most values searched per listing. */
const VALUES = 2;
/** The page every search here asks: the first of the size search walks use (searchListing.ts). */
const FIRST_PAGE = { pageNumber: 0, pageSize: 10 } as const;

/** How a value ranks: beyond the BMP first, then beyond ASCII, then the rest. */
const rank = (value: string): number =>
  [...value].some((char) => char.length > 1) ? 0 : /[^\x00-\x7f]/.test(value) ? 1 : 2;

/** The values a listing's search is asked in escaped forms: its titles (§4.2) or tags (§4.1), those beyond ASCII first. */
function valuesOf(operation: OperationName, walk: ListingWalk): string[] {
  const values =
    operation === "listLandingPages"
      ? titlesWithOwners(walk).map(({ title }) => title)
      : tagsWithOwners(walk).map(({ tag }) => tag);
  const byRank = [0, 1, 2].map((wanted) => [...new Set(values)].filter((value) => rank(value) === wanted));
  const first = byRank.find((group) => group.length > 0) ?? [];
  return spreadSample(first, VALUES);
}

/** The totals and item keys of a listing answer, as one line to compare. */
function summary(operation: OperationName, exchange: Exchange): string {
  const page = readListingPage(operation, exchange.json);
  return `totalElements ${page.totalElements ?? "(none)"}: ${page.items.map(itemKey).join(", ") || "(no items)"}`;
}

/** Sends `value`'s first page written with `plan` and returns the exchange. */
function sendEscaped(
  context: CheckContext,
  value: string,
  plan: (typeof ESCAPE_PLANS)[number]["plan"],
): Promise<Exchange> {
  return context.target.send(context.operation, {
    raw: writeRequestText({ searchValue: value, pagination: FIRST_PAGE }, plan),
  });
}

/** Judges one value in every escaped form against its search written plainly; returns the forms judged. */
async function judgeValue(context: CheckContext, value: string, plain: Exchange): Promise<number> {
  const { operation, target, judge } = context;
  const expected = summary(operation, plain);
  let judged = 0;
  for (const { label: how, plan } of ESCAPE_PLANS) {
    const label = `${searchLabel(value)} written with ${how}`;
    const escaped = await sendEscaped(context, value, plan);
    if (!answered(judge, label, escaped)) continue;
    judged += 1;
    if (escaped.response.status !== 200) {
      judge.fail(`${label} got ${escaped.response.status}; written as JSON.stringify writes it, it got 200.`, {
        expected:
          "200 with the answer of the same search written plainly (RFC 8259 §7: an escaped string is the same string)",
        actual: `${describeAnswer(escaped)}: ${preview(escaped, 200)}`,
        evidence: [evidence(label, escaped), evidence(searchLabel(value), plain)],
      });
      continue;
    }
    if (summary(operation, escaped) === expected) {
      judge.witness(evidence(label, escaped));
      continue;
    }
    // Asked once more both ways: only a difference both looks show is the target's.
    const again = await sendEscaped(context, value, plan);
    const plainAgain = (await fetchListingPage(target, operation, { searchValue: value, pagination: FIRST_PAGE }))
      .exchange;
    if (summary(operation, again) === summary(operation, plainAgain)) {
      judge.note(
        `${label}: its answer differed once from the plain search's, not when asked again (data that changed).`,
      );
      continue;
    }
    judge.fail(`${label} answered otherwise than the same search written as JSON.stringify writes it.`, {
      expected: `the plain search's first page: ${summary(operation, plainAgain)}`,
      actual: summary(operation, again),
      evidence: [evidence(label, again), evidence(searchLabel(value), plainAgain)],
    });
  }
  return judged;
}

/** search.escaped-value (§4.1, §4.2; RFC 8259 §7). */
export const searchEscapedValue: CheckDefinition = {
  id: "search.escaped-value",
  title: "A searchValue written with JSON escapes searches the same value",
  rule:
    "searchValue is a string (§4.1, §4.2); written with \\u escapes (a surrogate pair beyond the BMP), in " +
    "either case of hex, or with the solidus as \\/, it is the same string (RFC 8259 §7): a title or tag of " +
    "the target searched so answers 200 with the same first page as the same search written plainly.",
  family: "search",
  specRefs: ["4.1", "4.2"],
  level: "MUST",
  operations: ["listFactoryDefaultWidgets", "listLandingPages"],
  registerRefs: [],
  async run(context) {
    const { operation, target, judge } = context;
    const values = valuesOf(operation, await knowledgeOf(target).listing(operation));
    if (values.length === 0)
      return judge.skip(
        `no listed ${operation === "listLandingPages" ? "landing page has a title" : "widget has a tag"} to search for.`,
      );
    let judged = 0;
    for (const value of values) {
      const plain = firstPageOf(await knowledgeOf(target).search(operation, value));
      if (!plain?.ok) {
        judge.note(`${searchLabel(value)} written plainly got no listing to compare with (see search.filtered-walk).`);
        continue;
      }
      judged += await judgeValue(context, value, plain.exchange);
    }
    if (judged === 0)
      return judge.skip("no search written plainly answered a listing to compare the escaped forms with.");
    judge.note(
      `${values.map((value) => JSON.stringify(value)).join(", ")} searched in ${ESCAPE_PLANS.length} escaped forms each.`,
    );
  },
};
