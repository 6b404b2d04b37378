/**
 * consistency.page-sizes-agree (§2.11, §2.1, §2.4): the pages of two sizes cut one listing, so an
 * item (by id) that both walks saw holds the same values on both. It compares the two walks the run
 * already made (the largest page size served, and small pages: TargetKnowledge.smallPageListing);
 * a difference is asked once more (both pages fetched again) before it is judged.
 */
import { operationSpec, type OperationName } from "../../../contract/operations.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import type { Caller } from "../../../runner/engine/TargetSession.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { everyUser, asUser } from "../requests/everyUser.js";
import { listedById, RelistedPages, type ListedItem } from "../walks/relistedPages.js";
import type { ListingWalk } from "../walks/walkListing.js";
import { differingFields, fieldNames, reorderedFields, sideOf, type FieldDifference } from "./differingFields.js";
import { judgeConfirmedDifference } from "./judgeConfirmedDifference.js";
import { answered } from "./judgeExchange.js";

/** Most differing items asked again per user; past it, the rest are counted in a note. */
const MAX_CONFIRMATIONS = 20;

/** The schema of one listed item (§2.1 widget, §2.4 landing page). */
function itemSchema(operation: OperationName): string {
  return operationSpec(operation).listField === "widgets" ? "components/Widget.json" : "components/LandingPage.json";
}

const pageName = (walk: ListingWalk, listed: ListedItem) => `page ${listed.page.pageNumber} of size ${walk.pageSize}`;

/** Both pages of one item fetched again, and the verdict on what both looks show. */
async function confirm(
  { operation, judge }: CheckContext,
  relisted: RelistedPages,
  walks: readonly [ListingWalk, ListingWalk],
  both: readonly [ListedItem, ListedItem],
  id: string,
  differences: readonly FieldDifference[],
): Promise<void> {
  const [large, small] = walks;
  const names = [pageName(large, both[0]), pageName(small, both[1])] as const;
  const [againLarge, againSmall] = [
    await relisted.relist(large, both[0].page, id),
    await relisted.relist(small, both[1].page, id),
  ];
  const labels = names.map((name) => `${name}${asUser(large.caller)}, fetched again`);
  if (!answered(judge, labels[0] as string, againLarge.again.exchange)) return;
  if (!answered(judge, labels[1] as string, againSmall.again.exchange)) return;
  if (againLarge.item === undefined || againSmall.item === undefined) {
    judge.note(
      `${id}: ${fieldNames(differences)} differed between ${names.join(" and ")} once; fetched again, the ` +
        `item is no longer on both pages, so nothing is blamed.`,
    );
    return;
  }
  judgeConfirmedDifference(
    judge,
    {
      label: `${id}${asUser(large.caller)}`,
      firstName: names[0],
      secondName: names[1],
      schemaFile: itemSchema(operation),
    },
    {
      differences,
      evidence: [evidence(names[0], both[0].page.exchange), evidence(names[1], both[1].page.exchange)],
    },
    {
      first: againLarge.item,
      second: againSmall.item,
      evidence: [
        evidence(labels[0] as string, againLarge.again.exchange),
        evidence(labels[1] as string, againSmall.again.exchange),
      ],
    },
  );
}

/** Compares one user's two walks; returns how many items both saw. */
async function compareWalks(context: CheckContext, caller: Caller, relisted: RelistedPages): Promise<number> {
  const { operation, target, judge } = context;
  const large = await knowledgeOf(target).listing(operation, caller);
  if (large.totalElements === undefined) return 0;
  const small = await knowledgeOf(target).smallPageListing(operation, caller);
  const bySmall = listedById(small);
  const schema = itemSchema(operation);
  let compared = 0;
  let confirmations = 0;
  for (const [id, listed] of listedById(large)) {
    const other = bySmall.get(id);
    if (!other) continue;
    compared += 1;
    const reordered = reorderedFields(listed.item, other.item, schema);
    if (reordered.length > 0)
      judge.depart(
        "list-get-consistency",
        `${id}${asUser(caller)}: ${fieldNames(reordered)} in another order on ${pageName(small, other)} than on ${pageName(large, listed)}.`,
        {
          expected: `the order of ${pageName(large, listed)}: ${sideOf(reordered, "first")}`,
          actual: sideOf(reordered, "second"),
          evidence: [
            evidence(pageName(large, listed), listed.page.exchange),
            evidence(pageName(small, other), other.page.exchange),
          ],
        },
      );
    const differences = differingFields(listed.item, other.item, schema);
    if (differences.length === 0) continue;
    confirmations += 1;
    if (confirmations <= MAX_CONFIRMATIONS)
      await confirm(context, relisted, [large, small], [listed, other], id, differences);
  }
  if (confirmations > MAX_CONFIRMATIONS)
    judge.note(
      `${confirmations - MAX_CONFIRMATIONS} more item(s)${asUser(caller)} differed between page sizes at ` +
        `the first look; only ${MAX_CONFIRMATIONS} are asked again.`,
    );
  if (compared > 0)
    judge.note(
      `${compared} item(s)${asUser(caller)} compared between pages of ${large.pageSize} and of ${small.pageSize}.`,
    );
  return compared;
}

/** Judges every user's two walks of the listing. */
export async function judgePageSizeAgreement(context: CheckContext): Promise<void> {
  const { target, judge } = context;
  judge.applied("list-get-consistency");
  const relisted = new RelistedPages(target);
  let compared = 0;
  for (const caller of everyUser(target)) compared += await compareWalks(context, caller, relisted);
  if (compared === 0)
    judge.skip(
      "no item was seen at both page sizes (an empty listing, or walks that could not be read: see pagination.walk-covers-all).",
    );
}
