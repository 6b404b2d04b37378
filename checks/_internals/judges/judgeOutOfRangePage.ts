/**
 * Judges a listing's answer to a pagination outside the range §2.11 gives (a negative pageNumber, a
 * pageSize of 0): 400 passes (§7, a field filled incorrectly); a 200 passes as a warning when it reads
 * the value the way a common convention does, and fails otherwise (register invalid-field-status):
 * a negative index as a page outside the listing, served empty with the listing's totals (as a page
 * past the end is, register page-past-end), and a pageSize of 0 as a size not set (proto3's default
 * value, AIP-158: the answer without pagination). Any other answer fails; a 5xx too, as always.
 */
import type { OperationName } from "../../../contract/operations.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { describeAnswer, preview, type AnsweredExchange } from "./judgeExchange.js";
import { fetchListingPage, type FetchedPage } from "../walks/fetchListingPage.js";
import { itemKey, readListingPage } from "../walks/listingPage.js";

/** How a 200 may legitimately read the value: a page outside the listing, or a size not set. */
export type OutOfRangeReading = "page-outside-listing" | "size-not-set";

/** What the answer is compared with, for each reading: the listing asked without pagination. */
const READING: Readonly<Record<OutOfRangeReading, { readonly expected: string; readonly served: string }>> = {
  "page-outside-listing": {
    expected: "400 (§7); or, read as a page outside the listing, 200 with no item and the listing's totals",
    served: "an empty page with the listing's totals (register invalid-field-status)",
  },
  "size-not-set": {
    expected: "400 (§7); or, read as a pageSize not set (proto3, AIP-158), 200 with the answer without pagination",
    served: "the answer without pagination, as a pageSize not set (register invalid-field-status)",
  },
};

/** True when `answer` is what `reading` serves, given the listing's answer without pagination. */
function servesReading(reading: OutOfRangeReading, answer: FetchedPage["page"], plain: FetchedPage["page"]): boolean {
  const sameTotals = answer.totalElements === plain.totalElements && answer.totalPages === plain.totalPages;
  if (reading === "page-outside-listing") return sameTotals && answer.items.length === 0;
  return sameTotals && answer.items.map(itemKey).join() === plain.items.map(itemKey).join();
}

/** Records the verdict on `exchange`, the answer to `label` (an out-of-range pagination of `operation`). */
export async function judgeOutOfRangePage(
  judge: Judgement,
  target: TargetSession,
  operation: OperationName,
  label: string,
  exchange: AnsweredExchange,
  reading: OutOfRangeReading,
): Promise<void> {
  const status = exchange.response.status;
  const { expected, served } = READING[reading];
  if (status === 400) {
    judge.witness(evidence(label, exchange));
    return;
  }
  const actual = `${describeAnswer(exchange)}: ${preview(exchange, 200)}`;
  if (status === 200) {
    const plain = await fetchListingPage(target, operation, {});
    const answer = readListingPage(operation, exchange.json);
    if (plain.ok && servesReading(reading, answer, plain.page)) {
      judge.depart("invalid-field-status", `${label} got 200 with ${served}, not 400.`, {
        expected,
        actual,
        evidence: [evidence(label, exchange), evidence("no pagination", plain.exchange)],
      });
      return;
    }
    judge.fail(`${label} got 200 with a page that is not ${served}.`, {
      expected,
      actual:
        `${actual}; without pagination: ${describeAnswer(plain.exchange)}, ` +
        `totalElements ${plain.page.totalElements}, totalPages ${plain.page.totalPages}`,
      evidence: [evidence(label, exchange), evidence("no pagination", plain.exchange)],
    });
    return;
  }
  judge.fail(`${label} got ${describeAnswer(exchange)}.`, { expected, actual, evidence: [evidence(label, exchange)] });
}
