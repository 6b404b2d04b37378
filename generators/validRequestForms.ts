/**
 * One valid request per equivalent form of a basic request (issue 44 item 6): each optional field
 * sent as null (register null-request-fields), and each §5 header in each of its other spellings
 * (RFC 9110 §5.1, §8.3.1; register bearer-scheme-case), and the body written with the escapes JSON
 * allows (RFC 8259 §7: \u escapes, surrogate pairs, \/). Deterministic, so every form is judged in every
 * run, not only when a random draw picks it.
 */
import { CANONICAL_HEADER_FORM, describeHeaderForm, type RequestHeaderForm } from "../contract/requestHeaderForms.js";
import type { OperationName } from "../contract/operations.js";
import { NULLABLE_FIELDS, withNullAt } from "./nullRequestFields.js";
import { oneHeaderFormEach } from "./requestHeaderFormArbitrary.js";
import { ESCAPE_PLANS, writeRequestText } from "./escapedRequestText.js";
import { operationSpec } from "../contract/operations.js";

/** A valid request in one form: its body, how its headers are spelled, and what the form is, in words. */
export interface ValidRequestForm {
  readonly label: string;
  readonly body: Record<string, unknown>;
  readonly headerForm: RequestHeaderForm;
  /** The body's text as sent, when it is written otherwise than JSON.stringify writes it. */
  readonly text?: string;
}

/** A searchValue with a character beyond the BMP, one beyond ASCII and a solidus, so that each escape has something to write. */
export const ESCAPED_SEARCH_VALUE = "\u{1F69A} á/";

/** The body the escaped forms write: a listing's gets a searchValue and its first page, so that it holds strings. */
function escapableBody(operation: OperationName, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (operationSpec(operation).listField === undefined) return { ...body };
  return { ...body, searchValue: ESCAPED_SEARCH_VALUE, pagination: { pageNumber: 0, pageSize: 10 } };
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
  const written = escapableBody(operation, body);
  const escaped = ESCAPE_PLANS.map(({ label, plan }) => ({
    label: `its body written with ${label}`,
    body: written,
    headerForm: CANONICAL_HEADER_FORM,
    text: writeRequestText(written, plan),
  }));
  return [...nulls, ...headers, ...escaped];
}
