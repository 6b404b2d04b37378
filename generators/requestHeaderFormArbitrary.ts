/** The spellings of the §5 request headers a valid request may use (RFC 9110 §5.1, §8.3.1; register bearer-scheme-case). */
import fc from "fast-check";
import {
  ACCEPT_FORMS,
  CANONICAL_HEADER_FORM,
  CONTENT_TYPE_FORMS,
  NAME_CASES,
  SCHEME_FORMS,
  type RequestHeaderForm,
} from "../contract/requestHeaderForms.js";

/** §5's own form half of the time (it shrinks to it), else each header in one of its equivalent forms. */
export function requestHeaderFormArbitrary(): fc.Arbitrary<RequestHeaderForm> {
  return fc.oneof(
    fc.constant(CANONICAL_HEADER_FORM),
    fc.record({
      contentType: fc.constantFrom(...CONTENT_TYPE_FORMS),
      accept: fc.constantFrom(...ACCEPT_FORMS),
      scheme: fc.constantFrom(...SCHEME_FORMS),
      nameCase: fc.constantFrom(...NAME_CASES),
    }),
  );
}

/** One form per non-canonical spelling of one header, the others as §5 writes them: each spelling judged on its own. */
export function oneHeaderFormEach(): RequestHeaderForm[] {
  return [
    ...CONTENT_TYPE_FORMS.slice(1).map((contentType) => ({ ...CANONICAL_HEADER_FORM, contentType })),
    ...ACCEPT_FORMS.slice(1).map((accept) => ({ ...CANONICAL_HEADER_FORM, accept })),
    ...NAME_CASES.slice(1).map((nameCase) => ({ ...CANONICAL_HEADER_FORM, nameCase })),
    ...SCHEME_FORMS.slice(1).map((scheme) => ({ ...CANONICAL_HEADER_FORM, scheme })),
  ];
}
