/**
 * Turns the listing walks that stopped at their page bound into the report's sampling lines
 * (meta.sampling): one line per operation and kind of walk, however many walks there were,
 * so a large target does not flood the report.
 */
import { OPERATIONS, type OperationName } from "../../contract/operations.js";

/** A plain listing walk (discovery, pagination) or the walk of one search's result. */
export type SampledWalkKind = "listing" | "search";

/** One walk that stopped at its page bound before the end of the listing (§2.11). */
export interface SampledWalk {
  readonly operation: OperationName;
  readonly kind: SampledWalkKind;
  /** The bound the walk stopped at: --max-pages, or the smaller bound of search walks. */
  readonly maxPages: number;
  readonly pageSize: number;
  /** Totals of the first page, when the walk read them. */
  readonly totalPages?: number;
  readonly totalElements?: number;
  /** Items on the pages walked. */
  readonly itemsSeen: number;
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "7" or "7 to 143": the spread of some numbers. */
function spread(values: readonly number[]): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? String(low) : `${low} to ${high}`;
}

function describeGroup(walks: readonly SampledWalk[], maxPagesSetting: number): string {
  const first = walks[0] as SampledWalk;
  const pageSizes = [...new Set(walks.map((walk) => walk.pageSize))].sort((a, b) => a - b);
  const totalPages = walks.flatMap((walk) => (walk.totalPages === undefined ? [] : [walk.totalPages]));
  const reported =
    totalPages.length > 0 ? `the target reports ${spread(totalPages)} pages` : "the target reported no totalPages";
  const unseen = walks.flatMap((walk) =>
    walk.totalElements === undefined
      ? []
      : [{ unseen: Math.max(0, walk.totalElements - walk.itemsSeen), total: walk.totalElements }],
  );
  const largest = unseen.reduce<(typeof unseen)[number] | undefined>(
    (most, next) => (most === undefined || next.unseen > most.unseen ? next : most),
    undefined,
  );
  const howMany = largest
    ? ` (${walks.length === 1 ? "" : "up to "}${largest.unseen} of ${largest.total} items${walks.length === 1 ? "" : " per walk"})`
    : "";
  const notSeen =
    first.maxPages > 0
      ? `items after pageNumber ${first.maxPages - 1} were not seen${howMany}`
      : `no page was seen${howMany}`;
  // Search walks have a bound of their own, below --max-pages; say which bound cut the walk.
  const [bound, details] =
    first.maxPages === maxPagesSetting
      ? [`--max-pages ${first.maxPages}`, []]
      : [`the ${first.kind} bound of ${plural(first.maxPages, "page")}`, [`--max-pages is ${maxPagesSetting}`]];
  const facts = [...details, `pageSize ${pageSizes.join(", ")}`, reported].join("; ");
  return `${first.operation}: ${plural(walks.length, `${first.kind} walk`)} stopped at ${bound} (${facts}), so ${notSeen}`;
}

/** One sentence per operation, kind and bound, in the spec's operation order; empty when no walk was bounded. */
export function describeSampledWalks(walks: readonly SampledWalk[], maxPagesSetting: number): string[] {
  const groups = new Map<string, SampledWalk[]>();
  for (const walk of walks) {
    const key = `${walk.operation} ${walk.kind} ${walk.maxPages}`;
    groups.set(key, [...(groups.get(key) ?? []), walk]);
  }
  const operationIndex = (name: OperationName) => OPERATIONS.findIndex((op) => op.name === name);
  return [...groups.values()]
    .sort((a, b) => {
      const [ga, gb] = [a[0] as SampledWalk, b[0] as SampledWalk];
      return (
        operationIndex(ga.operation) - operationIndex(gb.operation) ||
        ga.kind.localeCompare(gb.kind) ||
        ga.maxPages - gb.maxPages
      );
    })
    .map((group) => describeGroup(group, maxPagesSetting));
}
