/** assertRequestContext (issue 25.3): the sentence for each malformed field, and what each operation needs. */
import { describe, expect, it } from "vitest";
import { assertRequestContext, type RequestContext } from "../../../generators/requestContext.js";

const check =
  (context: unknown, operation: Parameters<typeof assertRequestContext>[0] = "listLandingPages") =>
  () =>
    assertRequestContext(operation, context as RequestContext);

describe("assertRequestContext", () => {
  it("takes an empty context for the listings and getRoleFilters, and every field well formed", () => {
    for (const operation of ["listFactoryDefaultWidgets", "listLandingPages", "getRoleFilters"] as const)
      expect(check({}, operation)).not.toThrow();
    expect(
      check({
        widgetIds: ["w"],
        analyticIds: [],
        roles: ["r"],
        searchTerms: [""],
        domainName: "",
        serviceName: "s",
        maxPageSize: 1,
      }),
    ).not.toThrow();
  });

  it("refuses a context that is no object", () => {
    expect(check(null)).toThrow("request context must be an object, received null");
    expect(check("ids")).toThrow('request context must be an object, received "ids"');
  });

  it("names a list field that is not a list of strings", () => {
    expect(check({ roles: "admin" })).toThrow('request context: roles must be a list of strings, received "admin"');
    expect(check({ searchTerms: ["a", 1] })).toThrow(
      'request context: searchTerms must be a list of strings, received ["a",1]',
    );
    expect(check({ widgetIds: null })).toThrow("request context: widgetIds must be a list of strings, received null");
  });

  it("names a text field that is not a string", () => {
    expect(check({ domainName: 5 })).toThrow("request context: domainName must be a string, received 5");
    expect(check({ serviceName: ["s"] })).toThrow('request context: serviceName must be a string, received ["s"]');
  });

  it("takes a maxPageSize that is a safe integer of at least 1, and names any other", () => {
    for (const max of [0, -1, 1.5, 2 ** 53, "10", null])
      expect(check({ maxPageSize: max }), String(max)).toThrow(
        `request context: maxPageSize must be an integer of at least 1, received ${JSON.stringify(max)}`,
      );
    expect(check({ maxPageSize: 2 ** 53 - 1 })).not.toThrow();
  });

  it("asks getWidget and getAnalytic for at least one id, saying where ids come from", () => {
    expect(check({}, "getWidget")).toThrow(
      "getWidget requests need at least one id in context.widgetIds (ids come from the target at run time); received undefined",
    );
    expect(check({ analyticIds: [] }, "getAnalytic")).toThrow(
      "getAnalytic requests need at least one id in context.analyticIds (ids come from the target at run time); received []",
    );
    expect(check({ widgetIds: ["w"] }, "getWidget")).not.toThrow();
  });
});
