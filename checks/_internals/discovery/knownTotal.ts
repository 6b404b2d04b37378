/** The totalElements of a listing as discovery saw it, or a visible skip or note when it could not be read. */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import type { Caller } from "../../../runner/engine/TargetSession.js";
import type { ListingWalk } from "../walks/walkListing.js";
import { knowledgeOf } from "./TargetKnowledge.js";

/**
 * The listing's totalElements as `caller`'s discovery walk saw it. Undefined when it could not
 * be read: the check is skipped for the main user; for the restricted one (whom a target may
 * refuse listings altogether, §5) a note says the rule was judged for the main user only.
 */
export async function knownTotal(
  { operation, target, judge }: CheckContext,
  caller: Caller = "admin",
): Promise<{ total: number; walk: ListingWalk } | undefined> {
  const walk = await knowledgeOf(target).listing(operation, caller);
  if (walk.totalElements !== undefined) return { total: walk.totalElements, walk };
  const why = walk.stop?.message ?? "no totals";
  if (caller === "admin")
    judge.skip(
      `the listing's first page could not be read (${why}); see schema.response-body and http.valid-request-ok.`,
    );
  else judge.note(`The ${caller} user's listing could not be read (${why}); judged for the main user only.`);
  return undefined;
}
