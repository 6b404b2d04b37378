/** Reads the known ids of a single-item read (§4.3, §4.4) and hands each 200 JSON answer to a judge. */
import type { CheckContext } from "../../../../runner/engine/CheckDefinition.js";
import type { Exchange } from "../../../../runner/http/types.js";
import { answered } from "./judgeExchange.js";
import { asReadOperation, idField, knownIds, noIdsReason } from "./itemTargets.js";

/** The two single-item reads, as a check's operations. */
export const READS = ["getWidget", "getAnalytic"] as const;

/** Most ids read per check. */
const SAMPLE = 10;

/** Reads up to SAMPLE known ids as the admin and hands each 200 to `judgeOne`. */
export async function forEachRead(
  { operation, target, judge }: CheckContext,
  judgeOne: (id: string, body: unknown, label: string, exchange: Exchange) => void,
): Promise<void> {
  const read = asReadOperation(operation);
  const ids = await knownIds(target, read, SAMPLE);
  if (ids.length === 0) return judge.skip(noIdsReason(read));
  let judged = 0;
  for (const id of ids) {
    const label = `${operation} ${id}`;
    const exchange = await target.send(operation, { json: { [idField(read)]: id } });
    if (!answered(judge, label, exchange) || exchange.response.status !== 200 || !exchange.isJson) continue;
    judged += 1;
    judgeOne(id, exchange.json, label, exchange);
  }
  if (judged === 0) judge.skip(`none of the ${ids.length} reads answered 200 with JSON (see http.valid-request-ok and consistency.listed-widget-readable).`);
  else judge.note(`${judged} read(s) judged.`);
}
