/**
 * Search checks that a search returns nothing that does not hold the value (§4.1, §4.2): results
 * come from the listing, hold the value in a searched field, and special characters are text.
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { isJsonObject } from "../../contract/jsonValue.js";
import type { CheckContext, CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../../runner/engine/Judgement.js";
import { spreadSample } from "../_internals/discovery/discoveredIds.js";
import { readableListing } from "../_internals/discovery/readableListing.js";
import { firstPageOf } from "../_internals/discovery/searchListing.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { expectFound, searchLabel } from "../_internals/judges/expectFound.js";
import { answered, describeAnswer } from "../_internals/judges/judgeExchange.js";
import { judgeSearchAnswer } from "../_internals/judges/judgeSearchAnswer.js";
import { containsSearchValue, foldCorpus, heldByAny, undecodable } from "../_internals/probes/containsSearchValue.js";
import { tagsWithOwners, titlesWithOwners } from "../_internals/probes/listedOwners.js";
import { noMatchValue } from "../_internals/probes/noMatchValue.js";
import { searchedTexts } from "../_internals/probes/searchedTexts.js";
import { nonTitleValues, searchTerms, specialSnippets } from "../_internals/probes/searchTerms.js";
import { wildcardProbes } from "../_internals/probes/wildcardProbes.js";
import { fetchListingPage, type FetchedPage } from "../_internals/walks/fetchListingPage.js";
import { itemKey } from "../_internals/walks/listingPage.js";
import type { WalkedPage } from "../_internals/walks/walkListing.js";

/** Most widgets whose values of each unsearched field a check searches. */
const FIELD_PROBES = 2;

/** Values that break naive backends: SQL LIKE wildcards, regular expression and glob syntax, quotes, a percent-escape, accents, an emoji. */
const SPECIAL_VALUES: readonly string[] = ["%", "_", "*", ".", "(", "[", "\\", "'", '"', "%41", "ção", "🙂"];

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
    `${searchLabel(value)} returned ${strangers.length} landing page(s) whose title does not contain the ` +
      `value (of ${pages.length} page(s) of the result read).`,
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

/** search.results-subset (§4.1, §4.2). */
export const searchResultsSubset: CheckDefinition = {
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
};

/** search.landing-results-match (§4.2). */
export const searchLandingResultsMatch: CheckDefinition = {
  id: "search.landing-results-match",
  title: "Every landing page a search returns has the value in its title",
  rule:
    "searchValue is searched in the title field (§4.2): each page a search returns holds the value in " +
    "its title (case and accents ignored), whether the value is a word of the titles or a value of another field.",
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
      `Searched ${words.length} title word(s) and ${others.length} value(s) of other fields ` +
        `(${[...words, ...others].map((value) => JSON.stringify(value)).join(", ")}); every page returned ` +
        `holds its value in its title.`,
    );
  },
};

/** search.no-match-empty (§4.1, §4.2, §2.11). */
export const searchNoMatchEmpty: CheckDefinition = {
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
};

/** search.metacharacters-literal (§4.1, §4.2, §7). */
export const searchMetacharactersLiteral: CheckDefinition = {
  id: "search.metacharacters-literal",
  title: "Search values with wildcard, regex or quote characters are searched as written",
  rule:
    "searchValue is a string searched as written (§4.1, §4.2): % _ * . ( [ \\ ' \" a percent-escape, " +
    "accents and emoji never cause a 5xx, never match what does not hold them, and a whole tag or title " +
    "holding them still finds its item (a part of one that finds nothing: register search-match-mode).",
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
              expected:
                `no result: ${JSON.stringify(probe.value)} searched as written (§4.1) is in no widget (it comes from ` +
                `the tag ${JSON.stringify(term.value)})`,
              actual: `totalElements ${fetched.page.totalElements}, page 0 holds ${fetched.page.items.slice(0, 5).map(itemKey).join(", ")}`,
              evidence: [evidence(searchLabel(probe.value), fetched.exchange)],
            },
          );
        } else {
          judge.witness(evidence(searchLabel(probe.value), fetched.exchange));
        }
      }
    }
    // 3. Text of the target around a special character: a whole tag or title still finds the item it came
    // from; a part of one may not, under a reading that matches whole values or words (register search-match-mode).
    const snippets = specialSnippets(operation, full, 5);
    for (const { value, owner, whole } of snippets) {
      const what = operation === "listLandingPages" ? "title's text" : "tag";
      const walk = await expectFound(context, value, owner, what, undefined, whole ? undefined : "search-match-mode");
      if (operation === "listLandingPages") judgeTitlesHold(judge, value, walk.pages);
    }
    judge.note(
      `${SPECIAL_VALUES.length} special value(s), ${probes} wildcard variant(s) of the target's terms and ` +
        `${snippets.length} snippet(s) of its own text with special characters searched as written.`,
    );
  },
};

/** search.widgets-not-by-id-or-url (§4.1). */
export const searchWidgetsNotByIdOrUrl: CheckDefinition = {
  id: "search.widgets-not-by-id-or-url",
  title: "Widget search does not match a widget's id, URLs or permission",
  rule:
    "searchValue is searched in the internationalized fields and in the tags (§4.1), nowhere else: a " +
    "widget's id, url, thumbnailURL or permission resource, held by no name, description or tag of any " +
    "listed widget, finds nothing.",
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
        expected:
          `no result: §4.1 searches the internationalized fields and the tags, and no listed widget's name, ` +
          `description or tag holds ${JSON.stringify(value)}`,
        actual: `totalElements ${fetched.page.totalElements}, page 0 holds ${fetched.page.items.slice(0, 5).map(itemKey).join(", ") || "nothing"}`,
        evidence: [evidence(label, fetched.exchange)],
      });
    }
    judge.note(
      `${values.length} value(s) of fields §4.1 does not search (${[...new Set(values.map(({ field }) => field))].join(", ")}) searched; none found a widget.`,
    );
  },
};
