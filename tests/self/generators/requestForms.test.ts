/** The forms of a valid request the generators give besides its canonical one (issue 44 item 6). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACCEPT_FORMS,
  CANONICAL_HEADER_FORM,
  CONTENT_TYPE_FORMS,
  describeHeaderForm,
  headerName,
  isCanonicalHeaderForm,
  SCHEME_FORMS,
} from "../../../contract/requestHeaderForms.js";
import { validateBody } from "../../../contract/validators.js";
import { NULLABLE_FIELDS, nullFieldsOf, withNullAt, withNullsAbsent } from "../../../generators/nullRequestFields.js";
import { oneHeaderFormEach, requestHeaderFormArbitrary } from "../../../generators/requestHeaderFormArbitrary.js";
import { ESCAPED_SEARCH_VALUE, validRequestForms } from "../../../generators/validRequestForms.js";
import { ESCAPE_PLANS } from "../../../generators/escapedRequestText.js";

describe("null request fields (register null-request-fields)", () => {
  it("sets a top-level field or a pagination field to null, and reads them back", () => {
    const body = { searchValue: "a", pagination: { pageNumber: 1 } };
    expect(withNullAt(body, ["searchValue"])).toEqual({ searchValue: null, pagination: { pageNumber: 1 } });
    expect(withNullAt(body, ["pagination", "pageSize"])).toEqual({
      searchValue: "a",
      pagination: { pageNumber: 1, pageSize: null },
    });
    expect(withNullAt({}, ["pagination", "pageNumber"])).toEqual({ pagination: { pageNumber: null } });
    expect(nullFieldsOf({ a: null, pagination: { pageSize: null, pageNumber: 0 } })).toEqual([
      "a",
      "pagination.pageSize",
    ]);
    expect(nullFieldsOf(null)).toEqual([]);
    expect(nullFieldsOf({ pagination: null })).toEqual(["pagination"]);
  });

  it("reads every null as absent, at the top and in pagination, and leaves the rest as it was", () => {
    expect(withNullsAbsent({ searchValue: null, pagination: { pageNumber: null, pageSize: 5 } })).toEqual({
      pagination: { pageSize: 5 },
    });
    expect(withNullsAbsent({ roles: ["a"], domainName: null })).toEqual({ roles: ["a"] });
    expect(withNullsAbsent({ pagination: null, searchValue: "" })).toEqual({ searchValue: "" });
  });

  it("names only optional fields of each request schema", () => {
    for (const [operation, paths] of Object.entries(NULLABLE_FIELDS)) {
      for (const path of paths) {
        const absent = validateBody(
          `${operation as keyof typeof NULLABLE_FIELDS}.request`,
          withNullsAbsent(withNullAt({ roles: [] }, path)),
        );
        expect(absent.stated, `${operation} ${path.join(".")}`).toEqual([]);
      }
    }
  });
});

describe("request header forms (RFC 9110 §5.1, §8.3.1; register bearer-scheme-case)", () => {
  it("spells header names in the form's letter case", () => {
    expect(headerName("client_id", "upper")).toBe("CLIENT_ID");
    expect(headerName("Content-Type", "lower")).toBe("content-type");
    expect(headerName("Accept", "as-written")).toBe("Accept");
  });

  it("tells §5's own form from the others, and says what a form changes", () => {
    expect(isCanonicalHeaderForm(CANONICAL_HEADER_FORM)).toBe(true);
    expect(describeHeaderForm(CANONICAL_HEADER_FORM)).toBe("the headers as §5 writes them");
    const form = {
      ...CANONICAL_HEADER_FORM,
      contentType: "Application/JSON",
      scheme: "bearer",
      nameCase: "lower" as const,
    };
    expect(isCanonicalHeaderForm(form)).toBe(false);
    expect(describeHeaderForm(form)).toBe(
      "Content-Type: Application/JSON, the scheme written bearer, header names in lower case",
    );
    expect(describeHeaderForm({ ...CANONICAL_HEADER_FORM, accept: "*/*" })).toBe("Accept: */*");
  });

  it("draws every spelling, §5's own half of the time, the same for the same seed", () => {
    const forms = fc.sample(requestHeaderFormArbitrary(), { numRuns: 500, seed: 7 });
    for (const contentType of CONTENT_TYPE_FORMS) expect(forms.map((f) => f.contentType)).toContain(contentType);
    for (const accept of ACCEPT_FORMS) expect(forms.map((f) => f.accept)).toContain(accept);
    for (const scheme of SCHEME_FORMS) expect(forms.map((f) => f.scheme)).toContain(scheme);
    expect(new Set(forms.map((f) => f.nameCase))).toEqual(new Set(["as-written", "lower", "upper"]));
    expect(forms.filter(isCanonicalHeaderForm).length).toBeGreaterThan(200);
    expect(fc.sample(requestHeaderFormArbitrary(), { numRuns: 50, seed: 9 })).toEqual(
      fc.sample(requestHeaderFormArbitrary(), { numRuns: 50, seed: 9 }),
    );
  });

  it("gives one form per other spelling, each changing one header", () => {
    const forms = oneHeaderFormEach();
    expect(forms).toHaveLength(CONTENT_TYPE_FORMS.length - 1 + ACCEPT_FORMS.length - 1 + 2 + SCHEME_FORMS.length - 1);
    for (const form of forms) {
      const changed = (Object.keys(CANONICAL_HEADER_FORM) as (keyof typeof form)[]).filter(
        (key) => form[key] !== CANONICAL_HEADER_FORM[key],
      );
      expect(changed, describeHeaderForm(form)).toHaveLength(1);
    }
  });
});

describe("validRequestForms", () => {
  it("gives a listing request with each optional field null, then in each header spelling", () => {
    const forms = validRequestForms("listLandingPages", { searchValue: "x" });
    expect(forms.slice(0, 4).map((form) => form.body)).toEqual([
      { searchValue: null },
      { searchValue: "x", pagination: null },
      { searchValue: "x", pagination: { pageNumber: null } },
      { searchValue: "x", pagination: { pageSize: null } },
    ]);
    expect(forms.slice(0, 4).map((form) => form.label)).toEqual([
      "searchValue sent as null",
      "pagination sent as null",
      "pagination.pageNumber sent as null",
      "pagination.pageSize sent as null",
    ]);
    const headerForms = forms.slice(4, 4 + oneHeaderFormEach().length);
    expect(headerForms.every((form) => form.body.searchValue === "x" && !isCanonicalHeaderForm(form.headerForm))).toBe(
      true,
    );
    expect(headerForms.map((form) => form.label)).toContain("Content-Type: application/json; charset=utf-8");
  });

  it("gives a read no null form, since its id is always sent (register required-request-fields)", () => {
    const forms = validRequestForms("getWidget", { widgetId: "widget://t/w" });
    expect(forms.every((form) => form.body.widgetId === "widget://t/w")).toBe(true);
    expect(forms).toHaveLength(oneHeaderFormEach().length + ESCAPE_PLANS.length);
  });

  it("ends with the body written in each escape plan, a listing's with a searchValue beyond the BMP (RFC 8259 §7)", () => {
    const read = validRequestForms("getWidget", { widgetId: "widget://t/w" }).slice(-ESCAPE_PLANS.length);
    expect(read.map((form) => form.text)).toEqual([
      '{"\\u0077\\u0069\\u0064\\u0067\\u0065\\u0074\\u0049\\u0064":"\\u0077\\u0069\\u0064\\u0067\\u0065\\u0074\\u003a\\u002f\\u002f\\u0074\\u002f\\u0077"}',
      '{"w\\u0069d\\u0067e\\u0074I\\u0064":"w\\u0069d\\u0067e\\u0074:\\u002F/\\u0074/\\u0077"}',
      '{"widgetId":"widget:\\/\\/t\\/w"}',
    ]);
    for (const form of read) expect(JSON.parse(form.text as string)).toEqual(form.body);
    const listing = validRequestForms("listLandingPages", {}).slice(-ESCAPE_PLANS.length);
    expect(listing[0]?.body).toEqual({
      searchValue: ESCAPED_SEARCH_VALUE,
      pagination: { pageNumber: 0, pageSize: 10 },
    });
    expect(listing[0]?.text).toContain("\\ud83d\\ude9a");
    expect(listing[2]?.text).toContain("🚚");
  });
});
