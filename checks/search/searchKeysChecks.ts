/**
 * Search checks of the internationalized fields (§4.1, §2.1): name and description hold i18n keys,
 * and which text of a key a search looks in, the key or its translations, is a reading the text
 * leaves open (register search-i18n-key). What holds under both readings is judged as a failure.
 */
import type { CheckContext, CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { searchForOwner, type SearchMiss } from "../_internals/judges/expectFound.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { keyProbes, type KeyProbe } from "../_internals/probes/keyProbes.js";
import { piecesOf } from "../_internals/probes/searchPiece.js";

/** What searching each whole key gave: the probes that found their widget, and the misses. */
interface KeyOutcomes {
  readonly found: readonly KeyProbe[];
  readonly missed: readonly { probe: KeyProbe; miss: SearchMiss }[];
}

/** Searches each whole key, recording nothing about a miss yet (whether it fails depends on the others). */
async function searchKeys(context: CheckContext, probes: readonly KeyProbe[]): Promise<KeyOutcomes> {
  const found: KeyProbe[] = [];
  const missed: { probe: KeyProbe; miss: SearchMiss }[] = [];
  for (const probe of probes) {
    const outcome = await searchForOwner(context, probe.key, probe.owner, `${probe.field} key`);
    if (outcome.found) found.push(probe);
    else if (outcome.miss) missed.push({ probe, miss: outcome.miss });
  }
  return { found, missed };
}

/**
 * Judges the key searches and the configured translated text together: when some whole key found its
 * widget the target searches keys, so every other whole key must (a failure); when none did, the
 * translations may be what it searches (a warning), unless the configured translated text missed too,
 * which no reading of §4.1 allows (a failure).
 */
function judgeI18nReadings(context: CheckContext, keys: KeyOutcomes, fact: SearchMiss | undefined): void {
  const { judge } = context;
  const keysSearched = keys.found.length > 0;
  if (keysSearched) {
    for (const { miss } of keys.missed)
      judge.fail(
        `${miss.message} Other whole keys found their widgets, so keys are searched (§4.1, §2.1).`,
        miss.details,
      );
    if (fact)
      judge.depart(
        "search-i18n-key",
        `${fact.message} The keys are searched; whether the translations are as well is not stated.`,
        fact.details,
      );
    return;
  }
  const first = keys.missed[0];
  if (fact && first) {
    judge.fail(
      `${fact.message} No whole name or description key found its widget either: §4.1 searches the ` +
        `internationalized fields, under any reading their keys or their translations.`,
      { ...fact.details, evidence: [...(fact.details.evidence ?? []), ...(first.miss.details.evidence ?? [])] },
    );
    return;
  }
  if (fact)
    judge.depart(
      "search-i18n-key",
      `${fact.message} No key could be searched to tell whether the keys are searched instead.`,
      fact.details,
    );
  for (const { probe, miss } of keys.missed)
    judge.depart(
      "search-i18n-key",
      `${miss.message} A search of the translations of the ${probe.field} keys, not the keys, is a reading §4.1 leaves open.`,
      miss.details,
    );
}

/** search.widgets-by-name-or-description (§4.1, §2.1). */
export const searchWidgetsByNameOrDescription: CheckDefinition = {
  id: "search.widgets-by-name-or-description",
  title: "Searching a widget's name or description finds the widget",
  rule:
    "searchValue is searched in the internationalized fields (§4.1), name and description, whose values " +
    "are i18n keys (§2.1). Whether the keys or their translations are searched is not stated (register " +
    "search-i18n-key): when one whole key finds its widget, every whole key held by no tag and no key of the " +
    "other field must; when no key is found, the configured translated text (translated-widget-text) must be. " +
    "A part of a key that finds nothing is a warning (register search-match-mode).",
  family: "search",
  specRefs: ["4.1", "2.1"],
  level: "MUST",
  operations: ["listFactoryDefaultWidgets"],
  registerRefs: ["search-match-mode", "search-i18n-key"],
  async run(context) {
    const { target, judge } = context;
    const full = await knowledgeOf(target).listing(context.operation);
    const fact = target.settings.fixtures.translatedWidgetText;
    const probes = [...keyProbes(full, "name"), ...keyProbes(full, "description")];
    if (!fact && probes.length === 0)
      return judge.skip(
        "no listed widget has a name or description key that no tag and no key of the other field holds, and " +
          'no translated text is known: give translated-widget-text in the config file, { "text": "<one ' +
          'widget\'s whole translated name or description>", "widgetId": "<its id>" }.',
      );
    judge.applied("search-i18n-key");
    const factOutcome = fact
      ? await searchForOwner(
          context,
          fact.text,
          `id:${fact.widgetId}`,
          "translated name or description (translated-widget-text)",
        )
      : undefined;
    const keys = await searchKeys(context, probes);
    judgeI18nReadings(context, keys, factOutcome?.miss);
    // Parts of keys only where keys are searched: a part that finds nothing is a reading (whole values, words).
    const pieces =
      keys.found.length === 0
        ? []
        : (["name", "description"] as const).flatMap((field) =>
            piecesOf(
              keys.found.filter((probe) => probe.field === field).map((probe) => ({ ...probe, text: probe.key })),
            ).slice(0, 1),
          );
    if (pieces.length > 0) judge.applied("search-match-mode");
    for (const { piece, text, owner, field } of pieces) {
      const { miss } = await searchForOwner(
        context,
        piece,
        owner,
        `${field} key`,
        `a part of whose ${field} key ${JSON.stringify(text)} it is`,
      );
      if (miss) judge.depart("search-match-mode", miss.message, miss.details);
    }
    judge.note(
      `${fact ? `The translated text of the configuration (${factOutcome?.found ? "found" : "not found"}), ` : ""}` +
        `${probes.length} whole key(s) (${keys.found.length} found) and ${pieces.length} part(s) of keys searched.` +
        `${fact ? "" : " Give translated-widget-text in the config file to judge a search of the translations."}`,
    );
  },
};
