/** Invalid requests get 400 (§7): malformed JSON, a body that is not an object, wrong field types. */
import { ALL_OPERATIONS, type OperationName } from "../../../contract/operations.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import type { Judgement } from "../../../runner/engine/Judgement.js";
import { answered } from "./_internals/judgeExchange.js";
import { judgeStatus } from "./_internals/judgeStatus.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { wrongTypeRequests } from "./_internals/wrongTypeRequests.js";

/** Sends one invalid request that must get 400, judging the status. */
async function expect400(
  target: TargetSession,
  judge: Judgement,
  operation: OperationName,
  label: string,
  body: { json: unknown } | { raw: string },
): Promise<void> {
  const exchange = await target.send(operation, body);
  if (answered(judge, label, exchange)) judgeStatus(judge, label, exchange, { accept: [400], expected: "400 with the §7 body: an invalid request (§7)" });
}

/** Checks of invalid requests. */
export const errorChecks: readonly CheckDefinition[] = [
  {
    id: "errors.malformed-json-400",
    title: "Malformed JSON and a body that is not an object get 400",
    rule: "An invalid request gets 400 (§7); every request body is a JSON object (§4).",
    family: "errors",
    specRefs: ["7", "4"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["invalid-field-status"],
    async run({ operation, target, judge }) {
      judge.applied("invalid-field-status");
      const cases: [string, { json: unknown } | { raw: string }][] = [
        ["malformed JSON (unterminated object)", { raw: '{"cms-conformance": ' }],
        ["malformed JSON (not JSON at all)", { raw: "cms-conformance: not json" }],
        ["a JSON array as the body", { json: [] }],
        ["a JSON string as the body", { json: "cms-conformance" }],
        ["a JSON number as the body", { json: 42 }],
      ];
      for (const [label, body] of cases) await expect400(target, judge, operation, label, body);
    },
  },
  {
    id: "errors.wrong-type-400",
    title: "A field of the wrong JSON type gets 400",
    rule: "A field filled incorrectly gets 400 (§7): a string where the schema has an integer or an array, a number where it has a string.",
    family: "errors",
    specRefs: ["7", "4"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["invalid-field-status"],
    async run({ operation, target, judge }) {
      judge.applied("invalid-field-status");
      const requests = await wrongTypeRequests(target, operation);
      for (const request of requests) await expect400(target, judge, operation, request.label, { json: request.body });
      judge.note(`${requests.length} wrong-type request(s) sent.`);
    },
  },
];
