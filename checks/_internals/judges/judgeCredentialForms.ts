/**
 * Judges the configured credentials sent in other forms (§5): those §5 does not define must be
 * refused, the bearer scheme in another letter case must be served (RFC 9110 §11.1). Each form is
 * sent once, with a body the configured user is served, so that only the form can explain a refusal.
 */
import type { OperationName } from "../../../contract/operations.js";
import { evidence, type Judgement } from "../../../runner/engine/Judgement.js";
import { CREDENTIAL_FORM_LABELS, type CredentialForm } from "../../../runner/engine/credentialForms.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import { successfulRequestBody } from "../requests/sampleRequests.js";
import { answered, describeAnswer, preview } from "./judgeExchange.js";
import { judgeStatus } from "./judgeStatus.js";

/** Why a form cannot be judged on this operation: nothing the configured user is served is known. */
function noServedBody(operation: OperationName): string {
  return operation === "getAnalytic"
    ? "no analytic ids are configured (--analytic-id), so no request the target serves is known to carry the credentials in"
    : "the widget listing returned no ids, so no getWidget request the target serves is known to carry the credentials in";
}

/** Sends each form once; each must get 401 or 400 (register credential-form-status), never a 2xx. */
export async function judgeFormsRefused(
  target: TargetSession,
  operation: OperationName,
  judge: Judgement,
  forms: readonly CredentialForm[],
): Promise<void> {
  const body = await successfulRequestBody(target, operation);
  if (body === undefined) return judge.skip(noServedBody(operation));
  for (const form of forms) {
    const label = `request with ${CREDENTIAL_FORM_LABELS[form]}`;
    const exchange = await target.send(operation, { form, json: body });
    if (!answered(judge, label, exchange)) continue;
    judgeStatus(judge, label, exchange, {
      accept: [400, 401],
      expected:
        "401 (the credentials in a form §5 does not define are no valid credentials, §5, §7) or 400 (a malformed request, §7); register credential-form-status",
      register: "credential-form-status",
    });
  }
  judge.note(`${forms.length} credential forms §5 does not define refused.`);
}

/**
 * Sends each letter case of the scheme once; a 2xx passes. Anything else departs from register
 * bearer-scheme-case, unless the same request with "Bearer" is not served either (then the body,
 * not the scheme, is what the target refuses, and nothing is judged).
 */
export async function judgeBearerCaseAccepted(
  target: TargetSession,
  operation: OperationName,
  judge: Judgement,
  forms: readonly CredentialForm[],
): Promise<void> {
  const body = await successfulRequestBody(target, operation);
  if (body === undefined) return judge.skip(noServedBody(operation));
  judge.applied("bearer-scheme-case");
  for (const form of forms) {
    const label = `request with ${CREDENTIAL_FORM_LABELS[form]}`;
    const exchange = await target.send(operation, { form, json: body });
    if (!answered(judge, label, exchange)) continue;
    const status = exchange.response.status;
    if (status >= 200 && status < 300) {
      judge.witness(evidence(label, exchange));
      continue;
    }
    const control = await target.send(operation, { json: body });
    if (!answered(judge, "the same request with Authorization: Bearer <token>", control)) continue;
    if (control.response.status < 200 || control.response.status >= 300) {
      return judge.skip(
        `the same request with "Bearer" got ${describeAnswer(control)} too, so the scheme's letter case cannot be judged (see http.valid-request-ok).`,
      );
    }
    judge.depart("bearer-scheme-case", `${label} got ${status}; with "Bearer" it is served.`, {
      expected: "a 2xx, as with Bearer: an auth scheme is case-insensitive (RFC 9110 §11.1)",
      actual: `${describeAnswer(exchange)}: ${preview(exchange, 200)}`,
      evidence: [evidence(label, exchange), evidence("the same request with Bearer", control)],
    });
  }
  judge.note(`the bearer scheme in ${forms.length} other letter cases served.`);
}
