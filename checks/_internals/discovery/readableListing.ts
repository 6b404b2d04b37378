/** The unfiltered listing a check judges searches against, or a visible skip when it cannot be read. */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import type { ListingWalk } from "../walks/walkListing.js";
import { knowledgeOf } from "./TargetKnowledge.js";

/** The unfiltered listing as discovered; undefined, with a skip recorded, when not even its first page could be read. */
export async function readableListing({ target, operation, judge }: CheckContext): Promise<ListingWalk | undefined> {
  const full = await knowledgeOf(target).listing(operation);
  if (full.totalElements !== undefined) return full;
  judge.skip(
    `the unfiltered listing could not be read (${full.stop?.message ?? "no totals"}); see schema.response-body and http.valid-request-ok.`,
  );
  return undefined;
}
