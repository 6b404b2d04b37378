/**
 * Pagination checks of out-of-range requests (§2.11, §7, §8): numbers past the machine integer
 * sizes never cause a 5xx, and a negative index, a size of 0 or a fraction get 400.
 */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import type { CheckDefinition } from "../../runner/engine/CheckDefinition.js";
import { knownTotal } from "../_internals/discovery/knownTotal.js";
import { knowledgeOf } from "../_internals/discovery/TargetKnowledge.js";
import { answered } from "../_internals/judges/judgeExchange.js";
import { judgeLargeNumbers } from "../_internals/judges/judgeLargeNumbers.js";
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
  title: "A negative page index, a page size of 0 or below, or a fractional number gets 400",
  rule:
    "A field filled incorrectly gets 400 (§7): pageNumber is the index of a page and the first page has " +
    "index 0 (§2.11, §8), pageSize the number of records per page (§2.11), so a negative pageNumber and " +
    "a pageSize of 0 or below are filled incorrectly; any other answer (a page served, another 4xx) " +
    "fails. A fractional number is the register's (numeric-coercion): another answer below 500 is a warning.",
  family: "pagination",
  specRefs: ["7", "2.11", "8"],
  level: "MUST",
  operations: LISTING_OPERATIONS,
  registerRefs: ["numeric-coercion"],
  async run({ operation, target, judge }) {
    // A fraction is what lenient JSON mappers coerce: its own register entry, as "1" for 1 has.
    const cases: [string, Record<string, number>, string | undefined][] = [
      ["negative pageNumber", { pageNumber: -1, pageSize: 10 }, undefined],
      ["pageSize 0", { pageNumber: 0, pageSize: 0 }, undefined],
      ["negative pageSize", { pageNumber: 0, pageSize: -5 }, undefined],
      ["fractional pageNumber", { pageNumber: 1.5, pageSize: 10 }, "numeric-coercion"],
      ["fractional pageSize", { pageNumber: 0, pageSize: 2.5 }, "numeric-coercion"],
    ];
    for (const [label, pagination, register] of cases) {
      const exchange = await target.send(operation, { json: { pagination } });
      if (!answered(judge, `${label}: pagination ${JSON.stringify(pagination)}`, exchange)) continue;
      judgeStatus(judge, `${label}: pagination ${JSON.stringify(pagination)}`, exchange, {
        accept: [400],
        expected: register
          ? `400 (§7; register ${register})`
          : "400: a field filled incorrectly (§7); the first page has index 0 and a page holds records (§2.11)",
        ...(register ? { register, success: "departure" as const } : {}),
      });
    }
  },
};
