/**
 * Search (§4.1: widget search ignores case and covers tags; §4.2: landing search is on the
 * title), checked both ways: a search finds what holds the value, returns nothing that does
 * not, reads special characters as text, and pages its result like any listing. Values come
 * from the target's own items or are random from the seed; a value is in a text when it is a
 * substring of it ignoring case and accents (register search-match-mode).
 */
import { LISTING_OPERATIONS, type OperationName } from "../contract/operations.js";
import type { CheckContext, CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../runner/engine/Judgement.js";
import { spreadSample } from "./_internals/discovery/discoveredIds.js";
import { isJsonObject } from "../contract/jsonValue.js";
import { itemKey } from "./_internals/walks/listingPage.js";
import { firstPageOf, walkContains } from "./_internals/discovery/searchListing.js";
import { describePageRequest, fetchListingPage, type FetchedPage } from "./_internals/walks/fetchListingPage.js";
import { answered, describeAnswer } from "./_internals/judges/judgeExchange.js";
import { type ListingWalk, stoppedByTarget, walkListing, type WalkedPage } from "./_internals/walks/walkListing.js";
import {
  containsSearchValue,
  corpusContains,
  foldCorpus,
  foldSearchText,
  type FoldedCorpus,
  undecodable,
} from "./_internals/probes/containsSearchValue.js";
import { judgeSearchAnswer } from "./_internals/judges/judgeSearchAnswer.js";
import { judgeWalk } from "./_internals/judges/judgeWalk.js";
import { judgeWalkTotals } from "./_internals/judges/judgeWalkTotals.js";
import { noMatchValue } from "./_internals/probes/noMatchValue.js";
import { searchedTexts } from "./_internals/probes/searchedTexts.js";
import { nonTitleValues, searchTerms, specialSnippets } from "./_internals/probes/searchTerms.js";
import { wildcardProbes } from "./_internals/probes/wildcardProbes.js";
import { searchPiece } from "./_internals/probes/searchPiece.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";

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
  return [...owners.entries()]
    .sort((a, b) => a[1].length - b[1].length || a[0].localeCompare(b[0]))
    .map(([tag, keys]) => ({ tag, owner: keys[0] as string }));
}

/** Landing-page titles with the key of their page, titles unique in the listing first. */
function titlesWithOwners(walk: ListingWalk): { title: string; owner: string }[] {
  const counts = new Map<string, number>();
  const pages = walk.items
    .filter(isJsonObject)
    .filter((item) => typeof item.title === "string" && item.title.trim() !== "" && !undecodable(item.title));
  for (const page of pages) counts.set(page.title as string, (counts.get(page.title as string) ?? 0) + 1);
  return pages
    .map((page) => ({ title: page.title as string, owner: itemKey(page) }))
    .sort((a, b) => (counts.get(a.title) ?? 0) - (counts.get(b.title) ?? 0));
}

/** A case variant whose length matches (so Unicode case mapping cannot change what is matched). */
function caseVariants(value: string): string[] {
  const swapped = [...value]
    .map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()))
    .join("");
  return [value.toUpperCase(), value.toLowerCase(), swapped].filter(
    (variant) => variant !== value && variant.length === value.length,
  );
}

/**
 * Judges that searching `value` finds the item `owner` it was taken from. A result that ends
 * early on an empty page is judged as it stands (whether its pages agree with its totals is
 * search.filtered-walk's rule); any other stop the target caused is a failure.
 */
async function expectFound(
  context: CheckContext,
  value: string,
  owner: string,
  what: string,
  relation = `whose ${what} it is`,
): Promise<ListingWalk> {
  const walk = await knowledgeOf(context.target).search(context.operation, value);
  const first = firstPageOf(walk);
  const endedEarly = walk.stop?.reason === "empty-page";
  // A result that ended early is judged on what it served, as if that were all of it.
  const found = walkContains(endedEarly ? { ...walk, complete: true } : walk, owner);
  const label = searchLabel(value);
  if (!first || !judgeSearchAnswer(context.judge, label, value, first)) return walk;
  if (stoppedByTarget(walk) && !endedEarly) {
    // The page the walk stopped on is the evidence: a timeout or a reset there makes this an error, not a failure.
    const stoppedOn = walk.pages[walk.pages.length - 1] ?? walk.pages[0];
    context.judge.fail(`${label}: the search could not be walked (${walk.stop?.message}).`, {
      expected: "200 listings for every page of the result",
      actual: walk.stop?.message,
      evidence: [
        evidence(label, first.exchange),
        ...(stoppedOn && stoppedOn.pageNumber > 0
          ? [evidence(`${label}, page ${stoppedOn.pageNumber}`, stoppedOn.exchange)]
          : []),
      ],
    });
  } else if (found === "no") {
    context.judge.fail(`${label} did not return ${owner}, ${relation}.`, {
      expected: `${owner} among the results`,
      actual: `${walk.totalElements ?? walk.items.length} result(s): ${walk.items.slice(0, 5).map(itemKey).join(", ")}`,
      evidence: [evidence(label, first.exchange)],
    });
  } else {
    context.judge.witness(evidence(label, first.exchange));
    if (found === "unknown")
      context.judge.note(`${label}: ${owner} not among the first ${walk.items.length} results (walk bounded).`);
  }
  return walk;
}

const searchLabel = (value: string) => `searchValue ${JSON.stringify(value)}`;

/** Values that break naive backends: SQL LIKE wildcards, regular expression and glob syntax, quotes, a percent-escape, accents, an emoji. */
const SPECIAL_VALUES: readonly string[] = ["%", "_", "*", ".", "(", "[", "\\", "'", '"', "%41", "ção", "🙂"];
/** Pages a filtered walk fetches at most, so a walk costs at most this many requests. */
const PAGES_PER_FILTERED_WALK = 12;
/** Largest page size a filtered walk asks for: below the default 10, so no page size cap (register max-page-size) can be in play. */
const LARGEST_FILTERED_WALK_SIZE = 9;
/** Search values tried per listing before the filtered walk gives up finding one that matches two or more items. */
const FILTERED_WALK_TRIES = 4;

/** The unfiltered listing as discovered; undefined, with a skip recorded, when not even its first page could be read. */
async function readableListing({ target, operation, judge }: CheckContext): Promise<ListingWalk | undefined> {
  const full = await knowledgeOf(target).listing(operation);
  if (full.totalElements !== undefined) return full;
  judge.skip(
    `the unfiltered listing could not be read (${full.stop?.message ?? "no totals"}); see schema.response-body and http.valid-request-ok.`,
  );
  return undefined;
}

/** Fetches page 0 (size 10) of a search; undefined, with the finding recorded, when it is not a 200 listing. */
async function searchFirstPage(context: CheckContext, value: string): Promise<FetchedPage | undefined> {
  const fetched = await fetchListingPage(context.target, context.operation, {
    searchValue: value,
    pagination: { pageNumber: 0, pageSize: 10 },
  });
  return judgeSearchAnswer(context.judge, searchLabel(value), value, fetched) ? fetched : undefined;
}

/** §4.2: fails when a page returned for `value` lacks it in its title. */
function judgeTitlesHold(judge: Judgement, value: string, pages: readonly WalkedPage[]): void {
  const strangers = pages.flatMap((page) =>
    page.page.items
      .filter(
        (item) =>
          isJsonObject(item) &&
          typeof item.title === "string" &&
          !undecodable(item.title) &&
          !containsSearchValue(item.title, value),
      )
      .map((item) => ({ item, page })),
  );
  const firstStranger = strangers[0];
  if (!firstStranger) return;
  judge.fail(
    `${searchLabel(value)} returned ${strangers.length} landing page(s) whose title does not contain the value (of ${pages.length} page(s) of the result read).`,
    {
      expected: `only pages whose title contains ${JSON.stringify(value)} (§4.2; case and accents ignored)`,
      actual: strangers
        .slice(0, 5)
        .map(({ item }) => `${itemKey(item)} titled ${JSON.stringify((item as { title: string }).title)}`)
        .join(", "),
      evidence: [evidence(`${searchLabel(value)}, page ${firstStranger.page.pageNumber}`, firstStranger.page.exchange)],
    },
  );
}

/**
 * Small page sizes for walking `total` results, 10 excepted (already walked): three sizes that
 * walk them whole in PAGES_PER_FILTERED_WALK pages or fewer, or, for larger results, 7 and 9
 * walked for their first PAGES_PER_FILTERED_WALK pages.
 */
function filteredWalkSizes(total: number, maxPageSize: number): number[] {
  const smallest = Math.max(1, Math.ceil(total / PAGES_PER_FILTERED_WALK));
  const sizes =
    smallest + 2 <= LARGEST_FILTERED_WALK_SIZE
      ? [smallest, smallest + 1, smallest + 2]
      : [7, LARGEST_FILTERED_WALK_SIZE];
  return sizes.filter((size) => size < total && size <= maxPageSize);
}

/** Search values for the filtered walk: terms matching two or more listed items, about as many as a short walk holds first. */
function filteredWalkValues(operation: OperationName, walk: ListingWalk): string[] {
  const terms = searchTerms(operation, walk).filter((term) => term.count >= 2);
  const small = terms.filter((term) => term.count <= (LARGEST_FILTERED_WALK_SIZE - 2) * PAGES_PER_FILTERED_WALK);
  const large = terms
    .filter((term) => term.count > (LARGEST_FILTERED_WALK_SIZE - 2) * PAGES_PER_FILTERED_WALK)
    .reverse();
  const values = [...small, ...large].map((term) => term.value);
  return values.length > 0 ? values : ["a", "e"];
}

/** The strings of a widget's name, description and tags: what §4.1 names as searched, as far as the suite can see. */
function statedWidgetTexts(item: unknown): string[] {
  if (!isJsonObject(item)) return [];
  const tags = Array.isArray(item.tags) ? item.tags : [];
  return [item.name, item.description, ...tags].filter((text): text is string => typeof text === "string");
}

/** The fields of a widget §4.1 does not name as searched, as the messages call them. */
const UNSEARCHED_FIELDS = ["id", "url", "thumbnailURL", "permission resource"] as const;
type UnsearchedField = (typeof UNSEARCHED_FIELDS)[number];

/**
 * A widget's values in fields §4.1 does not search: its id, url, thumbnailURL and permission
 * resource. The permission's action is left out: it is a plain word (Visualizar) that a
 * translation, which the suite cannot see, may hold.
 */
function unsearchedFields(item: Readonly<Record<string, unknown>>): { value: string; field: UnsearchedField }[] {
  const permission = isJsonObject(item.permission) ? item.permission : {};
  const values: Record<UnsearchedField, unknown> = {
    id: item.id,
    url: item.url,
    thumbnailURL: item.thumbnailURL,
    "permission resource": permission.resource,
  };
  return UNSEARCHED_FIELDS.flatMap((field) => {
    const value = values[field];
    return typeof value === "string" ? [{ value, field }] : [];
  });
}

/** Whether any text of `corpus` contains `value` (ignoring case and accents). */
const heldByAny = (corpus: FoldedCorpus, value: string) => corpusContains(corpus, foldSearchText(value));

/** Most widgets whose name/description key (or id and URL) a check searches. */
const FIELD_PROBES = 2;
/** Most parts of texts a check searches besides the whole texts. */
const PIECE_PROBES = 2;

/**
 * Widgets' whole `field` keys (§2.1: name and description hold i18n keys) that no tag and no key
 * of the other field of any listed widget holds, so only a search of that field can find them.
 */
function keyProbes(
  walk: ListingWalk,
  field: "name" | "description",
): { key: string; owner: string; field: "name" | "description" }[] {
  const other = field === "name" ? "description" : "name";
  const elsewhere = foldCorpus(
    walk.items.flatMap((item) => {
      if (!isJsonObject(item)) return [];
      const tags = Array.isArray(item.tags) ? item.tags : [];
      return [item[other], ...tags].filter((text): text is string => typeof text === "string");
    }),
  );
  return spreadSample(
    walk.items.flatMap((item) => {
      const key = isJsonObject(item) ? item[field] : undefined;
      return typeof key === "string" &&
        key.trim() !== "" &&
        [...key].length <= 200 &&
        !undecodable(key) &&
        !heldByAny(elsewhere, key)
        ? [{ key, owner: itemKey(item), field }]
        : [];
    }),
    FIELD_PROBES,
  );
}

/** A part (searchPiece) of each of the first texts that has one, with the item it came from. */
function piecesOf<T extends { readonly text: string; readonly owner: string }>(
  texts: readonly T[],
): (T & { readonly piece: string })[] {
  return texts
    .flatMap((source) => {
      const piece = searchPiece(source.text);
      return piece === undefined ? [] : [{ ...source, piece }];
    })
    .slice(0, PIECE_PROBES);
}

/**
 * Whether every letter of `text` maps to one code point in upper and in lower case and back
 * (so ß, ẞ, the KELVIN SIGN, ſ, ı and İ, whose case mappings are not one-to-one, are left out).
 */
function hasSimpleCase(text: string): boolean {
  return [...text].every((char) => {
    const upper = char.toLocaleUpperCase("und");
    const lower = char.toLocaleLowerCase("und");
    return (
      [...upper].length === 1 &&
      [...lower].length === 1 &&
      upper.toLocaleLowerCase("und") === lower &&
      lower.toLocaleUpperCase("und") === upper
    );
  });
}

/** The upper and lower case of `text` (NFC) when it holds a letter beyond ASCII with a simple case; else none. */
function nonAsciiCaseVariants(text: string): string[] {
  const value = text.normalize("NFC");
  const cased = [...value].some(
    (char) => /[^\x00-\x7f]/.test(char) && char.toLocaleUpperCase("und") !== char.toLocaleLowerCase("und"),
  );
  if (!cased || !hasSimpleCase(value)) return [];
  return [...new Set([value.toLocaleUpperCase("und"), value.toLocaleLowerCase("und")])].filter(
    (variant) => variant !== value,
  );
}

/** Checks of the search family. */
export const searchChecks: readonly CheckDefinition[] = [
  {
    id: "search.widgets-by-tag",
    title: "Searching a widget's tag finds the widget",
    rule: "searchValue is searched in the internationalized fields and in the tags (§4.1): a whole tag, and a part of one (register search-match-mode: searched in is contained in), finds its widget.",
    family: "search",
    specRefs: ["4.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: ["search-match-mode"],
    async run(context) {
      const tags = spreadSample(tagsWithOwners(await knowledgeOf(context.target).listing(context.operation)), SAMPLE);
      if (tags.length === 0) return context.judge.skip("no listed widget has a tag to search for.");
      context.judge.applied("search-match-mode");
      for (const { tag, owner } of tags) await expectFound(context, tag, owner, "tag");
      const pieces = piecesOf(tags.map(({ tag, owner }) => ({ text: tag, owner })));
      for (const { piece, text, owner } of pieces)
        await expectFound(context, piece, owner, "tag", `a part of whose tag ${JSON.stringify(text)} it is`);
      context.judge.note(
        `${tags.length} tag(s) and ${pieces.length} part(s) of tags (${pieces.map(({ piece }) => JSON.stringify(piece)).join(", ") || "none"}) searched; each found its widget.`,
      );
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
      const candidates = tagsWithOwners(await knowledgeOf(context.target).listing(context.operation)).filter(
        ({ tag }) => /^[\x20-\x7e]+$/.test(tag) && caseVariants(tag).length > 0,
      );
      const tags = spreadSample(candidates, SAMPLE);
      if (tags.length === 0)
        return context.judge.skip("no listed widget has an ASCII tag with letters to vary the case of.");
      for (const { tag, owner } of tags) {
        const original = await expectFound(context, tag, owner, "tag");
        for (const variant of caseVariants(tag)) {
          const walk = await expectFound(context, variant, owner, `tag (as ${JSON.stringify(tag)})`);
          const first = walk.pages[0];
          if (
            first &&
            original.totalElements !== undefined &&
            walk.totalElements !== undefined &&
            walk.totalElements !== original.totalElements
          ) {
            context.judge.fail(
              `searchValue ${JSON.stringify(variant)} found ${walk.totalElements} widgets, ${JSON.stringify(tag)} found ${original.totalElements}.`,
              {
                expected: "the same totalElements for every case variant",
                actual: `${walk.totalElements} vs ${original.totalElements}`,
                evidence: [evidence(`searchValue ${JSON.stringify(variant)}`, first.exchange)],
              },
            );
          }
        }
      }
      context.judge.note(`${tags.length} tag(s) searched in upper, lower and swapped case.`);
    },
  },
  {
    id: "search.landing-by-title",
    title: "Searching a landing page's title finds the page",
    rule: "searchValue is searched in the title field (§4.2): a whole title, and a part of one (register search-match-mode: searched in is contained in), finds its page.",
    family: "search",
    specRefs: ["4.2"],
    level: "MUST",
    operations: ["listLandingPages"],
    registerRefs: ["search-match-mode", "landing-search-case"],
    async run(context) {
      const titles = spreadSample(
        titlesWithOwners(await knowledgeOf(context.target).listing(context.operation)),
        SAMPLE,
      );
      if (titles.length === 0) return context.judge.skip("no listed landing page has a title to search for.");
      context.judge.applied("search-match-mode");
      for (const { title, owner } of titles) await expectFound(context, title, owner, "title");
      const pieces = piecesOf(titles.map(({ title, owner }) => ({ text: title, owner })));
      for (const { piece, text, owner } of pieces)
        await expectFound(context, piece, owner, "title", `a part of whose title ${JSON.stringify(text)} it is`);
      context.judge.note(
        `${titles.length} title(s) and ${pieces.length} part(s) of titles searched; each found its page.`,
      );
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
      const full = await knowledgeOf(context.target).listing(context.operation);
      if (!full.complete || full.totalElements === undefined)
        return context.judge.skip(
          `the unfiltered listing was not walked completely (${full.stop?.message ?? "no totals"}).`,
        );
      const values =
        context.operation === "listFactoryDefaultWidgets"
          ? spreadSample(tagsWithOwners(full), 2).map(({ tag }) => tag)
          : spreadSample(titlesWithOwners(full), 2).map(({ title }) => title);
      values.push("a", `cms-conformance-no-match-${context.target.settings.seed.toString(36)}`);
      const known = new Set(full.items.map(itemKey));
      for (const value of values) {
        const walk = await knowledgeOf(context.target).search(context.operation, value);
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
          context.judge.fail(
            `${label}: totalElements ${walk.totalElements} exceeds the unfiltered ${full.totalElements}.`,
            {
              expected: `at most ${full.totalElements}`,
              actual: `${walk.totalElements}`,
              evidence: [evidence(label, first.exchange)],
            },
          );
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
      // answered() has failed a 5xx already; anything else that is not the same listing departs.
      if (
        !empty.ok ||
        empty.page.totalElements !== plain.page.totalElements ||
        empty.page.items.map(itemKey).join() !== plain.page.items.map(itemKey).join()
      ) {
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
  {
    id: "search.landing-results-match",
    title: "Every landing page a search returns has the value in its title",
    rule: "searchValue is searched in the title field (§4.2): each page a search returns holds the value in its title (case and accents ignored), whether the value is a word of the titles or a value of another field.",
    family: "search",
    specRefs: ["4.2"],
    level: "MUST",
    operations: ["listLandingPages"],
    registerRefs: ["search-match-mode", "search-special-characters"],
    async run(context) {
      const { operation, target, judge } = context;
      const full = await readableListing(context);
      if (!full) return;
      const words = spreadSample(searchTerms(operation, full), 3).map((term) => term.value);
      if (words.length === 0) return judge.skip("no listed landing page has a title with a word to search for.");
      judge.applied("search-match-mode");
      const others = nonTitleValues(full, 3);
      for (const value of [...new Set([...words, ...others])]) {
        const walk = await knowledgeOf(target).search(operation, value);
        const first = firstPageOf(walk);
        if (!first || !judgeSearchAnswer(judge, searchLabel(value), value, first)) continue;
        judgeTitlesHold(judge, value, walk.pages);
        judge.witness(evidence(searchLabel(value), first.exchange));
        const last = walk.pages[walk.pages.length - 1];
        if (last && (last.exchange.response?.status ?? 0) >= 500) {
          judge.fail(`${searchLabel(value)}: page ${last.pageNumber} got ${describeAnswer(last.exchange)}.`, {
            expected: "200 (§4.2)",
            actual: describeAnswer(last.exchange),
            evidence: [evidence(`${searchLabel(value)}, page ${last.pageNumber}`, last.exchange)],
          });
        }
      }
      judge.note(
        `Searched ${words.length} title word(s) and ${others.length} value(s) of other fields (${[...words, ...others].map((value) => JSON.stringify(value)).join(", ")}); every page returned holds its value in its title.`,
      );
    },
  },
  {
    id: "search.no-match-empty",
    title: "A value no item holds returns an empty result with totals 0",
    rule: "A search narrows the listing (§4.1, §4.2): a value that no listed item holds returns no item, totalElements 0 and totalPages 0 (§2.11).",
    family: "search",
    specRefs: ["4.1", "4.2", "2.11"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["empty-total-pages", "search-match-mode"],
    async run(context) {
      const { operation, judge } = context;
      const full = await readableListing(context);
      if (!full) return;
      const random = noMatchValue(
        context.seed,
        full.items.flatMap((item) => searchedTexts(operation, item)),
      );
      // Another field's value is known to be in no title only when every title was seen.
      const others = operation === "listLandingPages" && full.complete ? nonTitleValues(full, 2) : [];
      for (const value of [random, ...others]) {
        const fetched = await searchFirstPage(context, value);
        if (!fetched) continue;
        const label = `${searchLabel(value)} (${value === random ? "a random value no listed item holds" : "a value of another field, in no listed title"})`;
        const { items, totalElements, totalPages } = fetched.page;
        const item = [evidence(label, fetched.exchange)];
        if (items.length > 0 || totalElements !== 0) {
          judge.fail(`${label} returned ${totalElements} result(s).`, {
            expected: "no item and totalElements 0: the search must narrow the listing (§4.1, §4.2)",
            actual: `totalElements ${totalElements}, page 0 holds ${items.slice(0, 5).map(itemKey).join(", ") || "nothing"}`,
            evidence: item,
          });
        } else if (totalPages === 1) {
          judge.depart("empty-total-pages", `${label}: an empty result has totalPages 1.`, {
            expected: "totalPages 0",
            actual: "totalPages 1",
            evidence: item,
          });
        } else if (totalPages !== 0) {
          judge.fail(`${label}: an empty result has totalPages ${totalPages}.`, {
            expected: "totalPages 0 (or 1, register empty-total-pages)",
            actual: `totalPages ${totalPages}`,
            evidence: item,
          });
        } else {
          judge.witness(item[0] as (typeof item)[number]);
        }
      }
      judge.applied("empty-total-pages");
    },
  },
  {
    id: "search.metacharacters-literal",
    title: "Search values with wildcard, regex or quote characters are searched as written",
    rule: "searchValue is a string searched as written (§4.1, §4.2): % _ * . ( [ \\ ' \" a percent-escape, accents and emoji never cause a 5xx, never match what does not hold them, and still find what does.",
    family: "search",
    specRefs: ["4.1", "4.2", "7"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["search-special-characters", "search-match-mode"],
    async run(context) {
      const { operation, judge } = context;
      judge.applied("search-special-characters");
      const full = await readableListing(context);
      if (!full) return;
      const raw = full.items.flatMap((item) => searchedTexts(operation, item));
      const texts = foldCorpus(raw);
      // 1. Each special value alone: never a 5xx; on landing pages, only titles holding it.
      for (const value of SPECIAL_VALUES) {
        const fetched = await searchFirstPage(context, value);
        if (fetched && operation === "listLandingPages") judgeTitlesHold(judge, value, [{ pageNumber: 0, ...fetched }]);
      }
      // 2. A term of the target with one character made a wildcard: matches nothing when searched as written.
      // Texts with undecodable bytes may hold a probe's text unseen, so none is sent then.
      let probes = 0;
      for (const term of (raw.some(undecodable) ? [] : searchTerms(operation, full))
        .filter((candidate) => [...candidate.value].length >= 3)
        .slice(0, 2)) {
        for (const probe of wildcardProbes(term.value)) {
          if (heldByAny(texts, probe.value)) continue;
          probes += 1;
          const fetched = await searchFirstPage(context, probe.value);
          if (!fetched) continue;
          if (operation === "listLandingPages") {
            judgeTitlesHold(judge, probe.value, [{ pageNumber: 0, ...fetched }]);
            judge.witness(evidence(searchLabel(probe.value), fetched.exchange));
          } else if (fetched.page.items.length > 0) {
            judge.fail(
              `${searchLabel(probe.value)} returned widgets though no listed widget holds that text: the value seems read as ${probe.readAs}.`,
              {
                expected: `no result: ${JSON.stringify(probe.value)} searched as written (§4.1) is in no widget (it comes from the tag ${JSON.stringify(term.value)})`,
                actual: `totalElements ${fetched.page.totalElements}, page 0 holds ${fetched.page.items.slice(0, 5).map(itemKey).join(", ")}`,
                evidence: [evidence(searchLabel(probe.value), fetched.exchange)],
              },
            );
          } else {
            judge.witness(evidence(searchLabel(probe.value), fetched.exchange));
          }
        }
      }
      // 3. Text of the target around a special character: still finds the item it came from.
      const snippets = specialSnippets(operation, full, 5);
      for (const { value, owner } of snippets) {
        const walk = await expectFound(
          context,
          value,
          owner,
          operation === "listLandingPages" ? "title's text" : "tag",
        );
        if (operation === "listLandingPages") judgeTitlesHold(judge, value, walk.pages);
      }
      judge.note(
        `${SPECIAL_VALUES.length} special value(s), ${probes} wildcard variant(s) of the target's terms and ${snippets.length} snippet(s) of its own text with special characters searched as written.`,
      );
    },
  },
  {
    id: "search.filtered-walk",
    title: "Walking a search result page by page yields each match once, as many as totalElements",
    rule: "A filtered listing is paginated like any listing (§2.11, §4.1, §4.2): pageNumber is honoured, no item repeats across pages, the pages hold totalElements items in all, and totalPages = ceil(totalElements / pageSize).",
    family: "search",
    specRefs: ["2.11", "4.1", "4.2"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["search-special-characters"],
    async run(context) {
      const { operation, target, judge } = context;
      const full = await readableListing(context);
      if (!full) return;
      const walked: string[] = [];
      const pagesPerWalk = Math.min(PAGES_PER_FILTERED_WALK, target.settings.maxPagesWalked);
      for (const value of filteredWalkValues(operation, full).slice(0, FILTERED_WALK_TRIES)) {
        if (walked.length >= 2) break;
        const byTen = await knowledgeOf(target).search(operation, value);
        const first = firstPageOf(byTen);
        if (!first || !judgeSearchAnswer(judge, searchLabel(value), value, first)) continue;
        const total = byTen.totalElements ?? 0;
        if (total < 2) continue;
        judgeWalk(judge, byTen, `${searchLabel(value)} walked in pages of 10`);
        judgeWalkTotals(judge, byTen, `${searchLabel(value)} walked in pages of 10`);
        const sizes: number[] = [];
        for (const pageSize of filteredWalkSizes(total, target.settings.maxPageSize)) {
          const what = `${searchLabel(value)} walked in pages of ${pageSize}`;
          const walk = await walkListing(target, operation, { searchValue: value, pageSize, maxPages: pagesPerWalk });
          const status = walk.pages[0]?.exchange.response?.status ?? 0;
          if (walk.pages.length === 1 && status >= 400 && status < 500) {
            judge.note(
              `page size ${pageSize} was refused with ${status} (pagination.page-size-honoured judges page sizes)`,
            );
            continue;
          }
          sizes.push(pageSize);
          judgeWalk(judge, walk, what);
          judgeWalkTotals(judge, walk, what);
          if (walk.totalElements !== undefined && walk.totalElements !== total) {
            judge.fail(`${what}: totalElements ${walk.totalElements}, but ${total} in pages of 10.`, {
              expected: `totalElements ${total} whatever the page size (§2.11)`,
              actual: `totalElements ${walk.totalElements}`,
              evidence: walk.pages[0]
                ? [evidence(`${searchLabel(value)}, page 0 of size ${pageSize}`, walk.pages[0].exchange)]
                : [],
            });
          }
        }
        const whole = total <= sizes.reduce((least, size) => Math.min(least, size), 10) * pagesPerWalk;
        walked.push(
          `${JSON.stringify(value)} (${total} results; page sizes 10${sizes.map((size) => `, ${size}`).join("")}${whole ? "" : `, the first ${pagesPerWalk} pages of each`})`,
        );
      }
      if (walked.length === 0) return judge.skip("no search value taken from the listing matched two or more items.");
      judge.note(`Walked ${walked.join(" and ")}: every match once, totals consistent.`);
    },
  },
  {
    id: "search.widgets-by-name-or-description",
    title: "Searching a widget's name or description finds the widget",
    rule: "searchValue is searched in the internationalized fields (§4.1), name and description, whose values are their i18n keys (§2.1): a widget's whole name key, its whole description key and a part of each, held by no tag and by no key of the other field, find it; so does a text of its translated name or description (a fact of the configuration).",
    family: "search",
    specRefs: ["4.1", "2.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: ["search-match-mode", "search-i18n-key"],
    async run(context) {
      const { target, judge } = context;
      const full = await knowledgeOf(target).listing(context.operation);
      const fact = target.settings.fixtures.translatedWidgetText;
      const names = keyProbes(full, "name");
      const descriptions = keyProbes(full, "description");
      if (!fact && names.length + descriptions.length === 0)
        return judge.skip(
          'no listed widget has a name or description key that no tag and no key of the other field holds, and no translated text is known: give translated-widget-text in the config file, { "text": "<a text of one widget\'s translated name or description>", "widgetId": "<its id>" }.',
        );
      judge.applied("search-match-mode");
      if (fact)
        await expectFound(
          context,
          fact.text,
          `id:${fact.widgetId}`,
          "translated name or description (translated-widget-text)",
        );
      if (names.length + descriptions.length > 0) judge.applied("search-i18n-key");
      for (const { key, owner, field } of [...names, ...descriptions])
        await expectFound(context, key, owner, `${field} key`);
      const pieces = [names, descriptions].flatMap((probes) =>
        piecesOf(probes.map((probe) => ({ ...probe, text: probe.key }))).slice(0, 1),
      );
      for (const { piece, text, owner, field } of pieces)
        await expectFound(
          context,
          piece,
          owner,
          `${field} key`,
          `a part of whose ${field} key ${JSON.stringify(text)} it is`,
        );
      judge.note(
        `${fact ? "The translated text of the configuration, " : ""}${names.length} name key(s), ${descriptions.length} description key(s) and ${pieces.length} part(s) of keys searched.${fact ? "" : " Give translated-widget-text in the config file to judge a search of the translations."}`,
      );
    },
  },
  {
    id: "search.widgets-not-by-id-or-url",
    title: "Widget search does not match a widget's id, URLs or permission",
    rule: "searchValue is searched in the internationalized fields and in the tags (§4.1), nowhere else: a widget's id, url, thumbnailURL or permission resource, held by no name, description or tag of any listed widget, finds nothing.",
    family: "search",
    specRefs: ["4.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: ["search-match-mode", "search-special-characters"],
    async run(context) {
      const { target, judge } = context;
      const full = await readableListing(context);
      if (!full) return;
      const fact = target.settings.fixtures.translatedWidgetText;
      const stated = foldCorpus([...full.items.flatMap(statedWidgetTexts), ...(fact ? [fact.text] : [])]);
      const candidates = full.items
        .filter(isJsonObject)
        .flatMap(unsearchedFields)
        .filter(({ value }) => [...value].length >= 3 && [...value].length <= 200 && !undecodable(value))
        .filter(({ value }) => !heldByAny(stated, value));
      // Each field on its own: a backend may search one of them and not the others.
      const values = UNSEARCHED_FIELDS.flatMap((name) =>
        spreadSample(
          candidates.filter(({ field }) => field === name),
          FIELD_PROBES,
        ),
      );
      if (values.length === 0)
        return judge.skip(
          "no listed widget has an id, URL or permission resource that no name, description or tag holds.",
        );
      judge.applied("search-match-mode");
      for (const { value, field } of values) {
        const fetched = await searchFirstPage(context, value);
        if (!fetched) continue;
        const label = `${searchLabel(value)} (a widget's ${field})`;
        // The totals of an empty result are search.no-match-empty's rule.
        if (fetched.page.items.length === 0) {
          judge.witness(evidence(label, fetched.exchange));
          continue;
        }
        judge.fail(`${label} returned ${fetched.page.totalElements} widget(s): the ${field} seems searched.`, {
          expected: `no result: §4.1 searches the internationalized fields and the tags, and no listed widget's name, description or tag holds ${JSON.stringify(value)}`,
          actual: `totalElements ${fetched.page.totalElements}, page 0 holds ${fetched.page.items.slice(0, 5).map(itemKey).join(", ") || "nothing"}`,
          evidence: [evidence(label, fetched.exchange)],
        });
      }
      judge.note(
        `${values.length} value(s) of fields §4.1 does not search (${[...new Set(values.map(({ field }) => field))].join(", ")}) searched; none found a widget.`,
      );
    },
  },
  {
    id: "search.widgets-case-insensitive-non-ascii",
    title: "Widget search ignores the case of letters beyond ASCII (Ç, Ã, É, Ü …)",
    rule: "The value is searched ignoring upper/lower case (§4.1), for every letter: a text with a letter beyond ASCII, searched in upper and in lower case, finds the widget it came from.",
    family: "search",
    specRefs: ["4.1"],
    level: "MUST",
    operations: ["listFactoryDefaultWidgets"],
    registerRefs: ["search-match-mode"],
    async run(context) {
      const { target, judge } = context;
      const full = await knowledgeOf(target).listing(context.operation);
      const fact = target.settings.fixtures.translatedWidgetText;
      const sources = [
        ...spreadSample(
          tagsWithOwners(full).filter(({ tag }) => nonAsciiCaseVariants(tag).length > 0),
          SAMPLE / 2,
        ).map(({ tag, owner }) => ({ value: tag, owner, what: "tag" })),
        ...(fact && nonAsciiCaseVariants(fact.text).length > 0
          ? [{ value: fact.text, owner: `id:${fact.widgetId}`, what: "translated text (translated-widget-text)" }]
          : []),
      ];
      if (sources.length === 0)
        return judge.skip(
          'no listed tag, and no translated-widget-text, holds a letter beyond ASCII with an upper and a lower case (such as Ç, Ã, É or Ü): give translated-widget-text in the config file with such a text, { "text": "Previsão", "widgetId": "<the widget whose translated name holds it>" }.',
        );
      for (const { value, owner, what } of sources)
        for (const variant of nonAsciiCaseVariants(value))
          await expectFound(context, variant, owner, `${what} (as ${JSON.stringify(value)})`);
      judge.note(`${sources.map(({ value }) => JSON.stringify(value)).join(", ")} searched in upper and lower case.`);
    },
  },
  {
    id: "search.without-pagination-first-10",
    title: "A search without pagination returns the first 10 results",
    rule: "When pagination is not defined, the first 10 results are returned (§4.1, §4.2, §8), with a searchValue too: a value held by 11 or more items returns 10.",
    family: "search",
    specRefs: ["4.1", "4.2", "8"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["search-match-mode"],
    async run(context) {
      const { operation, target, judge } = context;
      const full = await readableListing(context);
      if (!full) return;
      const term = searchTerms(operation, full).find((candidate) => candidate.count >= 11);
      if (!term)
        return judge.skip(
          `no ${operation === "listLandingPages" ? "title word" : "tag"} of the listing is held by 11 or more items, so no search is known to have more than 10 results.`,
        );
      judge.applied("search-match-mode");
      const fetched = await fetchListingPage(target, operation, { searchValue: term.value });
      const label = `${searchLabel(term.value)} without pagination`;
      if (!judgeSearchAnswer(judge, label, term.value, fetched)) return;
      // judgeSearchAnswer passed: a 200 listing with integer totals.
      const { items, totalElements = 0 } = fetched.page;
      const wanted = Math.min(10, totalElements);
      if (items.length === wanted) {
        judge.witness(evidence(label, fetched.exchange));
        return judge.note(
          `${label}: ${items.length} of ${totalElements} results (${term.count} listed items hold it).`,
        );
      }
      judge.fail(`${label} returned ${items.length} item(s) of ${totalElements}.`, {
        expected: `the first ${wanted}: without pagination the first 10 results are returned (§4.1, §4.2, §8); ${term.count} listed items hold the value`,
        actual: `${items.length} item(s), totalElements ${totalElements}`,
        evidence: [evidence(label, fetched.exchange)],
      });
    },
  },
];
