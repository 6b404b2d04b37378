/** Judges that a search finds the item a value was taken from (§4.1, §4.2). */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { firstPageOf, walkContains } from "../discovery/searchListing.js";
import { itemKey } from "../walks/listingPage.js";
import { stoppedByTarget, type ListingWalk } from "../walks/walkListing.js";
import { judgeSearchAnswer } from "./judgeSearchAnswer.js";

/** How the messages name a search: `searchValue "<value>"`. */
export const searchLabel = (value: string) => `searchValue ${JSON.stringify(value)}`;

/**
 * Judges that searching `value` finds the item `owner` it was taken from. A result that ends
 * early on an empty page is judged as it stands (whether its pages agree with its totals is
 * search.filtered-walk's rule); any other stop the target caused is a failure.
 */
export async function expectFound(
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
