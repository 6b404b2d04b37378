/** Consistency between operations and over time (§2.1, §2.11, §4.1, §4.4; register repeatable-reads). */
import { ALL_OPERATIONS, LISTING_OPERATIONS } from "../contract/operations.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered, describeAnswer } from "./_internals/judges/judgeExchange.js";
import { everyUser } from "./_internals/requests/everyUser.js";
import { isJsonObject, jsonEqual } from "../contract/jsonValue.js";
import { forEachRead, READS } from "./_internals/judges/forEachRead.js";
import { successfulRequestBody } from "./_internals/requests/sampleRequests.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";
import { statedFields } from "./_internals/requests/schemaProperties.js";
import { withoutUrlQueryValues } from "./_internals/judges/urlQueryValues.js";
import { judgeListReadAgreement } from "./_internals/judges/judgeListReadAgreement.js";
import { judgePageSizeAgreement } from "./_internals/judges/judgePageSizeAgreement.js";
import { judgeReaderAgreement } from "./_internals/judges/judgeReaderAgreement.js";

/** Checks of the consistency family. */
export const consistencyChecks: readonly CheckDefinition[] = [
  {
    id: "consistency.listed-widget-readable",
    title: "Every widget in a user's listing can be read by that user",
    rule: "The listing returns the widgets the user may view (§4.1, §5); 403 is for what the user may not view and 404 for what does not exist (§4.4, §7).",
    family: "consistency",
    specRefs: ["4.1", "4.4", "5"],
    level: "MUST",
    operations: ["getWidget"],
    registerRefs: [],
    async run({ target, judge }) {
      const callers = everyUser(target);
      let read = 0;
      const cuts: string[] = [];
      for (const caller of callers) {
        const { reads, cut } = await knowledgeOf(target).reads("getWidget", caller);
        if (cut) cuts.push(cut);
        for (const { label, exchange } of reads) {
          if (!answered(judge, `${label} (listed for ${caller})`, exchange)) continue;
          read += 1;
          if (exchange.response.status === 200) {
            judge.witness(evidence(label, exchange));
            continue;
          }
          judge.fail(`${label} (listed for ${caller}) got ${describeAnswer(exchange)}.`, {
            expected: "200 with the widget",
            actual: describeAnswer(exchange),
            evidence: [evidence(label, exchange)],
          });
        }
      }
      if (read === 0) judge.skip("no listed widget has an id to read.");
      else
        judge.note(
          `${read} listed widget(s) read back (${callers.join(" and ")})${cuts.length > 0 ? `; ${cuts.join("; ")}` : ""}.`,
        );
    },
  },
  {
    id: "consistency.id-echoes-request",
    title: "A read returns the item that was asked for",
    rule:
      "getWidget returns the widget found by its identifier (§4.4); getAnalytic the analytic of the " +
      "identifier (§4.3): the returned id is the requested one, and an item without its id (a field of " +
      "§2.1's and §2.5's tables) is not it.",
    family: "consistency",
    specRefs: ["4.3", "4.4"],
    level: "MUST",
    operations: READS,
    registerRefs: ["required-response-fields"],
    async run(context) {
      await forEachRead(context, (id, body, label, exchange) => {
        const item = context.operation === "getAnalytic" ? (isJsonObject(body) ? body.analytic : undefined) : body;
        const returned = isJsonObject(item) ? item.id : undefined;
        if (returned === id) return context.judge.witness(evidence(label, exchange));
        if (returned === undefined) {
          // §2.1 and §2.5 list id: an item without it cannot be shown to be the one asked for.
          context.judge.fail(`${label}: the returned item has no id, so it is not shown to be ${id}.`, {
            expected: `id ${id} (§4.3, §4.4; id is a field of §2.1's and §2.5's tables)`,
            actual: "no id field",
            evidence: [evidence(label, exchange)],
          });
          return;
        }
        context.judge.fail(`${label}: asked for ${id}, got ${JSON.stringify(returned)}.`, {
          expected: `id ${id}`,
          actual: `id ${JSON.stringify(returned)}`,
          evidence: [evidence(label, exchange)],
        });
      });
    },
  },
  {
    id: "consistency.list-get-equal",
    title: "A widget read by id equals the one in the listing",
    rule:
      "getWidget returns the widget found by its identifier (§4.4) and the listing returns the widgets " +
      "(§4.1): both describe one widget, so every field §2.1 tables that both answers carry has the same " +
      "value. A difference is asked once more (the widget read again, its listing page fetched again) and " +
      "fails when the second look shows it too; one the second look does not show is data that changed " +
      "during the run, noted and not blamed. Tags are compared as a set; the same tags in another order " +
      "depart from the register's default (list-get-consistency). A url or thumbnailURL may differ in the " +
      "values of its query parameters only (a URL signed on each answer).",
    family: "consistency",
    specRefs: ["4.1", "4.4"],
    level: "MUST",
    operations: ["getWidget"],
    registerRefs: ["list-get-consistency", "unknown-extra-fields"],
    run: judgeListReadAgreement,
  },
  {
    id: "consistency.same-for-every-reader",
    title: "An item read by two users is described the same way",
    rule:
      "getWidget returns the widget found by its identifier (§4.4) and getAnalytic the analytic of the " +
      "identifier (§4.3): a stored item, whoever reads it. Read by the main and by the restricted user, it " +
      "holds the same value in every field §2.1 or §2.5 tables that does not depend on the reader (an " +
      "analytic's title, a title to display, may be translated for the reader and is left out): its createdBy " +
      "is its creator's, not the caller's. A difference is asked once more and fails when the second look shows it too.",
    family: "consistency",
    specRefs: ["2.5", "4.3", "4.4"],
    level: "MUST",
    operations: READS,
    registerRefs: ["unknown-extra-fields"],
    needs: ["restrictedToken"],
    run: judgeReaderAgreement,
  },
  {
    id: "consistency.page-sizes-agree",
    title: "An item holds the same values on pages of different sizes",
    rule:
      "pageSize only says how many records a page holds (§2.11): the same item (same id) on a page of one " +
      "size and on a page of another has the same value in every field §2.1 or §2.4 tables that both " +
      "carry. Compared on the two walks the run makes (the largest page size served and small pages), for " +
      "every user; a difference is asked once more (both pages fetched again) and fails when the second " +
      "look shows it too. Tags are compared as a set; another order departs from the register's default (list-get-consistency). " +
      "A url or thumbnailURL may differ in the values of its query parameters only (a URL signed on each answer).",
    family: "consistency",
    specRefs: ["2.11"],
    level: "MUST",
    operations: LISTING_OPERATIONS,
    registerRefs: ["list-get-consistency", "unknown-extra-fields"],
    run: judgePageSizeAgreement,
  },
  {
    id: "consistency.repeatable-reads",
    title: "The same request twice gives the same answer",
    rule:
      "Not stated; the register's default: identical requests give identical answers while the data does not " +
      "change, in the fields §2 defines; the query values of a url or thumbnailURL may differ (a signed URL).",
    family: "consistency",
    specRefs: ["4"],
    level: "SHOULD",
    operations: ALL_OPERATIONS,
    registerRefs: ["repeatable-reads", "unknown-extra-fields"],
    async run({ operation, target, judge }) {
      const body = await successfulRequestBody(target, operation);
      if (!body) return judge.skip("there is nothing known to ask this operation for (no ids or roles).");
      judge.applied("repeatable-reads");
      const first = await target.send(operation, { json: body });
      const second = await target.send(operation, { json: body });
      if (!answered(judge, "first request", first) || !answered(judge, "second request", second)) return;
      // A 200 is compared on the fields §2 defines: a request id or timestamp may differ (register unknown-extra-fields),
      // and so may the query values of a URL signed on each answer (register list-get-consistency).
      const comparable = (json: unknown, status: number) =>
        status === 200 ? withoutUrlQueryValues(statedFields(json, `bodies/${operation}.response.json`)) : json;
      if (
        first.response.status === second.response.status &&
        first.isJson === second.isJson &&
        (first.isJson
          ? jsonEqual(comparable(first.json, first.response.status), comparable(second.json, second.response.status))
          : first.response.bodyText === second.response.bodyText)
      ) {
        judge.witness(evidence("first request", first));
        return;
      }
      judge.depart("repeatable-reads", "two identical requests got different answers.", {
        expected: `${describeAnswer(first)}: ${first.response.bodyText.slice(0, 200)}`,
        actual: `${describeAnswer(second)}: ${second.response.bodyText.slice(0, 200)}`,
        evidence: [evidence("first request", first), evidence("second request", second)],
      });
    },
  },
];
