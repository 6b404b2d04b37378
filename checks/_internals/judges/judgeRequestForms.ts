/**
 * Judges a valid request sent in one of its equivalent forms (issue 44 item 6): a null field, the
 * bearer scheme in another letter case, another spelling of a §5 header, or the body written with other
 * escapes. A refusal is traced to its cause (causeOfRefusal): a null field or the scheme's case is a
 * warning (registers null-request-fields, bearer-scheme-case); another header spelling refused is a
 * failure, since HTTP makes header names and media types case-insensitive and lets a media type carry
 * parameters (RFC 9110 §5.1, §8.3.1), and so are escapes refused, since a JSON string may write any
 * character escaped (RFC 8259 §7); a 5xx is a failure as always.
 */
import type { RequestHeaderForm } from "../../../contract/requestHeaderForms.js";
import { describeHeaderForm } from "../../../contract/requestHeaderForms.js";
import { validRequestForms } from "../../../generators/validRequestForms.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import type { ExampleVerdict } from "../requests/runProperty.js";
import { causeOfRefusal, type RefusalCause } from "./causeOfRefusal.js";
import { answered, describeAnswer, preview } from "./judgeExchange.js";
import { withWholePagination } from "./registerForRefusedValidRequest.js";

/** The register entry that lets a refusal for `cause` pass as a warning; a refused header form has none (a failure). */
const DEPARTURE_OF: Readonly<Record<RefusalCause, string | undefined>> = {
  escapes: undefined,
  "null-fields": "null-request-fields",
  "scheme-case": "bearer-scheme-case",
  "header-form": undefined,
};

/** What undoing `cause` means, for messages. */
const UNDONE: Readonly<Record<RefusalCause, string>> = {
  escapes: "the same body written as JSON.stringify writes it",
  "null-fields": "the same request without its null fields",
  "scheme-case": "the same request with the scheme written Bearer",
  "header-form": "the same request with the headers as §5 writes them",
};

/** Why a refused form is a failure, for the causes no register excuses. */
const WHY_FAILED: Readonly<Record<RefusalCause, string>> = {
  escapes:
    "a JSON string may write any character as a \\u escape, one beyond the BMP as a surrogate pair, and the solidus " +
    "as \\/; the value is the same (RFC 8259 §7)",
  "null-fields": "",
  "scheme-case": "",
  "header-form":
    "header names and media types are case-insensitive and a media type may carry parameters (RFC 9110 §5.1, §8.3.1)",
};

/**
 * Records a valid request refused for its form: a warning for a null field or the scheme's case,
 * else a failure (RFC 9110 §5.1, §8.3.1; RFC 8259 §7).
 */
export function judgeRefusedForm(
  judge: Judgement,
  label: string,
  refused: Exchange,
  cause: RefusalCause,
  served: Exchange,
): void {
  const status = refused.response?.status ?? 0;
  const servedStatus = served.response?.status ?? 0;
  const undone = servedStatus === 200 ? "served" : `answered ${servedStatus}`;
  const details = {
    expected: "200 (§4): the request in this form is a valid one",
    actual: `${describeAnswer(refused)}: ${preview(refused, 200)}; ${UNDONE[cause]} got ${servedStatus}`,
    evidence: [evidence(label, refused), evidence(`${label}, asked again as ${UNDONE[cause]}`, served)],
  };
  const register = DEPARTURE_OF[cause];
  if (register) {
    judge.depart(register, `${label} was refused with ${status}, ${UNDONE[cause]} ${undone}.`, details);
    return;
  }
  judge.fail(`${label} was refused with ${status}, ${UNDONE[cause]} ${undone}: ${WHY_FAILED[cause]}.`, details);
}

/** Sends each equivalent form of the basic request once (validRequestForms) and judges its answer. */
export async function judgeValidForms(context: CheckContext, basic: Record<string, unknown>): Promise<number> {
  const { operation, target, judge } = context;
  // Every form sent at once (none depends on another's answer), judged in order.
  const forms = validRequestForms(operation, basic).map((form) => ({
    ...form,
    sent: target.send(
      operation,
      form.text === undefined
        ? { json: form.body, headerForm: form.headerForm }
        : { raw: form.text, headerForm: form.headerForm },
    ),
  }));
  for (const { label: form, body, headerForm, text, sent } of forms) {
    const label = `basic request with ${form}`;
    const exchange = await sent;
    if (!answered(judge, label, exchange)) continue;
    const status = exchange.response.status;
    if (status === 200) continue;
    const finding =
      status >= 400 && status < 500
        ? await causeOfRefusal(target, operation, body, headerForm, status, text)
        : undefined;
    if (finding?.cause) {
      judgeRefusedForm(judge, label, exchange, finding.cause, finding.served);
      continue;
    }
    // A pagination left partial once its null field is read as absent: which fields are required is not shown (§4).
    const whole = finding ? withWholePagination(finding.body) : undefined;
    const retried = whole ? await target.send(operation, { json: whole }) : undefined;
    if (retried?.response?.status === 200)
      judge.depart("required-request-fields", `${label} was refused with ${status}, the whole pagination served.`, {
        expected: "200",
        actual: describeAnswer(exchange),
        evidence: [evidence(label, exchange), evidence("whole pagination", retried)],
      });
    else
      judge.fail(`${label} got ${describeAnswer(exchange)}.`, {
        expected: "200 (§4): the request in this form is a valid one",
        actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
        evidence: [evidence(label, exchange)],
      });
  }
  return forms.length;
}

/** The failing verdict of a generated request refused for the escapes of its text, served as JSON.stringify writes it. */
export function refusedEscapesVerdict(exchange: Exchange, served: Exchange): ExampleVerdict {
  return {
    ok: false,
    message: `a valid request written with escapes got ${exchange.response?.status ?? 0}, served as JSON.stringify writes it`,
    expected: `200 (§4; RFC 8259 §7: the same request written as JSON.stringify writes it got ${served.response?.status ?? 0})`,
    actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
    exchange,
  };
}

/** The failing verdict of a generated request refused for the spelling of its headers (judgeRefusedForm recorded it). */
export function refusedFormVerdict(exchange: Exchange, headers: RequestHeaderForm): ExampleVerdict {
  return {
    ok: false,
    message: `a valid request with ${describeHeaderForm(headers)} got ${exchange.response?.status ?? 0}, served with the headers as §5 writes them`,
    expected: "200 (§4, §5; RFC 9110 §5.1, §8.3.1: the same request as §5 writes it)",
    actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
    exchange,
  };
}
