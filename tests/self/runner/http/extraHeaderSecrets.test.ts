/** isSecretHeader and extraHeaderSecrets: which --header values are secrets, and their placeholders. */
import { describe, expect, it } from "vitest";
import { extraHeaderSecrets, isSecretHeader } from "../../../../runner/http/extraHeaderSecrets.js";

describe("isSecretHeader", () => {
  it("takes a header --secret-header names, in any case, and no other", () => {
    expect(isSecretHeader("X-Tenant", "acme", ["x-tenant"])).toBe(true);
    expect(isSecretHeader("x-tenant", "acme", ["X-TENANT"])).toBe(true);
    expect(isSecretHeader("X-Region", "eu", ["x-tenant"])).toBe(false);
    expect(isSecretHeader("X-Region", "eu")).toBe(false);
  });
});

describe("extraHeaderSecrets", () => {
  it("returns the values of secret-looking names and of named headers, with placeholders after the name", () => {
    expect(extraHeaderSecrets({ "X-Api-Key": "k-123", "X-Tenant": "acme", "X-Region": "eu" }, ["X-TENANT"])).toEqual([
      { value: "k-123", placeholder: "$CMS_HEADER_X_API_KEY" },
      { value: "acme", placeholder: "$CMS_HEADER_X_TENANT" },
    ]);
    expect(extraHeaderSecrets({ "X-Region": "eu" })).toEqual([]);
  });
});
