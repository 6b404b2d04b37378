/**
 * consistency.same-for-every-reader (§4.3, §4.4; issue 49.4): getWidget and getAnalytic describe a stored item,
 * so the item read by the main user and by the restricted user agrees on every field §2 tables that does not
 * depend on the reader. What may depend on the reader is left out: an analytic's title, a "title to display"
 * that may be translated for the reader (§2.5). A difference is asked once more, both reads again, and fails
 * when the second look shows it too (data changing during the run is not blamed).
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";
import { asReadOperation, idField, type ReadOperation } from "../requests/itemTargets.js";
import { differingFields } from "./differingFields.js";
import { judgeConfirmedDifference } from "./judgeConfirmedDifference.js";
import { answered } from "./judgeExchange.js";

/** Most differing items asked again per operation; the rest are counted in a note. */
const MAX_CONFIRMATIONS = 10;

const SCHEMA: Record<ReadOperation, string> = {
  getWidget: "components/Widget.json",
  getAnalytic: "components/Analytic.json",
};
/** Fields whose value may depend on who reads (§2.5: an analytic's title is a title to display, maybe translated). */
const READER_FIELDS: Record<ReadOperation, readonly string[]> = { getWidget: [], getAnalytic: ["title"] };

/** The item a 200 read carries, without the fields that may depend on the reader; undefined for any other answer. */
function itemOf(operation: ReadOperation, exchange: Exchange): Record<string, unknown> | undefined {
  if (exchange.response?.status !== 200) return undefined;
  const body = exchange.json;
  const item = operation === "getAnalytic" ? (isJsonObject(body) ? body.analytic : undefined) : body;
  if (!isJsonObject(item)) return undefined;
  return Object.fromEntries(Object.entries(item).filter(([field]) => !READER_FIELDS[operation].includes(field)));
}

/** Compares every item both users read with 200. */
export async function judgeReaderAgreement({ operation, target, judge }: CheckContext): Promise<void> {
  const read = asReadOperation(operation);
  const knowledge = knowledgeOf(target);
  const mainReads = new Map((await knowledge.reads(read, "admin")).reads.map((entry) => [entry.id, entry]));
  const { reads: restrictedReads } = await knowledge.reads(read, "restricted");
  let compared = 0;
  let confirmations = 0;
  for (const restricted of restrictedReads) {
    const main = mainReads.get(restricted.id);
    if (!main || !answered(judge, main.label, main.exchange) || !answered(judge, restricted.label, restricted.exchange))
      continue;
    const first = itemOf(read, main.exchange);
    const second = itemOf(read, restricted.exchange);
    if (!first || !second) continue;
    compared += 1;
    const differences = differingFields(first, second, SCHEMA[read]);
    if (differences.length === 0) {
      judge.witness(evidence(restricted.label, restricted.exchange));
      continue;
    }
    if (confirmations >= MAX_CONFIRMATIONS) continue;
    confirmations += 1;
    const json = { [idField(read)]: restricted.id };
    const mainAgain = await target.send(read, { json });
    const restrictedAgain = await target.send(read, { json, caller: "restricted" });
    if (
      !answered(judge, `${main.label}, again`, mainAgain) ||
      !answered(judge, `${restricted.label}, again`, restrictedAgain)
    )
      continue;
    judgeConfirmedDifference(
      judge,
      {
        label: `${read} ${restricted.id}`,
        firstName: "the main user's read",
        secondName: "the restricted user's read",
        schemaFile: SCHEMA[read],
      },
      { differences, evidence: [evidence(main.label, main.exchange), evidence(restricted.label, restricted.exchange)] },
      {
        first: itemOf(read, mainAgain),
        second: itemOf(read, restrictedAgain),
        evidence: [
          evidence(`${main.label}, again`, mainAgain),
          evidence(`${restricted.label}, again`, restrictedAgain),
        ],
      },
    );
  }
  if (compared === 0)
    return judge.skip(
      `no ${read === "getWidget" ? "widget" : "analytic"} was read with 200 by both the main and the restricted user, so there is nothing to compare.`,
    );
  judge.note(
    `${compared} item(s) read by both users compared on the fields §2 tables (${READER_FIELDS[read].join(", ") || "none"} left out as the reader's).`,
  );
}
