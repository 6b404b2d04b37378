/**
 * Search checks that a search finds what holds the value (§4.1, §4.2): a whole tag, a whole title, and
 * a whole name or description key or a translated text (under the reading that searches it), in any
 * case for widgets, find the item they came from. A part of one that finds nothing departs from
 * register search-match-mode: only "a whole value taken from an item finds it" holds under every reading.
 */
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { evidence } from "../../runner/engine/Judgement.js";
import { spreadSample } from "../_internals/discovery/discoveredIds.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { expectFound, searchForOwner } from "../_internals/judges/expectFound.js";
import { tagsWithOwners, titlesWithOwners } from "../_internals/probes/listedOwners.js";
import { piecesOf } from "../_internals/probes/searchPiece.js";

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

/**
 * The upper and lower case of `text` when it holds a letter beyond ASCII with a simple case; else none.
 * The code points are kept as read (no normalisation): a value that differs from the stored text only by
 * its normalisation form is not a value the item holds (an NFD-storing target need not find it).
 */
function nonAsciiCaseVariants(text: string): string[] {
  const value = text;
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
    "searchValue is searched in the internationalized fields and in the tags (§4.1): a whole tag finds its " +
    "widget. A part of a tag that finds nothing is a warning (register search-match-mode: a tag matched whole is a reading).",
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
      await expectFound(
        context,
        piece,
        owner,
        "tag",
        `a part of whose tag ${JSON.stringify(text)} it is`,
        "search-match-mode",
      );
    context.judge.note(
      `${tags.length} whole tag(s) and ${pieces.length} part(s) of tags ` +
        `(${pieces.map(({ piece }) => JSON.stringify(piece)).join(", ") || "none"}) searched.`,
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
    "searchValue is searched in the title field (§4.2): a whole title finds its page. A part of a title " +
    "that finds nothing is a warning (register search-match-mode: whole words or a whole title are readings).",
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
      await expectFound(
        context,
        piece,
        owner,
        "title",
        `a part of whose title ${JSON.stringify(text)} it is`,
        "search-match-mode",
      );
    context.judge.note(`${titles.length} whole title(s) and ${pieces.length} part(s) of titles searched.`);
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
    for (const { value, owner, what } of sources) {
      // A translated text is found only under a reading that searches the translations (register
      // search-i18n-key; search.widgets-by-name-or-description judges that): its case is judged where it is found.
      if (what !== "tag" && !(await searchForOwner(context, value, owner, what)).found) {
        judge.note(`${JSON.stringify(value)} as written did not find ${owner}: its case variants are not judged.`);
        continue;
      }
      for (const variant of nonAsciiCaseVariants(value))
        await expectFound(context, variant, owner, `${what} (as ${JSON.stringify(value)})`);
    }
    judge.note(`${sources.map(({ value }) => JSON.stringify(value)).join(", ")} searched in upper and lower case.`);
  },
};
