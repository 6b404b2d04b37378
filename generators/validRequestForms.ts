/**
 * One valid request per equivalent form of a basic request (issue 44 item 6): each optional field
 * sent as null (register null-request-fields), and each §5 header in each of its other spellings
 * (RFC 9110 §5.1, §8.3.1; register bearer-scheme-case). Deterministic, so every form is judged in
 * every run, not only when a random draw picks it.
 */
import { CANONICAL_HEADER_FORM, describeHeaderForm, type RequestHeaderForm } from "../contract/requestHeaderForms.js";
import type { OperationName } from "../contract/operations.js";
import { NULLABLE_FIELDS, withNullAt } from "./nullRequestFields.js";
import { oneHeaderFormEach } from "./requestHeaderFormArbitrary.js";

/** A valid request in one form: its body, how its headers are spelled, and what the form is, in words. */
export interface ValidRequestForm {
  readonly label: string;
  readonly body: Record<string, unknown>;
  readonly headerForm: RequestHeaderForm;
}

/** The forms of `body` (a valid request of `operation`): one per nullable field, then one per header spelling. */
export function validRequestForms(
  operation: OperationName,
  body: Readonly<Record<string, unknown>>,
): ValidRequestForm[] {
  const nulls = NULLABLE_FIELDS[operation].map((path) => ({
    label: `${path.join(".")} sent as null`,
    body: withNullAt(body, path),
    headerForm: CANONICAL_HEADER_FORM,
  }));
  const headers = oneHeaderFormEach().map((headerForm) => ({
    label: describeHeaderForm(headerForm),
    body: { ...body },
    headerForm,
  }));
  return [...nulls, ...headers];
}
