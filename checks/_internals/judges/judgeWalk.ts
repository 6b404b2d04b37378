/** Judges one walk of a listing (§2.11): a stop the target caused, an item on two pages, and the count against totalElements. */
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import { itemKey } from "../walks/listingPage.js";
import { stoppedByTarget, type ListingWalk } from "../walks/walkListing.js";

/** Records a failure for the first thing wrong with `walk`; `what` names it in messages ("walk with page size 3"). */
export function judgeWalk(
  judge: Judgement,
  walk: ListingWalk,
  what = `walk with page size ${walk.pageSize}${walk.caller === "admin" ? "" : ` as the ${walk.caller} user`}`,
): void {
  const label = (pageNumber: number) =>
    `page ${pageNumber} of size ${walk.pageSize}${walk.searchValue !== undefined ? `, searchValue ${JSON.stringify(walk.searchValue)}` : ""}`;
  const lastPage = walk.pages[walk.pages.length - 1];
  if (stoppedByTarget(walk) && lastPage) {
    judge.fail(`${what} stopped: ${walk.stop?.message}.`, {
      expected: `every page up to totalPages ${walk.totalPages ?? "?"} to answer 200 with its items`,
      actual: walk.stop?.message,
      evidence: [evidence(label(lastPage.pageNumber), lastPage.exchange)],
    });
    return;
  }
  const allHaveIds = walk.items.every((item) => itemKey(item).startsWith("id:"));
  if (allHaveIds) {
    const seen = new Map<string, number>();
    for (const page of walk.pages) {
      for (const item of page.page.items) {
        const key = itemKey(item);
        const firstPage = seen.get(key);
        if (firstPage !== undefined) {
          judge.fail(`${what}: ${key} appears on page ${firstPage} and again on page ${page.pageNumber}.`, {
            expected: "each item on exactly one page",
            actual: `${key} on pages ${firstPage} and ${page.pageNumber}`,
            evidence: [
              evidence(label(firstPage), (walk.pages[firstPage] ?? page).exchange),
              evidence(label(page.pageNumber), page.exchange),
            ],
          });
          return;
        }
        seen.set(key, page.pageNumber);
      }
    }
  }
  if (walk.complete && walk.totalElements !== undefined && walk.items.length !== walk.totalElements) {
    judge.fail(
      `${what}: ${walk.items.length} items over ${walk.pages.length} page(s), but totalElements is ${walk.totalElements}.`,
      {
        expected: `${walk.totalElements} items in all`,
        actual: `${walk.items.length} items`,
        evidence: lastPage ? [evidence(label(lastPage.pageNumber), lastPage.exchange)] : [],
      },
    );
  }
}
