/** Single-item reads (§4.3 getAnalytic, §4.4 getWidget): shape, ids, and the 404/400 paths. */
import { getSchemaProperties } from "./_internals/schemaProperties.js";
import type { CheckContext, CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { answered, preview } from "./_internals/judgeExchange.js";
import { judgeStatus } from "./_internals/judgeStatus.js";
import { isJsonObject } from "./_internals/json.js";
import { asReadOperation, idField, knownIds, noIdsReason, unknownId } from "./_internals/itemTargets.js";

const READS = ["getWidget", "getAnalytic"] as const;
const SAMPLE = 10;

/** Reads up to SAMPLE known ids as the admin and hands each 200 to `judgeOne`. */
async function forEachRead(
  { operation, target, judge }: CheckContext,
  judgeOne: (id: string, body: unknown, label: string, exchange: Parameters<typeof evidence>[1]) => void,
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

/** Checks of single-item reads. */
export const getChecks: readonly CheckDefinition[] = [
  {
    id: "get.widget-not-wrapped",
    title: "getWidget answers with the widget itself, not wrapped in a field",
    rule: "Response 200 of getWidget is a Widget object as the body itself, not wrapped in a field (§4.4).",
    family: "schema",
    specRefs: ["4.4", "2.1"],
    level: "MUST",
    operations: ["getWidget"],
    registerRefs: [],
    async run(context) {
      const widgetFields = getSchemaProperties("components/Widget.json");
      await forEachRead(context, (_id, body, label, exchange) => {
        if (!isJsonObject(body)) return;
        const topLevelWidgetFields = Object.keys(body).filter((key) => widgetFields.has(key));
        const wrapper = Object.entries(body).find(([, value]) => isJsonObject(value) && Object.keys(value).some((key) => widgetFields.has(key)));
        if (topLevelWidgetFields.length === 0 && wrapper) {
          context.judge.fail(`${label}: the widget is wrapped in the field "${wrapper[0]}".`, {
            expected: `the Widget fields (${[...widgetFields].join(", ")}) at the top level of the body (§4.4)`,
            actual: preview(exchange),
            evidence: [evidence(label, exchange)],
          });
        } else {
          context.judge.witness(evidence(label, exchange));
        }
      });
    },
  },
  {
    id: "get.analytic-wrapped",
    title: "getAnalytic answers with { analytic: … }",
    rule: "Response 200 of getAnalytic is an object whose field analytic holds the Analytic (§4.3).",
    family: "schema",
    specRefs: ["4.3", "2.5"],
    level: "MUST",
    operations: ["getAnalytic"],
    registerRefs: [],
    async run(context) {
      await forEachRead(context, (_id, body, label, exchange) => {
        if (isJsonObject(body) && isJsonObject(body.analytic)) return context.judge.witness(evidence(label, exchange));
        context.judge.fail(`${label}: the body has no object field "analytic".`, {
          expected: "{ analytic: { … } } (§4.3)",
          actual: preview(exchange),
          evidence: [evidence(label, exchange)],
        });
      });
    },
  },
  {
    id: "get.id-echoes-request",
    title: "A read returns the item that was asked for",
    rule: "getWidget returns the widget found by its identifier (§4.4); getAnalytic the analytic of the identifier (§4.3): the returned id is the requested one.",
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
          context.judge.depart("required-response-fields", `${label}: the returned item has no id to compare.`, {
            expected: `id ${id}`,
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
    id: "get.unknown-id-404",
    title: "A well-formed id that does not exist gets 404",
    rule: "getAnalytic and getWidget answer 404 when the item does not exist (§4.3, §4.4, §7).",
    family: "errors",
    specRefs: ["4.3", "4.4", "7"],
    level: "MUST",
    operations: READS,
    registerRefs: [],
    async run({ operation, target, judge }) {
      const read = asReadOperation(operation);
      const id = await unknownId(target, read);
      const label = `${operation} of a well-formed id that does not exist (${id})`;
      const exchange = await target.send(operation, { json: { [idField(read)]: id } });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, { accept: [404], expected: "404 with reason OBJECT_NOT_FOUND (§4.3, §4.4, §7)" });
    },
  },
  {
    id: "get.malformed-id-refused",
    title: "An id that is not in the URI format gets 400 or 404",
    rule: "A field filled incorrectly gets 400 (§7); an item that does not exist gets 404 (§4.3, §4.4).",
    family: "errors",
    specRefs: ["4.3", "4.4", "7"],
    level: "MUST",
    operations: READS,
    registerRefs: ["malformed-widget-id", "malformed-analytic-id"],
    async run({ operation, target, judge }) {
      const read = asReadOperation(operation);
      const register = read === "getWidget" ? "malformed-widget-id" : "malformed-analytic-id";
      for (const malformed of ["cms-conformance-not-a-uri", read === "getWidget" ? "widget:/missing-slash" : "analytic://no-identifier"]) {
        const label = `${operation} of the malformed id ${JSON.stringify(malformed)}`;
        const exchange = await target.send(operation, { json: { [idField(read)]: malformed } });
        if (!answered(judge, label, exchange)) continue;
        judgeStatus(judge, label, exchange, { accept: [400, 404], expected: `400 or 404 (§7; register ${register})`, register });
      }
    },
  },
  {
    id: "get.missing-id-400",
    title: "A read without its identifier gets 400",
    rule: "Required parameters missing get 400 (§7); a read cannot answer without the id of what to read.",
    family: "errors",
    specRefs: ["7"],
    level: "SHOULD",
    operations: READS,
    registerRefs: ["required-request-fields"],
    async run({ operation, target, judge }) {
      const label = `${operation} with an empty body {}`;
      const exchange = await target.send(operation, { json: {} });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, { accept: [400], expected: "400 (§7; register required-request-fields)", register: "required-request-fields", success: "departure" });
    },
  },
];
