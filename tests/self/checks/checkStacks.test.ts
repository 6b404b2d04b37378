/**
 * Issue 48.1: every check that sends something outside the forms §4–§5 define carries the readings and
 * the common stacks' defaults considered (CHECK_STACKS, shown in its description); no other check does.
 */
import { describe, expect, it } from "vitest";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { CHECK_DESCRIPTIONS } from "../../../checks/checkDescriptions.js";
import { CHECK_STACKS } from "../../../checks/checkStacks.js";

/**
 * The checks that send something outside §4–§5's forms: malformed JSON or a body that is no object, a
 * wrong type, a missing or malformed id, numbers past the machine sizes or below §2.11's range, null
 * fields and other header spellings, a credential missing or in another form, metacharacters.
 */
const SENDS_OUTSIDE_THE_FORMS = [
  "http.valid-request-ok",
  "http.no-server-error",
  "http.json-content-type",
  "auth.missing-token-401",
  "auth.near-miss-token-401",
  "auth.missing-client-id-refused",
  "auth.token-form-refused",
  "auth.client-id-form-refused",
  "auth.bearer-scheme-case-accepted",
  "errors.malformed-json-400",
  "errors.wrong-type-400",
  "errors.invalid-request-rejected",
  "errors.error-body",
  "errors.unauthorized-body",
  "errors.malformed-id-refused",
  "errors.missing-id-400",
  "pagination.large-numbers",
  "pagination.invalid-rejected",
  "search.metacharacters-literal",
];

describe("checks that send outside the forms of §4–§5 weigh common stacks (issue 48.1)", () => {
  it("gives each of them a 'stacks' text in its description", () => {
    const described = new Map(CHECK_DESCRIPTIONS.checks.map((check) => [check.id, check]));
    const lacking = SENDS_OUTSIDE_THE_FORMS.filter((id) => !described.get(id)?.stacks?.trim());
    expect(lacking, "checks sending outside §4–§5 without the stacks considered").toEqual([]);
  });

  it("names only checks of the catalogue, and only those, in CHECK_STACKS", () => {
    const ids = CHECK_CATALOGUE.ids();
    expect(SENDS_OUTSIDE_THE_FORMS.filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.keys(CHECK_STACKS).sort()).toEqual([...SENDS_OUTSIDE_THE_FORMS].sort());
  });

  it("gives no stacks to a check that sends only the forms §4–§5 define", () => {
    const others = CHECK_DESCRIPTIONS.checks.filter((check) => !SENDS_OUTSIDE_THE_FORMS.includes(check.id));
    expect(others.filter((check) => check.stacks !== undefined).map((check) => check.id)).toEqual([]);
  });
});
