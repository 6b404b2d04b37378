/**
 * The single-item reads of a run (§4.3, §4.4), made once (TargetKnowledge.reads) and shared by
 * every check that judges them: every analytic id the user configured (there is no listing of analytics, so each one is
 * all the suite knows), and every widget of a user's listing up to MAX_WIDGET_READS, spread
 * over the whole listing. One odd item among many is a bug real backends have; a sample misses it.
 */
import type { Caller, TargetSession } from "../../../runner/engine/TargetSession.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { spreadSample } from "./discoveredIds.js";
import { idField, type ReadOperation } from "../requests/itemTargets.js";

/** Most widgets read per user and run; above it the reads are spread over the listing and the report says so. */
const MAX_WIDGET_READS = 200;

/**
 * Most body bytes of one user's reads of one operation held for the run (issue 23.9): the reads are
 * shared by every check for the whole run, so answers near the 5 MiB cap (a 4.5 MB description in
 * every widget) would otherwise hold gigabytes. Once the reads made reach it, no further id is read,
 * and the report's sampling lines say how many were.
 */
const MAX_HELD_READ_BYTES = 96 * 1024 * 1024;

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

/**
 * The indices 0 … count-1 in an order whose every prefix is spread over the whole range (by their
 * bit-reversed values: 0, the middle, the quarters …), so reads cut by the memory bound still
 * sample the whole listing, not its head.
 */
export function spreadOrder(count: number): number[] {
  let bits = 0;
  while (1 << bits < count) bits += 1;
  const reversed = (index: number) => {
    let out = 0;
    for (let bit = 0; bit < bits; bit += 1) out = (out << 1) | ((index >> bit) & 1);
    return out;
  };
  return Array.from({ length: count }, (_, index) => index).sort((a, b) => reversed(a) - reversed(b));
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
  const reads: (ItemRead | undefined)[] = new Array<ItemRead | undefined>(ids.length);
  const order = spreadOrder(ids.length);
  let heldBytes = 0;
  let next = 0;
  // As many reads in flight as the session may send at once (its fixed or its most adaptive concurrency); none started once the held bodies reach the bound.
  const worker = async () => {
    while (next < ids.length && heldBytes < MAX_HELD_READ_BYTES) {
      const index = order[next++] as number;
      const id = ids[index] as string;
      const exchange = await session.send(operation, { caller, json: { [idField(operation)]: id } });
      heldBytes += exchange.response?.bodyBytes ?? 0;
      reads[index] = { id, label: `${operation} ${id}${who}`, exchange };
    }
  };
  const lanes = session.settings.concurrency ?? session.settings.maxConcurrency;
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, worker));
  const made = reads.filter((read): read is ItemRead => read !== undefined);
  if (made.length === known.length) return { reads: made, known: known.length };
  const bound =
    made.length < ids.length
      ? `their bodies reached the ${MAX_HELD_READ_BYTES / 1024 / 1024} MiB the suite holds per user and operation`
      : `bound ${MAX_WIDGET_READS}, spread over the listing`;
  const cut = `${operation}${who}: ${made.length} of ${known.length} ${operation === "getWidget" ? "listed widgets" : "configured analytics"} read (${bound})`;
  session.noteSampling(`reads:${operation}:${caller}`, cut);
  return { reads: made, known: known.length, cut };
}
