/**
 * Pagination checks of out-of-range requests (§2.11, §7, §8): numbers past the machine integer
 * sizes never cause a 5xx, and a negative size or a fraction get 400 (a negative index and a size of 0 may
 * also be read as a page outside the listing and a size not set: judgeOutOfRangePage).
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { knownTotal } from "../_internals/discovery/knownTotal.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { answered } from "../_internals/judges/judgeExchange.js";
import { judgeLargeNumbers } from "../_internals/judges/judgeLargeNumbers.js";
import { judgeOutOfRangePage, type OutOfRangeReading } from "../_internals/judges/judgeOutOfRangePage.js";
import { judgeStatus } from "../_internals/judges/judgeStatus.js";

/** pagination.large-numbers (§2.11, §8, §7). */
export const paginationLargeNumbers: CheckDefinition = {
  id: "pagination.large-numbers",
  title: "A pageNumber or pageSize past the machine integer sizes gets 400 or a well-formed page, never a server error",
  rule:
    "pageNumber and pageSize are JSON integers with no stated maximum (§2.11, §8): 2^31 − 1, 2^31, 2^32, " +
    "2^53 − 1 and 10^20 get 400 or a 200 that keeps the totals and holds no item past the end, never a 5xx.",
  family: "pagination",
  specRefs: ["2.11", "8", "7"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["large-page-numbers", "max-page-size", "page-past-end"],
  async run(context) {
    const known = await knownTotal(context);
    if (!known) return;
    await judgeLargeNumbers(context, known.total, await knowledgeOf(context.target).pageSizeLimits(context.operation));
  },
};

/** pagination.invalid-rejected (§7, §2.11, §8). */
export const paginationInvalidRejected: CheckDefinition = {
  id: "pagination.invalid-rejected",
  title:
    "A negative page index, a page size below 1 or a fraction gets 400; an empty page or the default page only warns",
  rule:
    "A field filled incorrectly gets 400 (§7): pageNumber is the index of a page and the first page has " +
    "index 0 (§2.11, §8), pageSize the number of records per page (§2.11), and both are integers, JSON " +
    "numbers without fraction (§2), so a negative pageSize and a fractional number are filled incorrectly: " +
    "any other answer fails. A negative pageNumber answered 200 with an empty page and the listing's totals " +
    "(a page outside the listing), and a pageSize of 0 answered as without pagination (a size not set: " +
    "proto3, AIP-158), are warnings (register invalid-field-status); any other page served for them fails.",
  family: "pagination",
  specRefs: ["7", "2.11", "8"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["invalid-field-status", "numeric-coercion"],
  async run({ operation, target, judge }) {
    judge.applied("invalid-field-status");
    const cases: [string, Record<string, number>, OutOfRangeReading | undefined][] = [
      ["negative pageNumber", { pageNumber: -1, pageSize: 10 }, "page-outside-listing"],
      ["pageSize 0", { pageNumber: 0, pageSize: 0 }, "size-not-set"],
      ["negative pageSize", { pageNumber: 0, pageSize: -5 }, undefined],
      ["fractional pageNumber", { pageNumber: 1.5, pageSize: 10 }, undefined],
      ["fractional pageSize", { pageNumber: 0, pageSize: 2.5 }, undefined],
    ];
    for (const [what, pagination, reading] of cases) {
      const label = `${what}: pagination ${JSON.stringify(pagination)}`;
      const exchange = await target.send(operation, { json: { pagination } });
      if (!answered(judge, label, exchange)) continue;
      if (reading) await judgeOutOfRangePage(judge, target, operation, label, exchange, reading);
      else
        judgeStatus(judge, label, exchange, {
          accept: [400],
          expected:
            "400: a field filled incorrectly (§7); a page holds records (§2.11) and an integer is a JSON number " +
            "without fraction (§2; register numeric-coercion)",
        });
    }
  },
};
