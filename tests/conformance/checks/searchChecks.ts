/**
 * Search (§4.1: widget search ignores case and covers tags; §4.2: landing search is on the
 * title). Search values are taken from the target's own items (register search-match-mode):
 * a whole tag or a whole title, which every matching mode must find.
 */
import { LISTING_OPERATIONS } from "../../../contract/operations.js";
import type { CheckContext, CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { discoveredListing, spreadSample } from "./_internals/discovery.js";
import { isJsonObject } from "../../../contract/jsonValue.js";
import { itemKey } from "./_internals/listingPage.js";
import { searchListing, walkContains } from "./_internals/searchListing.js";
import { describePageRequest, fetchListingPage } from "./_internals/fetchListingPage.js";
import { answered, describeAnswer } from "./_internals/judgeExchange.js";
import { type ListingWalk, stoppedByTarget } from "./_internals/walkListing.js";

const SAMPLE = 4;

/** Tags of the listed widgets with the key of one widget carrying each, rarest tags first. */
function tagsWithOwners(walk: ListingWalk): { tag: string; owner: string }[] {
  const owners = new Map<string, string[]>();
  for (const item of walk.items) {
    if (!isJsonObject(item) || !Array.isArray(item.tags)) continue;
    for (const tag of item.tags) {
      if (typeof tag !== "string" || tag.trim() === "") continue;
      owners.set(tag, [...(owners.get(tag) ?? []), itemKey(item)]);
    }
  }
  return [...owners.entries()].sort((a, b) => a[1].length - b[1].length || a[0].localeCompare(b[0])).map(([tag, keys]) => ({ tag, owner: keys[0] as string }));
}

/** Landing-page titles with the key of their page, titles unique in the listing first. */
function titlesWithOwners(walk: ListingWalk): { title: string; owner: string }[] {
  const counts = new Map<string, number>();
  const pages = walk.items.filter(isJsonObject).filter((item) => typeof item.title === "string" && item.title.trim() !== "");
  for (const page of pages) counts.set(page.title as string, (counts.get(page.title as string) ?? 0) + 1);
  return pages
    .map((page) => ({ title: page.title as string, owner: itemKey(page) }))
    .sort((a, b) => (counts.get(a.title) ?? 0) - (counts.get(b.title) ?? 0));
}

/** A case variant whose length matches (so Unicode case mapping cannot change what is matched). */
function caseVariants(value: string): string[] {
  const swapped = [...value].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join("");
  return [value.toUpperCase(), value.toLowerCase(), swapped].filter((variant) => variant !== value && variant.length === value.length);
}

/** Judges that searching `value` finds the item `owner` it was taken from. */
async function expectFound(context: CheckContext, value: string, owner: string, what: string): Promise<ListingWalk> {
  const walk = await searchListing(context.target, context.operation, value);
  const first = walk.pages[0];
  const found = walkContains(walk, owner);
  const label = `searchValue ${JSON.stringify(value)}`;
  if (first && !answered(context.judge, label, first.exchange)) return walk;
  if (stoppedByTarget(walk)) {
    context.judge.fail(`${label}: the search could not be walked (${walk.stop?.message}).`, {
      expected: "200 listings for every page of the result",
      actual: walk.stop?.message,
      evidence: first ? [evidence(label, first.exchange)] : [],
    });
  } else if (found === "no") {
    context.judge.fail(`${label} did not return ${owner}, whose ${what} it is.`, {
      expected: `${owner} among the results`,
      actual: `${walk.totalElements ?? walk.items.length} result(s): ${walk.items.slice(0, 5).map(itemKey).join(", ")}`,
      evidence: first ? [evidence(label, first.exchange)] : [],
    });
  } else if (first) {
    context.judge.witness(evidence(label, first.exchange));
    if (found === "unknown") context.judge.note(`${label}: ${owner} not among the first ${walk.items.length} results (walk bounded).`);
  }
  return walk;
}

/** Checks of the search family. */
export const searchChecks: readonly CheckDefinition[] = [
  {
    id: "search.widgets-by-tag",
    title: "Searching a widget's tag finds the widget",
    rule: "searchValue is searched in the internationalized fields and in the tags (§4.1).",
    family: "search",
    specRefs: ["4.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: ["search-match-mode"],
    async run(context) {
      const tags = spreadSample(tagsWithOwners(await discoveredListing(context.target, context.operation)), SAMPLE);
      if (tags.length === 0) return context.judge.skip("no listed widget has a tag to search for.");
      context.judge.applied("search-match-mode");
      for (const { tag, owner } of tags) await expectFound(context, tag, owner, "tag");
      if (!context.judge.hasFailed()) context.judge.note(`${tags.length} tag(s) searched; each found its widget.`);
    },
  },
  {
    id: "search.widgets-case-insensitive",
    title: "Widget search ignores upper/lower case",
    rule: "The value is searched ignoring upper/lower case (§4.1): every case variant finds the same widgets.",
    family: "search",
    specRefs: ["4.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: ["search-match-mode"],
    async run(context) {
      const candidates = tagsWithOwners(await discoveredListing(context.target, context.operation)).filter(({ tag }) => /^[\x20-\x7e]+$/.test(tag) && caseVariants(tag).length > 0);
      const tags = spreadSample(candidates, SAMPLE);
      if (tags.length === 0) return context.judge.skip("no listed widget has an ASCII tag with letters to vary the case of.");
      for (const { tag, owner } of tags) {
        const original = await expectFound(context, tag, owner, "tag");
        for (const variant of caseVariants(tag)) {
          const walk = await expectFound(context, variant, owner, `tag (as ${JSON.stringify(tag)})`);
          const first = walk.pages[0];
          if (first && original.totalElements !== undefined && walk.totalElements !== undefined && walk.totalElements !== original.totalElements) {
            context.judge.fail(`searchValue ${JSON.stringify(variant)} found ${walk.totalElements} widgets, ${JSON.stringify(tag)} found ${original.totalElements}.`, {
              expected: "the same totalElements for every case variant",
              actual: `${walk.totalElements} vs ${original.totalElements}`,
              evidence: [evidence(`searchValue ${JSON.stringify(variant)}`, first.exchange)],
            });
          }
        }
      }
      if (!context.judge.hasFailed()) context.judge.note(`${tags.length} tag(s) searched in upper, lower and swapped case.`);
    },
  },
  {
    id: "search.landing-by-title",
    title: "Searching a landing page's title finds the page",
    rule: "searchValue is searched in the title field (§4.2).",
    family: "search",
    specRefs: ["4.2"],
    level: "MUST",
    operations: ["listLandingPages"],
    registerRefs: ["search-match-mode", "landing-search-case"],
    async run(context) {
      const titles = spreadSample(titlesWithOwners(await discoveredListing(context.target, context.operation)), SAMPLE);
      if (titles.length === 0) return context.judge.skip("no listed landing page has a title to search for.");
      context.judge.applied("search-match-mode");
      for (const { title, owner } of titles) await expectFound(context, title, owner, "title");
      if (!context.judge.hasFailed()) context.judge.note(`${titles.length} title(s) searched; each found its page.`);
    },
  },
  {
    id: "search.results-subset",
    title: "Search results are a subset of the unfiltered listing",
    rule: "A search filters the listing (§4.1, §4.2): it returns no item the unfiltered listing lacks, and no more of them.",
    family: "search",
    specRefs: ["4.1", "4.2"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: [],
    async run(context) {
      const full = await discoveredListing(context.target, context.operation);
      if (!full.complete || full.totalElements === undefined) return context.judge.skip(`the unfiltered listing was not walked completely (${full.stop?.message ?? "no totals"}).`);
      const values =
        context.operation === "listFactoryDefaultWidgets"
          ? spreadSample(tagsWithOwners(full), 2).map(({ tag }) => tag)
          : spreadSample(titlesWithOwners(full), 2).map(({ title }) => title);
      values.push("a", `cms-conformance-no-match-${context.target.settings.seed.toString(36)}`);
      const known = new Set(full.items.map(itemKey));
      for (const value of values) {
        const walk = await searchListing(context.target, context.operation, value);
        const first = walk.pages[0];
        if (!first || !answered(context.judge, `searchValue ${JSON.stringify(value)}`, first.exchange)) continue;
        const label = `searchValue ${JSON.stringify(value)}`;
        const strangers = walk.items.map(itemKey).filter((key) => !known.has(key));
        if (strangers.length > 0) {
          context.judge.fail(`${label} returned ${strangers.length} item(s) the unfiltered listing lacks.`, {
            expected: "only items of the unfiltered listing",
            actual: strangers.slice(0, 5).join(", "),
            evidence: [evidence(label, first.exchange)],
          });
        } else if (walk.totalElements !== undefined && walk.totalElements > full.totalElements) {
          context.judge.fail(`${label}: totalElements ${walk.totalElements} exceeds the unfiltered ${full.totalElements}.`, {
            expected: `at most ${full.totalElements}`,
            actual: `${walk.totalElements}`,
            evidence: [evidence(label, first.exchange)],
          });
        } else {
          context.judge.witness(evidence(label, first.exchange));
        }
      }
    },
  },
  {
    id: "search.empty-value",
    title: "An empty searchValue returns the unfiltered listing",
    rule: "Not stated; the register's default: an empty searchValue behaves like no searchValue.",
    family: "search",
    specRefs: ["4.1", "4.2"],
    level: "SHOULD",
    operations: LISTING_OPERATIONS,
    registerRefs: ["empty-search-value"],
    async run({ operation, target, judge }) {
      judge.applied("empty-search-value");
      const plain = await fetchListingPage(target, operation, {});
      const empty = await fetchListingPage(target, operation, { searchValue: "" });
      const label = describePageRequest({ searchValue: "" });
      if (!answered(judge, "no searchValue", plain.exchange) || !answered(judge, label, empty.exchange)) return;
      if (!plain.ok) return judge.skip("the unfiltered listing did not answer 200 (see http.valid-request-ok).");
      const details = { evidence: [evidence(label, empty.exchange), evidence("no searchValue", plain.exchange)] };
      if (empty.exchange.response.status >= 500) {
        judge.fail(`${label} got ${describeAnswer(empty.exchange)}.`, { ...details, expected: "200", actual: describeAnswer(empty.exchange) });
      } else if (!empty.ok || empty.page.totalElements !== plain.page.totalElements || empty.page.items.map(itemKey).join() !== plain.page.items.map(itemKey).join()) {
        judge.depart("empty-search-value", `${label} did not return the unfiltered listing.`, {
          ...details,
          expected: `200 with totalElements ${plain.page.totalElements} and the same first page`,
          actual: empty.ok ? `totalElements ${empty.page.totalElements}` : describeAnswer(empty.exchange),
        });
      } else {
        judge.witness(evidence(label, empty.exchange));
      }
    },
  },
];
