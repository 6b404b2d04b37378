/** Judges that a search finds the item a value was taken from (§4.1, §4.2). */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence, type FindingDetails } from "../../../runner/engine/Judgement.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { firstPageOf, walkContains } from "../discovery/searchListing.js";
import { itemKey } from "../walks/listingPage.js";
import { stoppedByTarget, type ListingWalk } from "../walks/walkListing.js";
import { judgeSearchAnswer } from "./judgeSearchAnswer.js";

/** How the messages name a search: `searchValue "<value>"`. */
export const searchLabel = (value: string) => `searchValue ${JSON.stringify(value)}`;

/** A search that did not return the item its value came from: the message and details of the finding, not yet recorded. */
export interface SearchMiss {
  readonly message: string;
  readonly details: FindingDetails;
}

/** A search's walk, and its miss when the owner was not among a complete result (the answer itself judged already). */
export interface SearchOutcome {
  readonly walk: ListingWalk;
  /** Set when the item was not returned; the caller decides whether that fails or departs. */
  readonly miss?: SearchMiss;
  /** True when the item was among the results. */
  readonly found: boolean;
}

/**
 * Searches `value` and reports whether the item `owner` came back, recording only what is wrong with
 * the answer itself (a refusal, a 5xx, a result that could not be walked). A result that ends early on an
 * empty page is judged as it stands (whether its pages agree with its totals is search.filtered-walk's rule).
 */
export async function searchForOwner(
  context: CheckContext,
  value: string,
  owner: string,
  what: string,
  relation = `whose ${what} it is`,
): Promise<SearchOutcome> {
  const walk = await knowledgeOf(context.target).search(context.operation, value);
  const first = firstPageOf(walk);
  const endedEarly = walk.stop?.reason === "empty-page";
  // A result that ended early is judged on what it served, as if that were all of it.
  const found = walkContains(endedEarly ? { ...walk, complete: true } : walk, owner);
  const label = searchLabel(value);
  if (!first || !judgeSearchAnswer(context.judge, label, value, first)) return { walk, found: false };
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
    return { walk, found: false };
  }
  if (found === "no") {
    const miss: SearchMiss = {
      message: `${label} did not return ${owner}, ${relation}.`,
      details: {
        expected: `${owner} among the results`,
        actual: `${walk.totalElements ?? walk.items.length} result(s): ${walk.items.slice(0, 5).map(itemKey).join(", ")}`,
        evidence: [evidence(label, first.exchange)],
      },
    };
    return { walk, miss, found: false };
  }
  context.judge.witness(evidence(label, first.exchange));
  if (found === "unknown")
    context.judge.note(`${label}: ${owner} not among the first ${walk.items.length} results (walk bounded).`);
  return { walk, found: found === "yes" };
}

/**
 * Judges that searching `value` finds the item `owner` it was taken from: a miss is a failure, or,
 * with `departs`, a departure from that register entry (a reading the text leaves open finds it not).
 */
export async function expectFound(
  context: CheckContext,
  value: string,
  owner: string,
  what: string,
  relation = `whose ${what} it is`,
  departs?: string,
): Promise<ListingWalk> {
  const { walk, miss } = await searchForOwner(context, value, owner, what, relation);
  if (miss && departs !== undefined) context.judge.depart(departs, miss.message, miss.details);
  else if (miss) context.judge.fail(miss.message, miss.details);
  return walk;
}
