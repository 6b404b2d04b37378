/**
 * The equivalent spellings of the §5 request headers: each is the request §5 describes, written
 * another way HTTP allows (RFC 9110 §5.1: field names are case-insensitive, HTTP/2 sends them in
 * lower case; §8.3.1: a media type's type and subtype are case-insensitive and it may carry
 * parameters, and RFC 8259 §11 says a charset has no effect on a JSON recipient; §12.5.1: an Accept
 * that lists application/json accepts it). The bearer scheme's case: register bearer-scheme-case.
 */

/** How the §5 request headers are spelled in one request. */
export interface RequestHeaderForm {
  /** The Content-Type value: application/json, with a charset parameter or in another letter case (RFC 9110 §8.3.1). */
  readonly contentType: string;
  /** The Accept value: application/json, or a list or range that holds it (RFC 9110 §12.5.1). */
  readonly accept: string;
  /** The authentication scheme as written: Bearer, or in another letter case (RFC 9110 §11.1). */
  readonly scheme: string;
  /** The letter case of the header names (RFC 9110 §5.1): as §5 writes them, all lower or all upper. */
  readonly nameCase: HeaderNameCase;
}

/** The letter case the header names are sent in. */
export type HeaderNameCase = "as-written" | "lower" | "upper";

/** The form §5 writes: Content-Type: application/json, Accept: application/json, Bearer, client_id. */
export const CANONICAL_HEADER_FORM: RequestHeaderForm = {
  contentType: "application/json",
  accept: "application/json",
  scheme: "Bearer",
  nameCase: "as-written",
};

/** Content-Type values that name application/json (the first is §5's). */
export const CONTENT_TYPE_FORMS: readonly string[] = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json;charset=UTF-8",
  "Application/JSON",
];

/** Accept values that accept application/json (the first is §5's). */
export const ACCEPT_FORMS: readonly string[] = [
  "application/json",
  "application/json, */*",
  "*/*",
  "application/json;q=0.9, */*;q=0.1",
];

/** Spellings of the bearer scheme (the first is §5's). */
export const SCHEME_FORMS: readonly string[] = ["Bearer", "bearer", "BEARER"];

/** Letter cases of the header names (the first is §5's). */
export const NAME_CASES: readonly HeaderNameCase[] = ["as-written", "lower", "upper"];

/** A header name in the form's letter case. */
export function headerName(name: string, nameCase: HeaderNameCase): string {
  return nameCase === "lower" ? name.toLowerCase() : nameCase === "upper" ? name.toUpperCase() : name;
}

/** True when the form is §5's own. */
export function isCanonicalHeaderForm(form: RequestHeaderForm): boolean {
  return (
    form.contentType === CANONICAL_HEADER_FORM.contentType &&
    form.accept === CANONICAL_HEADER_FORM.accept &&
    form.scheme === CANONICAL_HEADER_FORM.scheme &&
    form.nameCase === CANONICAL_HEADER_FORM.nameCase
  );
}

/** What a form changes from §5's, in words ("Content-Type: application/json; charset=utf-8, header names in lower case"). */
export function describeHeaderForm(form: RequestHeaderForm): string {
  const parts = [
    form.contentType !== CANONICAL_HEADER_FORM.contentType ? `Content-Type: ${form.contentType}` : undefined,
    form.accept !== CANONICAL_HEADER_FORM.accept ? `Accept: ${form.accept}` : undefined,
    form.scheme !== CANONICAL_HEADER_FORM.scheme ? `the scheme written ${form.scheme}` : undefined,
    form.nameCase !== "as-written" ? `header names in ${form.nameCase} case` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? "the headers as §5 writes them" : parts.join(", ");
}
