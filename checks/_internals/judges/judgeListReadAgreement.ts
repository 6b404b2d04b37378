/**
 * consistency.list-get-equal (§2.1, §4.1, §4.4): a widget read by getWidget and the same widget in
 * the listing describe one widget, so the fields §2.1 tables hold the same values in both. A field
 * that differs is asked once more (the widget read again, its listing page fetched again) before it
 * is judged, so data changing during the run is not blamed. Tags in another order depart from the
 * register's default (list-get-consistency): §2.1 gives them no order.
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { listedById, RelistedPages, type ListedItem } from "../walks/relistedPages.js";
import type { ListingWalk } from "../walks/walkListing.js";
import type { ItemRead } from "../discovery/itemReads.js";
import { differingFields, fieldNames, reorderedFields, sideOf, type FieldDifference } from "./differingFields.js";
import { judgeConfirmedDifference } from "./judgeConfirmedDifference.js";
import { answered, type AnsweredExchange } from "./judgeExchange.js";

/** The schema of a widget as §2.1 defines it. */
const WIDGET_SCHEMA = "components/Widget.json";

/** Most differing widgets asked again per run; past it, the rest are counted in a note. */
const MAX_CONFIRMATIONS = 20;

/** Reads the widget and its listing page once more, and judges what both looks show. */
async function confirm(
  { target, judge }: CheckContext,
  relisted: RelistedPages,
  walk: ListingWalk,
  listed: ListedItem,
  read: ItemRead & { readonly exchange: AnsweredExchange },
  differences: readonly FieldDifference[],
): Promise<void> {
  const pageLabel = `listing page ${listed.page.pageNumber} of size ${walk.pageSize}`;
  const readAgain = await target.send("getWidget", { json: { widgetId: read.id } });
  const { again, item } = await relisted.relist(walk, listed.page, read.id);
  const readLabel = `${read.label}, read again`;
  const relistLabel = `${pageLabel}, fetched again`;
  if (!answered(judge, readLabel, readAgain) || !answered(judge, relistLabel, again.exchange)) return;
  if (readAgain.response.status !== 200 || !isJsonObject(readAgain.json) || item === undefined) {
    judge.note(
      `${read.label}: ${differences.map((d) => d.field).join(", ")} differed from the listing once; the ` +
        `second look could not compare them ` +
        `(${item === undefined ? "the widget is no longer on its listing page" : `the read again got status ${readAgain.response.status}`}), ` +
        `so nothing is blamed.`,
    );
    return;
  }
  judgeConfirmedDifference(
    judge,
    { label: read.label, firstName: "the listing", secondName: "the read", schemaFile: WIDGET_SCHEMA },
    { differences, evidence: [evidence(pageLabel, listed.page.exchange), evidence(read.label, read.exchange)] },
    {
      first: item,
      second: readAgain.json,
      evidence: [evidence(relistLabel, again.exchange), evidence(readLabel, readAgain)],
    },
  );
}

/** Compares every widget read with its listed self, confirming each difference once. */
export async function judgeListReadAgreement(context: CheckContext): Promise<void> {
  const { target, judge } = context;
  const walk = await knowledgeOf(target).listing("listFactoryDefaultWidgets", "admin");
  const listed = listedById(walk);
  const { reads } = await knowledgeOf(target).reads("getWidget");
  if (reads.length === 0) return judge.skip("no listed widget has an id to read.");
  judge.applied("list-get-consistency");
  const relisted = new RelistedPages(target);
  let compared = 0;
  let confirmations = 0;
  let unconfirmed = 0;
  for (const read of reads) {
    const { label, exchange } = read;
    const own = listed.get(read.id);
    if (!answered(judge, label, exchange) || exchange.response.status !== 200 || !isJsonObject(exchange.json) || !own)
      continue;
    compared += 1;
    const differences = differingFields(own.item, exchange.json, WIDGET_SCHEMA);
    const reordered = reorderedFields(own.item, exchange.json, WIDGET_SCHEMA);
    if (reordered.length > 0)
      judge.depart("list-get-consistency", `${label}: ${fieldNames(reordered)} in another order than in the listing.`, {
        expected: `the listing's order: ${sideOf(reordered, "first")}`,
        actual: sideOf(reordered, "second"),
        evidence: [evidence(`listing page ${own.page.pageNumber}`, own.page.exchange), evidence(label, exchange)],
      });
    if (differences.length === 0) {
      judge.witness(evidence(label, exchange));
    } else if (confirmations >= MAX_CONFIRMATIONS) {
      unconfirmed += 1;
    } else {
      confirmations += 1;
      await confirm(context, relisted, walk, own, { ...read, exchange }, differences);
    }
  }
  if (unconfirmed > 0)
    judge.note(
      `${unconfirmed} more widget(s) differed from the listing at the first look; only ${MAX_CONFIRMATIONS} are asked again.`,
    );
  if (compared === 0) return judge.skip("no widget read answered 200 with a JSON object to compare with the listing.");
  judge.note(`${compared} widget read(s) compared with the listing on the fields §2.1 tables.`);
}
