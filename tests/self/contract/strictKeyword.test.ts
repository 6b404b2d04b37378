/**
 * The `x-strict` keyword on its own Ajv: ignored by the stated reading, applied by the strict one with
 * every error tagged with its register entry and placed where the data is.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { enforcedStrictKeyword, ignoredStrictKeyword } from "../../../contract/strictKeyword.js";

const schema = {
  type: "object",
  properties: {
    items: { type: "array", items: { "x-strict": [{ register: "needs-id", schema: { required: ["id"] } }] } },
  },
  "x-strict": [
    { register: "needs-name", schema: { required: ["name"] } },
    { register: "name-is-text", schema: { properties: { name: { type: "string" } } } },
  ],
};

function enforcing() {
  const ajv = new Ajv2020({ allErrors: true });
  ajv.addKeyword(enforcedStrictKeyword(new Ajv2020()));
  return ajv.compile(schema);
}

describe("x-strict", () => {
  it("is an annotation for the stated reading", () => {
    const ajv = new Ajv2020({ allErrors: true });
    ajv.addKeyword(ignoredStrictKeyword);
    expect(ajv.validate(schema, { items: [{}] })).toBe(true);
  });

  it("passes an object that meets every entry, with no error", () => {
    const validate = enforcing();
    expect(validate({ name: "n", items: [{ id: 1 }] })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it("reports each failed entry's own errors, tagged with its register id, at the data's place", () => {
    const validate = enforcing();
    expect(validate({ name: 5, items: [{ id: 1 }, {}] })).toBe(false);
    expect(validate.errors?.map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }))).toEqual([
      { instancePath: "/name", keyword: "type", params: { type: "string", register: "name-is-text" } },
      { instancePath: "/items/1", keyword: "required", params: { missingProperty: "id", register: "needs-id" } },
    ]);
  });

  it("leaves a value that is not an object to the stated schema", () => {
    const validate = enforcing();
    expect(validate({ name: "n", items: [{}] })).toBe(false); // an error first, so that none is left over
    expect(validate({ name: "n", items: [5, "x", null, [1]] })).toBe(true);
    expect(validate.errors).toBeNull();
  });
});
