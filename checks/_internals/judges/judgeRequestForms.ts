/**
 * Judges a valid request sent in one of its equivalent forms (issue 44 item 6): a null field, the
 * bearer scheme in another letter case, another spelling of a §5 header, or the body written with other
 * escapes. A refusal is traced to its cause (causeOfRefusal): a null field refused with 400 passes, refused
 * otherwise or the scheme's case refused is a warning (registers null-request-fields, bearer-scheme-case);
 * another header spelling refused is a failure, since HTTP makes header names and media types
 * case-insensitive and lets a media type carry parameters (RFC 9110 §5.1, §8.3.1), and so are escapes
 * refused, since a JSON string may write any character escaped (RFC 8259 §7); a 5xx is a failure as always.
 */
import type { RequestHeaderForm } from "../../../contract/requestHeaderForms.js";
import { describeHeaderForm, isCanonicalHeaderForm } from "../../../contract/requestHeaderForms.js";
import { nullFieldsOf } from "../../../generators/nullRequestFields.js";
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
 * Records a valid request refused for its form: a null field refused with 400 passes (§2: a string is a
 * JSON string, and null is none; §7's 400 for a field filled incorrectly), another refusal of a null
 * field or of the scheme's case is a warning, any other form refused a failure (RFC 9110 §5.1, §8.3.1;
 * RFC 8259 §7). `undone` says what `served` is when it is not UNDONE[cause] (the basic request the form was made from).
 */
export function judgeRefusedForm(
  judge: Judgement,
  label: string,
  refused: Exchange,
  cause: RefusalCause,
  served: Exchange,
  undone: string = UNDONE[cause],
): void {
  const status = refused.response?.status ?? 0;
  if (cause === "null-fields" && status === 400) {
    // register null-request-fields: null refused as no value of the field's type is a reading the text allows.
    judge.applied("null-request-fields");
    judge.witness(evidence(label, refused));
    return;
  }
  const servedStatus = served.response?.status ?? 0;
  const outcome = servedStatus === 200 ? "served" : `answered ${servedStatus}`;
  const details = {
    expected: "200 (§4), or for a null field 400 (§7): the request in this form is a valid one",
    actual: `${describeAnswer(refused)}: ${preview(refused, 200)}; ${undone} got ${servedStatus}`,
    evidence: [evidence(label, refused), evidence(`${label}, asked again as ${undone}`, served)],
  };
  const register = DEPARTURE_OF[cause];
  if (register) {
    judge.depart(register, `${label} was refused with ${status}, ${undone} ${outcome}.`, details);
    return;
  }
  judge.fail(`${label} was refused with ${status}, ${undone} ${outcome}: ${WHY_FAILED[cause]}.`, details);
}

/**
 * Sends each equivalent form of the basic request once (validRequestForms) and judges its answer;
 * `basicServed` is the basic request's answer when it got 200.
 */
export async function judgeValidForms(
  context: CheckContext,
  basic: Record<string, unknown>,
  basicServed?: Exchange,
): Promise<number> {
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
    // The basic request served, its form with a null field refused: the null is all that differs, whatever the
    // request without the field gets (a target may require it: which fields are required is not shown, §4).
    if (finding && basicServed && nullFieldsOf(body).length > 0 && isCanonicalHeaderForm(headerForm)) {
      judgeRefusedForm(judge, label, exchange, "null-fields", basicServed, "the basic request");
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
