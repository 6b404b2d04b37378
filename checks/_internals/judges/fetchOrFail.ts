/** Fetches a listing page that must be a 200 listing with totals (§4.1, §4.2), failing any other answer. */
import type { OperationName } from "../../../contract/operations.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import {
  describePageRequest,
  fetchListingPage,
  type FetchedPage,
  type PageRequest,
} from "../walks/fetchListingPage.js";
import { answered, describeAnswer } from "./judgeExchange.js";

/** Fetches a page and reports a missing or unreadable answer as a failure; returns undefined then. */
export async function fetchOrFail(
  target: TargetSession,
  judge: Judgement,
  operation: OperationName,
  request: PageRequest,
): Promise<FetchedPage | undefined> {
  const label = describePageRequest(request);
  const fetched = await fetchListingPage(target, operation, request);
  if (!answered(judge, label, fetched.exchange)) return undefined;
  if (!fetched.ok) {
    judge.fail(`${label}: expected a 200 listing with totals, got ${describeAnswer(fetched.exchange)}.`, {
      expected: "200 with the listing and listInformation (§4.1, §4.2)",
      actual: describeAnswer(fetched.exchange),
      evidence: [evidence(label, fetched.exchange)],
    });
    return undefined;
  }
  return fetched;
}
