/**
 * HTTP (§4, §5, §7): valid requests get 200, nothing gets a 5xx, invalid requests are refused,
 * and bodies are JSON. The property checks draw requests from the schema-driven generators.
 */
import fc from "fast-check";
import { ALL_OPERATIONS, operationSpec, type OperationName } from "../contract/operations.js";
import { validRequestArbitrary } from "../generators/validRequestArbitrary.js";
import { invalidRequestArbitrary, type InvalidRequest } from "../generators/invalidRequestArbitrary.js";
import type { CheckContext, CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered, describeAnswer, mediaType, preview } from "./_internals/judges/judgeExchange.js";
import {
  refusalPasses,
  registerForRefusedValidRequest,
  withWholePagination,
} from "./_internals/judges/registerForRefusedValidRequest.js";
import { runProperty, type ExampleVerdict } from "./_internals/requests/runProperty.js";
import { successfulRequestBody, wellFormedRequestBody } from "./_internals/requests/sampleRequests.js";
import { REQUIRED_CONTEXT } from "../generators/requestContext.js";
import type { Exchange } from "../runner/model/Exchange.js";
import { noAnswer, sendGenerated } from "./_internals/requests/generatedExamples.js";
import { sendAhead } from "./_internals/requests/sendAhead.js";
import type { RequestPriority } from "../runner/http/types.js";
import { onePerDerivation, withPlaceholderIds } from "./_internals/requests/onePerDerivation.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";
import { requestHeaderFormArbitrary } from "../generators/requestHeaderFormArbitrary.js";
import { describeHeaderForm, type RequestHeaderForm } from "../contract/requestHeaderForms.js";
import { causeOfRefusal } from "./_internals/judges/causeOfRefusal.js";
import {
  judgeRefusedForm,
  judgeValidForms,
  refusedEscapesVerdict,
  refusedFormVerdict,
} from "./_internals/judges/judgeRequestForms.js";
import {
  escapePlanArbitrary,
  escapesAnything,
  writeRequestText,
  type EscapePlan,
} from "../generators/escapedRequestText.js";
import { idField, unknownId } from "./_internals/requests/itemTargets.js";

/** The generators' valid requests for an operation, or why there are none. */
async function validRequests(context: CheckContext): Promise<fc.Arbitrary<Record<string, unknown>> | string> {
  const requestContext = await knowledgeOf(context.target).requestContext();
  const needed = REQUIRED_CONTEXT[context.operation];
  if (needed && (requestContext[needed]?.length ?? 0) === 0) {
    return needed === "widgetIds"
      ? "the widget listing returned no ids to read"
      : "no analytic ids are configured (--analytic-id)";
  }
  return validRequestArbitrary(context.operation, requestContext);
}

/** totalElements of a listing, for telling a page past the end from a refused valid request. */
async function totalOf(context: CheckContext, operation: OperationName): Promise<number | undefined> {
  if (!operationSpec(operation).listField) return undefined;
  return (await knowledgeOf(context.target).listing(operation)).totalElements;
}

/** A generated valid request: its body, the spelling of its headers and how its strings are escaped (RFC 8259 §7). */
interface GeneratedValidRequest {
  readonly body: Record<string, unknown>;
  readonly headers: RequestHeaderForm;
  readonly escapes: EscapePlan;
}

/**
 * Judges one generated valid request (§4) and the answer it got: 200 passes; a refusal caused by a header form fails the
 * example, one caused by a null field or the scheme's case departs; a partial pagination refused
 * while the whole one is served, or a refusal a register entry explains, departs; anything else fails.
 */
async function judgeGeneratedValidRequest(
  context: CheckContext,
  total: number | undefined,
  { body: sent, headers, escapes }: GeneratedValidRequest,
  exchange: Exchange,
): Promise<ExampleVerdict> {
  const { operation, target, judge } = context;
  const missing = noAnswer(exchange);
  if (missing) return missing;
  const status = exchange.response?.status ?? 0;
  if (status === 200) return { ok: true };
  let body = sent;
  if (status >= 400 && status < 500) {
    const text = escapesAnything(escapes) ? exchange.request.body : undefined;
    const finding = await causeOfRefusal(target, operation, sent, headers, status, text);
    // A header form or escapes refused is a failing example (shrunk by runProperty); a null field or the scheme's case a warning.
    if (finding.cause === "escapes") return refusedEscapesVerdict(exchange, finding.served);
    if (finding.cause === "header-form") return refusedFormVerdict(exchange, headers);
    if (finding.cause) {
      const label = `a valid request with ${describeHeaderForm(headers)}: ${JSON.stringify(sent).slice(0, 200)}`;
      judgeRefusedForm(judge, label, exchange, finding.cause, finding.served);
      return { ok: true };
    }
    body = finding.body;
  }
  const whole = status >= 400 && status < 500 ? withWholePagination(body) : undefined;
  if (whole) {
    // A partial pagination refused while the whole one is served: §4 does not say which fields are required.
    const retried = await target.send(operation, { json: whole });
    if (retried.response?.status === 200) {
      judge.depart(
        "required-request-fields",
        `a pagination without pageNumber or pageSize was refused with ${status}, the whole one served: ${JSON.stringify(body).slice(0, 200)}`,
        {
          expected: "200",
          actual: describeAnswer(exchange),
          evidence: [evidence("refused partial pagination", exchange), evidence("whole pagination", retried)],
        },
      );
      return { ok: true };
    }
  }
  const register = status >= 400 && status < 500 ? registerForRefusedValidRequest(operation, body, total) : undefined;
  if (refusalPasses(register, status)) {
    judge.applied(register as string);
    return { ok: true };
  }
  if (register) {
    judge.depart(register, `a valid request was refused with ${status}: ${JSON.stringify(body).slice(0, 200)}`, {
      expected: "200",
      actual: describeAnswer(exchange),
      evidence: [evidence("refused valid request", exchange)],
    });
    return { ok: true };
  }
  return {
    ok: false,
    message: `a valid request got ${status}`,
    expected: "200 (§4)",
    actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
    exchange,
  };
}

/** Checks of the http family. */
export const httpChecks: readonly CheckDefinition[] = [
  {
    id: "http.valid-request-ok",
    title: "Valid requests get 200",
    rule:
      "A valid request gets 200 with its §4 response; 400 is for invalid requests (§7). Valid in every " +
      "form: each optional field absent, present or null, and the §5 headers in every equivalent spelling " +
      "(header names in any letter case, a charset on Content-Type, an Accept that holds " +
      "application/json), and the body's strings and member names written with any escape JSON allows " +
      "(\\u escapes in either case of hex, surrogate pairs beyond the BMP, \\/, characters beyond the BMP " +
      "written as themselves, and mixes of these). A null field refused with 400 passes (§2: a string is a JSON " +
      "string, and null is none), refused otherwise it is a warning, as is the bearer scheme in another case " +
      "refused or an empty searchValue refused (registers null-request-fields, bearer-scheme-case, " +
      "empty-search-value); any other form refused is a failure, since HTTP makes header names and media types " +
      "case-insensitive and lets a media type carry parameters (RFC 9110 §5.1, §8.3.1) and a JSON string " +
      "escaped is the same string (RFC 8259 §7).",
    family: "http",
    specRefs: ["4", "7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: [
      "max-page-size",
      "large-page-numbers",
      "page-past-end",
      "payload-size-limit",
      "search-special-characters",
      "required-request-fields",
      "role-filter-edge-requests",
      "null-request-fields",
      "bearer-scheme-case",
      "empty-search-value",
    ],
    async run(context) {
      const { operation, target, judge } = context;
      const basic = await successfulRequestBody(target, operation);
      let forms = 0;
      if (basic) {
        const label = `basic request ${JSON.stringify(basic)}`;
        const exchange = await target.send(operation, { json: basic });
        if (answered(judge, label, exchange)) {
          if (exchange.response.status === 200) judge.witness(evidence(label, exchange));
          else
            judge.fail(`${label} got ${describeAnswer(exchange)}.`, {
              expected: "200",
              actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
              evidence: [evidence(label, exchange)],
            });
        }
        forms = await judgeValidForms(context, basic, exchange.response?.status === 200 ? exchange : undefined);
      }
      const bodies = await validRequests(context);
      if (typeof bodies === "string") return basic ? undefined : judge.skip(bodies);
      // Each body written with the escapes its plan draws (RFC 8259 §7): the exchange shows the text as sent.
      const arbitrary = fc.record({
        body: bodies,
        headers: requestHeaderFormArbitrary(),
        escapes: escapePlanArbitrary(),
      });
      const total = await totalOf(context, operation);
      const ahead = sendAhead((value: GeneratedValidRequest, priority?: RequestPriority) =>
        target.send(operation, {
          raw: writeRequestText(value.body, value.escapes),
          headerForm: value.headers,
          ...(priority ? { priority } : {}),
        }),
      );
      const numRuns = await runProperty(
        judge,
        "generated valid request",
        arbitrary,
        async (example) => judgeGeneratedValidRequest(context, total, example, await ahead.send(example)),
        { seed: context.seed, numRuns: target.settings.maxExamples, sendAhead: ahead },
      );
      judge.note(
        `${numRuns} generated valid request(s) answered 200${basic ? `, and the basic request in ${forms + 1} form(s) (null fields, header spellings)` : ""}.`,
      );
    },
  },
  {
    id: "http.no-server-error",
    title: "No request, valid or invalid, gets a 5xx",
    rule: "Errors are the 4xx of §7; a server error is never a conforming answer.",
    family: "http",
    specRefs: ["7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: [],
    async run(context) {
      const { operation, target, judge } = context;
      const valid = await validRequests(context);
      const invalidContext = withPlaceholderIds(await knowledgeOf(target).requestContext());
      // One request per derivation, all sent at once (none depends on another's answer), judged in order.
      const derived = (await onePerDerivation(context)).map((request) => ({
        request,
        sent: sendGenerated(context, request),
      }));
      for (const { request, sent } of derived) {
        const rule = request.rule;
        const exchange = await sent;
        const status = exchange.response?.status ?? 0;
        if (status >= 500) {
          judge.fail(`the invalid request ${rule} (${request.description}) got ${status}.`, {
            expected: "a status below 500 (§7)",
            actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
            evidence: [evidence(rule, exchange)],
          });
        }
      }
      const invalid = invalidRequestArbitrary(operation, invalidContext);
      const arbitrary: fc.Arbitrary<InvalidRequest | { body: { json: unknown }; headerForm: RequestHeaderForm }> =
        typeof valid === "string"
          ? invalid
          : fc.oneof(
              fc
                .record({ json: valid, headerForm: requestHeaderFormArbitrary() })
                .map(({ json, headerForm }) => ({ body: { json }, headerForm })),
              invalid,
            );
      const ahead = sendAhead(
        (
          request: InvalidRequest | { body: { json: unknown }; headerForm: RequestHeaderForm },
          priority?: RequestPriority,
        ) => sendGenerated(context, request, priority),
      );
      const numRuns = await runProperty(
        judge,
        "generated request",
        arbitrary,
        async (request) => {
          const exchange = await ahead.send(request);
          const missing = noAnswer(exchange);
          if (missing) return missing;
          const status = exchange.response?.status ?? 0;
          if (status < 500) return { ok: true };
          return {
            ok: false,
            message: `got ${status}${"rule" in request ? ` for an invalid request (${request.rule})` : " for a valid request"}`,
            expected: "a status below 500 (§7)",
            actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
            exchange,
          };
        },
        { seed: context.seed, numRuns: target.settings.maxExamples * 2, sendAhead: ahead },
      );
      judge.note(`${numRuns} generated request(s), none got a 5xx.`);
    },
  },
  {
    id: "http.json-content-type",
    title: "Every answer with a body is application/json",
    rule:
      "All operations return JSON (§4) and §7 gives their error answers JSON bodies; clients send Accept: " +
      "application/json (§5). Judged on a well-formed request, malformed JSON, a request without a token " +
      "and, for getAnalytic and getWidget, a well-formed id that does not exist (404).",
    family: "http",
    specRefs: ["4", "5"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["response-content-type", "forbidden-body"],
    async run({ operation, target, judge }) {
      judge.applied("response-content-type");
      const body = await wellFormedRequestBody(target, operation);
      const probes: [string, Promise<Exchange>][] = [
        ["well-formed request", target.send(operation, { json: body })],
        ["malformed JSON", target.send(operation, { raw: '{"cms-conformance": ' })],
      ];
      if (operationSpec(operation).requiresBearer)
        probes.push(["request without a token", target.send(operation, { caller: "no-token", json: body })]);
      // §4.3, §4.4 and §7 give the 404 of an unknown id a body: it must be JSON like every other answer.
      if (operation === "getWidget" || operation === "getAnalytic") {
        const id = await unknownId(target, operation);
        probes.push([`unknown id ${id}`, target.send(operation, { json: { [idField(operation)]: id } })]);
      }
      for (const [label, pending] of probes) {
        const exchange = await pending;
        if (!answered(judge, label, exchange)) continue;
        const status = exchange.response.status;
        if (status === 403 || exchange.response.bodyText.length === 0) continue; // register forbidden-body; no body to type
        const type = mediaType(exchange);
        if (type === "application/json") {
          judge.witness(evidence(label, exchange));
          continue;
        }
        // A structured-syntax JSON type (RFC 6839: application/problem+json …) on an error is still JSON: a departure.
        if (status >= 400 && /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.-]+\+json$/.test(type)) {
          judge.depart("response-content-type", `${label} (${status}) was answered as ${JSON.stringify(type)}.`, {
            expected: "Content-Type: application/json (§4; register response-content-type)",
            actual: `Content-Type: ${type}`,
            evidence: [evidence(label, exchange)],
          });
          continue;
        }
        judge.fail(`${label} (${status}) was answered as ${JSON.stringify(type || "no Content-Type")}.`, {
          expected: "Content-Type: application/json (§4)",
          actual: `Content-Type: ${type || "(absent)"}`,
          evidence: [evidence(label, exchange)],
        });
      }
    },
  },
];
