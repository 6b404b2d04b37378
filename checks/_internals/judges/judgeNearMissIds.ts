/**
 * errors.near-miss-id-404 (§4.3, §4.4, §7; issue 49.4): a real id cut short, without its last segment, or with
 * its path in another letter case names no item the target listed, so it is answered like any unknown id:
 * 404. Serving the real item for it is a lookup by prefix or without case: a failure. A 200 that returns the
 * very id asked for is another item that exists, and passes; a 400 is the register's (near-miss-ids).
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { nearMissIds } from "../probes/nearMissIds.js";
import { asReadOperation, idField, knownIds, noIdsReason } from "../requests/itemTargets.js";
import { answered, describeAnswer } from "./judgeExchange.js";
import { judgeStatus } from "./judgeStatus.js";

/** Real ids the near misses are made from, and most near misses asked per operation. */
const SOURCE_IDS = 5;
const MAX_NEAR_MISSES = 3;

/** The id of the item a read answered, or undefined. */
function returnedId(operation: "getWidget" | "getAnalytic", body: unknown): unknown {
  const item = operation === "getAnalytic" ? (isJsonObject(body) ? body.analytic : undefined) : body;
  return isJsonObject(item) ? item.id : undefined;
}

/** Judges the reads of the near misses of a few known ids. */
export async function judgeNearMissIds({ operation, target, judge }: CheckContext): Promise<void> {
  const read = asReadOperation(operation);
  const sources = await knownIds(target, read, SOURCE_IDS);
  if (sources.length === 0) return judge.skip(noIdsReason(read));
  const known = new Set(
    read === "getWidget" ? await knowledgeOf(target).widgetIds() : target.settings.fixtures.analyticIds,
  );
  const nearMisses = nearMissIds(sources, known, MAX_NEAR_MISSES);
  if (nearMisses.length === 0)
    return judge.skip(`no near miss could be made of the known ids (${sources.slice(0, 2).join(", ")}).`);
  judge.applied("near-miss-ids");
  for (const near of nearMisses) {
    const label = `${operation} of ${near.id} (${near.from}, ${near.kind})`;
    const exchange = await target.send(operation, { json: { [idField(read)]: near.id } });
    if (!answered(judge, label, exchange)) continue;
    if (exchange.response.status === 200) {
      const returned = returnedId(read, exchange.json);
      if (returned === near.id) {
        judge.note(`${label}: answered 200 with that very id, an item the listing did not show; not blamed.`);
        continue;
      }
      judge.fail(`${label} was answered with ${describeAnswer(exchange)} holding ${JSON.stringify(returned)}.`, {
        expected:
          `404: ${near.id} names no item (§4.3, §4.4, §7); ids are compared whole and, past the scheme and ` +
          "host, with their letter case (RFC 3986 §6.2.2.1)",
        actual: `${describeAnswer(exchange)} with the item ${JSON.stringify(returned)}`,
        evidence: [evidence(label, exchange)],
      });
      continue;
    }
    judgeStatus(judge, label, exchange, {
      accept: [404],
      expected: "404 with reason OBJECT_NOT_FOUND, as for any unknown id (§4.3, §4.4, §7; register near-miss-ids)",
      register: "near-miss-ids",
      governs: [400],
    });
  }
  judge.note(
    `${nearMisses.length} near miss(es) of known ids asked: ${nearMisses.map((near) => near.kind).join(", ")}.`,
  );
}
