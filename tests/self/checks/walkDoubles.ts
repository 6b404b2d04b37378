/** Listing walks made up for the judges' unit tests, and the verdict a judge gives one. */
import { Judgement } from "../../../runner/engine/Judgement.js";
import type { ListingWalk, WalkedPage, WalkStop } from "../../../checks/_internals/walks/walkListing.js";
import { fakeExchange } from "../runner/engine/engineDoubles.js";

const item = (n: number) => ({ id: `widget://t/w${n}` });

/** A walk whose pages hold the given item numbers; totals as given (default: consistent with the items). */
export function walkOf(
  pages: number[][],
  options: {
    pageSize?: number;
    totalElements?: number;
    totalPages?: number;
    complete?: boolean;
    stop?: WalkStop;
    caller?: ListingWalk["caller"];
    searchValue?: string;
    perPage?: (index: number) => { totalElements?: number; totalPages?: number };
  } = {},
): ListingWalk {
  const pageSize = options.pageSize ?? 3;
  const count = pages.flat().length;
  const totalElements = "totalElements" in options ? options.totalElements : count;
  const totalPages = "totalPages" in options ? options.totalPages : Math.ceil(count / pageSize);
  const walked: WalkedPage[] = pages.map((numbers, pageNumber) => {
    const totals = options.perPage?.(pageNumber) ?? { totalElements, totalPages };
    return {
      pageNumber,
      exchange: fakeExchange({ status: 200, json: { page: pageNumber } }),
      page: { items: numbers.map(item), shape: "array", ...totals },
    };
  });
  return {
    operation: "listFactoryDefaultWidgets",
    caller: options.caller ?? "admin",
    pageSize,
    ...(options.searchValue !== undefined ? { searchValue: options.searchValue } : {}),
    pages: walked,
    items: walked.flatMap((page) => page.page.items),
    ...(totalElements !== undefined ? { totalElements } : {}),
    ...(totalPages !== undefined ? { totalPages } : {}),
    complete: options.complete ?? true,
    ...(options.stop ? { stop: options.stop } : {}),
  };
}

export const judged = (judge: (judgement: Judgement) => void) => {
  const judgement = new Judgement("default");
  judge(judgement);
  return judgement.verdict();
};
