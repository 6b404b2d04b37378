/**
 * Errors (§7): invalid requests get 400, unknown ids 404, and every error body has its §7 shape
 * (400/404: message, errorCode, reason, domain, service; 401: error, error_description).
 */
import { ALL_OPERATIONS, operationSpec, type OperationName } from "../contract/operations.js";
import { formatSchemaIssue } from "../contract/schemaIssue.js";
import { validateBody } from "../contract/validators.js";
import { invalidRequestArbitrary, type InvalidRequest } from "../generators/invalidRequestArbitrary.js";
import { REQUIRED_CONTEXT } from "../generators/requestContext.js";
import type { Exchange } from "../runner/model/Exchange.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../runner/engine/Judgement.js";
import { answered, describeAnswer, judgeBody, preview } from "./_internals/judges/judgeExchange.js";
import { READS } from "./_internals/judges/forEachRead.js";
import { noAnswer, sendGenerated } from "./_internals/requests/generatedExamples.js";
import { sendAhead } from "./_internals/requests/sendAhead.js";
import type { RequestPriority } from "../runner/http/types.js";
import { asReadOperation, idField, unknownId } from "./_internals/requests/itemTargets.js";
import { runProperty } from "./_internals/requests/runProperty.js";
import { wellFormedRequestBody } from "./_internals/requests/sampleRequests.js";
import { judgeStatus } from "./_internals/judges/judgeStatus.js";
import type { TargetSession } from "../runner/engine/TargetSession.js";
import { onePerDerivation } from "./_internals/requests/onePerDerivation.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";
import { judgeNearMissIds } from "./_internals/judges/judgeNearMissIds.js";

/** A derivation of a JSON value of the wrong type: another type, or a number as text or with a fraction where §2 says integer. */
function isWrongType(rule: string): boolean {
  return rule.includes(":wrong-type-") || rule.endsWith(":numeric-text") || rule.endsWith(":fractional");
}

/** Sends one invalid request that must get 400, judging the status. */
async function expect400(
  target: TargetSession,
  judge: Judgement,
  operation: OperationName,
  label: string,
  body: { json: unknown } | { raw: string },
): Promise<void> {
  const exchange = await target.send(operation, body);
  if (answered(judge, label, exchange))
    judgeStatus(judge, label, exchange, { accept: [400], expected: "400 with the §7 body: an invalid request (§7)" });
}

/** Checks of the errors family. */
export const errorsChecks: readonly CheckDefinition[] = [
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
    rule:
      "A field filled incorrectly gets 400 (§7): a string where the schema has an integer or an array, a number " +
      "where it has a string, and, since §2's integer is a JSON number without fraction, a number sent as its " +
      'own text ("1") or with a fraction (1.5) where it has an integer, though lenient JSON mappers coerce them ' +
      "(register numeric-coercion).",
    family: "errors",
    specRefs: ["7", "4"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["invalid-field-status", "numeric-coercion"],
    async run(context) {
      const { operation, target, judge } = context;
      judge.applied("invalid-field-status");
      const requests = await onePerDerivation(context, isWrongType);
      if (requests.some((request) => request.registerEntry === "numeric-coercion")) judge.applied("numeric-coercion");
      for (const request of requests) await expect400(target, judge, operation, request.description, request.body);
      judge.note(`${requests.length} wrong-type request(s) sent.`);
    },
  },
  {
    id: "errors.invalid-request-rejected",
    title: "Requests that break one rule of the request schema are refused",
    rule: "An invalid request, with required parameters missing or a field filled incorrectly, gets 400 (§7).",
    family: "errors",
    specRefs: ["7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: [
      "invalid-field-status",
      "numeric-coercion",
      "required-request-fields",
      "malformed-widget-id",
      "malformed-analytic-id",
    ],
    async run(context) {
      const { operation, target, judge } = context;
      const requestContext = await knowledgeOf(target).requestContext();
      const needed = REQUIRED_CONTEXT[operation];
      if (needed && (requestContext[needed]?.length ?? 0) === 0) {
        return judge.skip(
          needed === "widgetIds"
            ? "the widget listing returned no ids to build requests from"
            : "no analytic ids are configured (--analytic-id)",
        );
      }
      const arbitrary = invalidRequestArbitrary(operation, requestContext);
      const ahead = sendAhead((request: InvalidRequest, priority?: RequestPriority) =>
        sendGenerated(context, request, priority),
      );
      const numRuns = await runProperty(
        judge,
        "generated invalid request",
        arbitrary,
        async (request) => {
          const exchange = await ahead.send(request);
          const missing = noAnswer(exchange);
          if (missing) return missing;
          const status = exchange.response?.status ?? 0;
          const accepted = request.expectation === "400-or-404" ? status === 400 || status === 404 : status === 400;
          if (accepted) return { ok: true };
          const message = `${request.rule} (${request.description}) got ${status}`;
          // A 2xx for a missing or malformed id serves a request that names no component: a failure (registers
          // required-request-fields, malformed-widget-id, malformed-analytic-id).
          const served = request.expectation === "400-or-404" && status < 300;
          if (status < 500 && request.expectation !== "must-400" && !served) {
            judge.depart(request.registerEntry, message, {
              expected: request.expectation === "400-or-404" ? "400 or 404" : "400",
              actual: describeAnswer(exchange),
              evidence: [evidence(request.rule, exchange)],
            });
            return { ok: true };
          }
          return {
            ok: false,
            message,
            expected: `400 (§7; register ${request.registerEntry})`,
            actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
            exchange,
          };
        },
        { seed: context.seed, numRuns: target.settings.maxExamples, sendAhead: ahead },
      );
      judge.note(`${numRuns} generated invalid request(s) judged.`);
    },
  },
  {
    id: "errors.error-body",
    title: "Every 400 and 404 body has its §7 shape",
    rule:
      "400: message, errorCode, reason BAD_REQUEST, domain platform, service cms (getRoleFilters: " +
      "errorCode getRoleFiltersResponse, service authorization). 404: the same with reason " +
      "OBJECT_NOT_FOUND (§7). Each of the five fields is present (§7's table lists them; register " +
      "required-response-fields); a renamed one fails. Judged on every kind of invalid request the suite " +
      "sends: malformed JSON, a body that is no object, a field of the wrong type, a missing id, a " +
      "malformed id, an invalid page, an unknown id.",
    family: "errors",
    specRefs: ["7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["required-response-fields"],
    async run(context) {
      const { operation, target, judge } = context;
      const spec = operationSpec(operation);
      const probes: { label: string; send: () => Promise<Exchange> }[] = [
        { label: "malformed JSON", send: () => target.send(operation, { raw: '{"cms-conformance": ' }) },
        { label: "a body that is a JSON array", send: () => target.send(operation, { raw: "[]" }) },
      ];
      // One request of each wrong-type derivation errors.wrong-type-400 sends: a framework's own validation answers these.
      for (const request of (await onePerDerivation(context, (rule) => rule.includes(":wrong-type-"))).slice(0, 2))
        probes.push({ label: request.description, send: () => target.send(operation, request.body) });
      if (operation === "getWidget" || operation === "getAnalytic") {
        const id = await unknownId(target, operation);
        probes.push(
          { label: `unknown id ${id}`, send: () => target.send(operation, { json: { [idField(operation)]: id } }) },
          { label: "an empty body {} (no id)", send: () => target.send(operation, { json: {} }) },
          {
            label: 'the malformed id "cms-conformance-not-a-uri"',
            send: () => target.send(operation, { json: { [idField(operation)]: "cms-conformance-not-a-uri" } }),
          },
        );
      }
      if (spec.listField)
        probes.push({
          label: "pagination with pageNumber -1",
          send: () => target.send(operation, { json: { pagination: { pageNumber: -1, pageSize: 10 } } }),
        });
      let judged = 0;
      for (const probe of probes) {
        const exchange = await probe.send();
        if (!answered(judge, probe.label, exchange)) continue;
        const status = exchange.response.status;
        const body =
          status === 400
            ? spec.badRequestBody
            : status === 404 && spec.area === "cms"
              ? "error.cms.notFound"
              : undefined;
        if (!body) continue;
        judged += 1;
        judgeBody(judge, `${probe.label} → ${status}`, exchange, body, "7");
      }
      if (judged === 0)
        judge.skip(
          "no request of this check got a 400 or 404 to judge (see errors.malformed-json-400 and errors.unknown-id-404).",
        );
      else
        judge.note(
          `${judged} error bod${judged === 1 ? "y" : "ies"} of ${probes.length} kinds of invalid request judged.`,
        );
    },
  },
  {
    id: "errors.unauthorized-body",
    title: "A 401 carries the §7 body { error, error_description }",
    rule:
      "The 401 body of the content management operations has both error_description (string) and error " +
      "(string code) (§7; register required-response-fields), whatever made the credentials invalid: no " +
      "token, an unknown token, a token one character off, a client_id the target never issued; " +
      "getRoleFilters' 401 body is not shown.",
    family: "errors",
    specRefs: ["7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["role-filters-401-body", "required-response-fields"],
    async run({ operation, target, judge }) {
      const body = await wellFormedRequestBody(target, operation);
      const callers =
        operation === "getRoleFilters"
          ? (["no-client-id", "client-id-changed", "invalid-token", "no-token"] as const)
          : (["no-token", "invalid-token", "token-changed", "client-id-changed"] as const);
      let judged = 0;
      for (const caller of callers) {
        const label = `request as ${caller}`;
        const exchange = await target.send(operation, { caller, json: body });
        if (exchange.response?.status !== 401) continue;
        if (!answered(judge, label, exchange)) continue;
        judged += 1;
        if (operation !== "getRoleFilters") {
          judgeBody(judge, label, exchange, "error.unauthorized", "7");
          continue;
        }
        // register role-filters-401-body: the cms shape is expected; any other body is a departure.
        judge.applied("role-filters-401-body");
        const issues = exchange.isJson ? validateBody("error.unauthorized", exchange.json).stated : [];
        if (!exchange.isJson || issues.length > 0) {
          judge.depart("role-filters-401-body", `${label}: the 401 body is not the content management 401 shape.`, {
            expected: "{ error, error_description } as for the content management operations",
            actual: exchange.isJson ? issues.map(formatSchemaIssue).join("; ") : preview(exchange),
            evidence: [evidence(label, exchange)],
          });
        } else {
          judge.witness(evidence(label, exchange));
        }
      }
      if (judged === 0)
        judge.skip(
          "the target answered none of the suite's unauthenticated requests with 401, so there is no 401 body to judge (see the auth.* checks).",
        );
      else judge.note(`${judged} 401 bod${judged === 1 ? "y" : "ies"} judged.`);
    },
  },
  {
    id: "errors.unknown-id-404",
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
      judgeStatus(judge, label, exchange, {
        accept: [404],
        expected: "404 with reason OBJECT_NOT_FOUND (§4.3, §4.4, §7)",
      });
    },
  },
  {
    id: "errors.near-miss-id-404",
    title: "A real id cut short, without its last segment or in another letter case gets 404",
    rule:
      "getAnalytic and getWidget read the item of the identifier sent (§4.3, §4.4) and answer 404 when it does " +
      "not exist (§7): a known id cut short, without its last path segment, or with its path in another " +
      "letter case (only a URI's scheme and host are case-insensitive, RFC 3986 §6.2.2.1), that is not itself " +
      "a listed id, gets 404. The real item served for it (a lookup by prefix or without case) fails.",
    family: "errors",
    specRefs: ["4.3", "4.4", "7"],
    level: "MUST",
    operations: READS,
    registerRefs: ["near-miss-ids"],
    run: judgeNearMissIds,
  },
  {
    id: "errors.malformed-id-refused",
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
      for (const malformed of [
        "cms-conformance-not-a-uri",
        read === "getWidget" ? "widget:/missing-slash" : "analytic://no-identifier",
      ]) {
        const label = `${operation} of the malformed id ${JSON.stringify(malformed)}`;
        const exchange = await target.send(operation, { json: { [idField(read)]: malformed } });
        if (!answered(judge, label, exchange)) continue;
        judgeStatus(judge, label, exchange, {
          accept: [400, 404],
          expected: `400 or 404 (§7; register ${register})`,
          register,
        });
      }
    },
  },
  {
    id: "errors.missing-id-400",
    title: "A read without its identifier gets 400 or 404",
    rule:
      "getAnalytic reads the analytic of the identifier sent (§4.3) and getWidget the widget found by its " +
      "identifier (§4.4): a request without it is refused with 400 (§7, required parameters missing) or, since " +
      "which request fields are required is not shown (§4), answered 404 as asking for no component that " +
      "exists (§4.3, §4.4, §7). Another 4xx is a warning; a 2xx or a 5xx fails (register required-request-fields).",
    family: "errors",
    specRefs: ["7"],
    level: "MUST",
    operations: READS,
    registerRefs: ["required-request-fields"],
    async run({ operation, target, judge }) {
      const label = `${operation} with an empty body {}`;
      // Stryker disable next-line ObjectLiteral: the session sends {} when given no body; written out, it says so (proof: missingIdBody.equivalence.test.ts)
      const exchange = await target.send(operation, { json: {} });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, {
        accept: [400, 404],
        expected:
          "400 (§7: required parameters missing) or 404 (§4.3, §4.4: no such component; register required-request-fields)",
        register: "required-request-fields",
      });
    },
  },
];
