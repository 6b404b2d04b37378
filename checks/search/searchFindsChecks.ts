/**
 * Search checks that a search finds what holds the value (§4.1, §4.2): a tag, a title, a name or
 * description key or a translated text, and a part of each, in any case, find the item they came from.
 */
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { isJsonObject } from "../../contract/jsonValue.js";
import { spreadSample } from "../_internals/discovery/discoveredIds.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { expectFound } from "../_internals/judges/expectFound.js";
import { foldCorpus, heldByAny, undecodable } from "../_internals/probes/containsSearchValue.js";
import { tagsWithOwners, titlesWithOwners } from "../_internals/probes/listedOwners.js";
import { searchPiece } from "../_internals/probes/searchPiece.js";
import { itemKey } from "../_internals/walks/listingPage.js";
import type { ListingWalk } from "../_internals/walks/walkListing.js";

const SAMPLE = 4;

/** A case variant whose length matches (so Unicode case mapping cannot change what is matched). */
function caseVariants(value: string): string[] {
  const swapped = [...value]
    .map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()))
    .join("");
  return [value.toUpperCase(), value.toLowerCase(), swapped].filter(
    (variant) => variant !== value && variant.length === value.length,
  );
}

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

/** search.widgets-by-tag (§4.1). */
export const searchWidgetsByTag: CheckDefinition = {
  id: "search.widgets-by-tag",
  title: "Searching a widget's tag finds the widget",
  rule:
    "searchValue is searched in the internationalized fields and in the tags (§4.1): a whole tag, and a " +
    "part of one (register search-match-mode: searched in is contained in), finds its widget.",
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
      `${tags.length} tag(s) and ${pieces.length} part(s) of tags ` +
        `(${pieces.map(({ piece }) => JSON.stringify(piece)).join(", ") || "none"}) searched; each found its widget.`,
    );
  },
};

/** search.widgets-case-insensitive (§4.1). */
export const searchWidgetsCaseInsensitive: CheckDefinition = {
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
};

/** search.landing-by-title (§4.2). */
export const searchLandingByTitle: CheckDefinition = {
  id: "search.landing-by-title",
  title: "Searching a landing page's title finds the page",
  rule:
    "searchValue is searched in the title field (§4.2): a whole title, and a part of one (register " +
    "search-match-mode: searched in is contained in), finds its page.",
  family: "search",
  specRefs: ["4.2"],
  level: "MUST",
  operations: ["listLandingPages"],
  registerRefs: ["search-match-mode", "landing-search-case"],
  async run(context) {
    const titles = spreadSample(titlesWithOwners(await knowledgeOf(context.target).listing(context.operation)), SAMPLE);
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
};

/** search.widgets-by-name-or-description (§4.1, §2.1). */
export const searchWidgetsByNameOrDescription: CheckDefinition = {
  id: "search.widgets-by-name-or-description",
  title: "Searching a widget's name or description finds the widget",
  rule:
    "searchValue is searched in the internationalized fields (§4.1), name and description, whose values " +
    "are their i18n keys (§2.1): a widget's whole name key, its whole description key and a part of " +
    "each, held by no tag and by no key of the other field, find it; so does a text of its translated " +
    "name or description (a fact of the configuration).",
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
        "no listed widget has a name or description key that no tag and no key of the other field holds, and " +
          'no translated text is known: give translated-widget-text in the config file, { "text": "<a text of ' +
          'one widget\'s translated name or description>", "widgetId": "<its id>" }.',
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
      `${fact ? "The translated text of the configuration, " : ""}${names.length} name key(s), ` +
        `${descriptions.length} description key(s) and ${pieces.length} part(s) of keys ` +
        `searched.${fact ? "" : " Give translated-widget-text in the config file to judge a search of the translations."}`,
    );
  },
};

/** search.widgets-case-insensitive-non-ascii (§4.1). */
export const searchWidgetsCaseInsensitiveNonAscii: CheckDefinition = {
  id: "search.widgets-case-insensitive-non-ascii",
  title: "Widget search ignores the case of letters beyond ASCII (Ç, Ã, É, Ü …)",
  rule:
    "The value is searched ignoring upper/lower case (§4.1), for every letter: a text with a letter " +
    "beyond ASCII, searched in upper and in lower case, finds the widget it came from.",
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
        "no listed tag, and no translated-widget-text, holds a letter beyond ASCII with an upper and a lower " +
          "case (such as Ç, Ã, É or Ü): give translated-widget-text in the config file with such a text, { " +
          '"text": "Previsão", "widgetId": "<the widget whose translated name holds it>" }.',
      );
    for (const { value, owner, what } of sources)
      for (const variant of nonAsciiCaseVariants(value))
        await expectFound(context, variant, owner, `${what} (as ${JSON.stringify(value)})`);
    judge.note(`${sources.map(({ value }) => JSON.stringify(value)).join(", ")} searched in upper and lower case.`);
  },
};
