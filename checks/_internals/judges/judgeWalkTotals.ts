/** Judges the totals of one walk (§2.11): the same on every page, totalPages = ceil(totalElements / pageSize), no page over pageSize. */
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import { expectedTotalPages } from "../walks/listingPage.js";
import type { ListingWalk } from "../walks/walkListing.js";

/** Records a failure for the first page whose totals or size disagree with §2.11; `what` names the walk in messages. */
export function judgeWalkTotals(judge: Judgement, walk: ListingWalk, what: string): void {
  const { totalElements, totalPages, pageSize } = walk;
  if (totalElements === undefined || totalPages === undefined) return;
  const label = (pageNumber: number) =>
    `page ${pageNumber} of size ${pageSize}${walk.searchValue !== undefined ? `, searchValue ${JSON.stringify(walk.searchValue)}` : ""}`;
  const first = walk.pages[0];
  if (first && totalElements > 0 && totalPages !== expectedTotalPages(totalElements, pageSize)) {
    judge.fail(`${what}: totalPages ${totalPages} does not match ${totalElements} results in pages of ${pageSize}.`, {
      expected: `totalPages ${expectedTotalPages(totalElements, pageSize)} = ceil(${totalElements} / ${pageSize}) (§2.11)`,
      actual: `totalPages ${totalPages}`,
      evidence: [evidence(label(0), first.exchange)],
    });
    return;
  }
  for (const page of walk.pages) {
    const problem =
      page.page.items.length > pageSize
        ? `holds ${page.page.items.length} items`
        : page.page.totalElements !== undefined && page.page.totalElements !== totalElements
          ? `says totalElements ${page.page.totalElements}`
          : page.page.totalPages !== undefined && page.page.totalPages !== totalPages
            ? `says totalPages ${page.page.totalPages}`
            : undefined;
    if (problem === undefined) continue;
    judge.fail(
      `${what}: page ${page.pageNumber} ${problem}, page 0 said totalElements ${totalElements}, totalPages ${totalPages}.`,
      {
        expected: `at most ${pageSize} items a page and the same totals on every page (§2.11)`,
        actual: problem,
        evidence: [
          evidence(label(page.pageNumber), page.exchange),
          ...(first ? [evidence(label(0), first.exchange)] : []),
        ],
      },
    );
    return;
  }
}
