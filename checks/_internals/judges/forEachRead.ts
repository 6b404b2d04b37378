/** Hands each 200 JSON answer of the run's shared reads (itemReads) of a single-item read operation to a judge. */
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { answered } from "./judgeExchange.js";
import { asReadOperation, noIdsReason } from "../requests/itemTargets.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";

/** The two single-item reads, as a check's operations. */
export const READS = ["getWidget", "getAnalytic"] as const;

/** Judges every known id's read as the admin (every configured analytic, every listed widget up to MAX_WIDGET_READS). */
export async function forEachRead(
  { operation, target, judge }: CheckContext,
  judgeOne: (id: string, body: unknown, label: string, exchange: Exchange) => void,
): Promise<void> {
  const read = asReadOperation(operation);
  const { reads, cut } = await knowledgeOf(target).reads(read);
  if (reads.length === 0) return judge.skip(noIdsReason(read));
  let judged = 0;
  for (const { id, label, exchange } of reads) {
    if (!answered(judge, label, exchange) || exchange.response.status !== 200 || !exchange.isJson) continue;
    judged += 1;
    judgeOne(id, exchange.json, label, exchange);
  }
  if (judged === 0)
    judge.skip(
      `none of the ${reads.length} reads answered 200 with JSON (see http.valid-request-ok and consistency.listed-widget-readable).`,
    );
  else judge.note(`${judged} read(s) judged${cut ? `; ${cut}` : ""}.`);
}
