/**
 * pagination.large-numbers (§2.11, §8, §7; register large-page-numbers): pageNumber and pageSize
 * are JSON integers with no stated maximum, so each of BOUNDARY_INTEGERS is sent as one of them.
 * A 400 passes (its body is errors.error-body's to judge); so does a 200 that keeps the totals and serves what the totals
 * imply (nothing past the end). A 5xx, items past the end, or totals that stop describing what
 * is served fail: that is where 32-bit offsets overflow and unsigned counters wrap.
 */
import { BOUNDARY_INTEGERS } from "../../../generators/boundaryIntegers.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { describePageRequest, fetchListingPage, type PageRequest } from "../walks/fetchListingPage.js";
import { answered, describeAnswer } from "./judgeExchange.js";
import { expectedTotalPages } from "../walks/listingPage.js";
import type { PageSizeLimits } from "../discovery/pageSizeLimits.js";

/** Most items a listing may hold for page 0 of a huge pageSize to be asked (that page carries them all). */
const WHOLE_LISTING_BOUND = 1_000;

/** The requests: each boundary integer as pageNumber (size 10), as pageSize on page 1, and on page 0 for small listings. */
function largeNumberRequests(total: number): { request: PageRequest; pageNumber: number; pageSize: number }[] {
  return BOUNDARY_INTEGERS.flatMap((value) => [
    { pageNumber: value, pageSize: 10 },
    { pageNumber: 1, pageSize: value },
    ...(total <= WHOLE_LISTING_BOUND ? [{ pageNumber: 0, pageSize: value }] : []),
  ]).map(({ pageNumber, pageSize }) => ({ request: { pagination: { pageNumber, pageSize } }, pageNumber, pageSize }));
}

/** Sends every request and judges each answer against the listing's `total` and the page-size cap discovery found. */
export async function judgeLargeNumbers(
  { operation, target, judge }: CheckContext,
  total: number,
  limits: PageSizeLimits,
): Promise<void> {
  judge.applied("large-page-numbers");
  const cap = limits.limit?.verdict === "capped" ? limits.limit.fetched.page.items.length : undefined;
  let judged = 0;
  for (const { request, pageNumber, pageSize } of largeNumberRequests(total)) {
    const label = describePageRequest(request);
    const fetched = await fetchListingPage(target, operation, request);
    if (!answered(judge, label, fetched.exchange)) continue; // a 5xx fails there
    judged += 1;
    const { exchange, page } = fetched;
    const status = exchange.response.status;
    const item = [evidence(label, exchange)];
    // A refusal passes; the shape of §7 400 bodies is errors.error-body's to judge, one rule per check.
    if (status === 400) {
      judge.witness(item[0] as (typeof item)[number]);
      continue;
    }
    if (status !== 200) {
      judge.depart("large-page-numbers", `${label} got ${status}.`, {
        expected: "400 with the §7 body, or 200",
        actual: describeAnswer(exchange),
        evidence: item,
      });
      continue;
    }
    if (!fetched.ok) {
      judge.fail(`${label}: a 200 without a listing and its totals.`, {
        expected: "200 with the listing and listInformation (§4.1, §4.2)",
        actual: describeAnswer(exchange),
        evidence: item,
      });
      continue;
    }
    // The size the target serves: the one asked, or the consistent cap discovery found (register max-page-size).
    const served = cap === undefined ? pageSize : Math.min(pageSize, cap);
    const expectedItems = Math.max(0, Math.min(served, total - pageNumber * served));
    const pastEnd = expectedItems === 0;
    const count = page.items.length;
    const expectedPages = total === 0 ? [0, 1] : [expectedTotalPages(total, served)];
    const details = {
      expected: `${expectedItems} items, totalElements ${total}, totalPages ${expectedPages.join(" or ")} (pages of ${served})`,
      actual: `${count} items, totalElements ${page.totalElements}, totalPages ${page.totalPages}`,
      evidence: item,
    };
    // A short page is a cap when its totalPages count pages of what it holds (only page 0 expects items;
    // an empty page never matches, ceil(total / 0) being Infinity).
    if (count > expectedItems) {
      judge.fail(
        pastEnd
          ? `${label} holds ${count} items, though it is past the end of ${total} items.`
          : `${label} holds ${count} items, more than the ${expectedItems} the page can hold.`,
        details,
      );
    } else if (count < expectedItems && cap === undefined && page.totalPages === expectedTotalPages(total, count)) {
      judge.depart("max-page-size", `${label} holds ${count} items: the page size is capped.`, details);
    } else if (count < expectedItems) {
      judge.fail(`${label} holds ${count} items where ${expectedItems} were expected.`, details);
    } else if (page.totalElements !== total) {
      if (pastEnd) judge.depart("page-past-end", `${label}: totalElements changed to ${page.totalElements}.`, details);
      else judge.fail(`${label}: totalElements is ${page.totalElements}, not ${total}.`, details);
    } else if (!expectedPages.includes(page.totalPages as number)) {
      judge.fail(`${label}: totalPages ${page.totalPages} does not count pages of ${served}.`, details);
    } else {
      judge.witness(item[0] as (typeof item)[number]);
    }
  }
  judge.note(
    `${judged} page number(s) and size(s) from 2^31 − 1 to 10^20 answered with 400 or a well-formed page (${total} items).`,
  );
}
