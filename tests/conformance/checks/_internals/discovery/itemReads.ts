/**
 * The single-item reads of a run (§4.3, §4.4), made once (TargetKnowledge.reads) and shared by
 * every check that judges them: every analytic id the user configured (there is no listing of analytics, so each one is
 * all the suite knows), and every widget of a user's listing up to MAX_WIDGET_READS, spread
 * over the whole listing. One odd item among many is a bug real backends have; a sample misses it.
 */
import type { Caller, TargetSession } from "../../../../../runner/engine/TargetSession.js";
import type { Exchange } from "../../../../../runner/model/Exchange.js";
import { spreadSample } from "./discoveredIds.js";
import { idField, type ReadOperation } from "../requests/itemTargets.js";

/** Most widgets read per user and run; above it the reads are spread over the listing and the report says so. */
const MAX_WIDGET_READS = 200;

/** One read. */
export interface ItemRead {
  readonly id: string;
  readonly label: string;
  readonly exchange: Exchange;
}

/** The reads of one operation by one user. */
export interface ItemReads {
  readonly reads: readonly ItemRead[];
  /** How many ids were known (listed or configured). */
  readonly known: number;
  /** A sentence when MAX_WIDGET_READS cut the reads, for notes and the report's sampling lines. */
  readonly cut?: string;
}

/** Reads every id of `known` (widgets spread over the listing up to MAX_WIDGET_READS) as `caller`. */
export async function readItems(
  session: TargetSession,
  operation: ReadOperation,
  caller: Caller,
  known: readonly string[],
): Promise<ItemReads> {
  const ids = operation === "getWidget" ? spreadSample(known, MAX_WIDGET_READS) : [...known];
  const who = caller === "admin" ? "" : ` as the ${caller} user`;
  const reads = await Promise.all(
    ids.map(async (id) => ({
      id,
      label: `${operation} ${id}${who}`,
      exchange: await session.send(operation, { caller, json: { [idField(operation)]: id } }),
    })),
  );
  if (ids.length === known.length) return { reads, known: known.length };
  const cut = `${operation}${who}: ${ids.length} of ${known.length} listed widgets read (bound ${MAX_WIDGET_READS}, spread over the listing)`;
  session.noteSampling(`reads:${operation}:${caller}`, cut);
  return { reads, known: known.length, cut };
}
