/** registerForRefusedValidRequest.ts: which register entry excuses a valid request the target refused. */
import { describe, expect, it } from "vitest";
import {
  refusalPasses,
  registerForRefusedValidRequest,
  withWholePagination,
} from "../../../../../checks/_internals/judges/registerForRefusedValidRequest.js";

describe("registerForRefusedValidRequest", () => {
  it.each([
    [{ pagination: { pageNumber: 2 ** 31 - 1 } }, 25, "large-page-numbers"],
    [{ pagination: { pageSize: 2 ** 31 - 1 } }, 25, "large-page-numbers"],
    [{ pagination: { pageNumber: 2 ** 31 - 2 } }, 25, "page-past-end"],
    [{ searchValue: "x".repeat(257) }, 25, "payload-size-limit"],
    [{ searchValue: "x".repeat(256) }, 25, undefined],
    [{ searchValue: "50%" }, 25, "search-special-characters"],
    [{ searchValue: "São Paulo-2" }, 25, undefined],
    [{ pagination: { pageSize: 11 } }, 25, "max-page-size"],
    [{ pagination: { pageSize: 10 } }, 25, undefined],
    [{ pagination: { pageNumber: 3 } }, 25, "page-past-end"],
    [{ pagination: { pageNumber: 2 } }, 25, undefined],
    [{ pagination: { pageNumber: 4, pageSize: 5 } }, 25, undefined],
    [{ pagination: { pageNumber: 5, pageSize: 5 } }, 25, "page-past-end"],
    [{ pagination: { pageNumber: 0 } }, undefined, "page-past-end"],
    [{ pagination: "x" }, 25, undefined],
    [{}, 25, undefined],
    ["not an object", 25, undefined],
  ] as const)("excuses refusing %j on a listing of %s items with %s", (body, totalElements, register) => {
    expect(registerForRefusedValidRequest("listLandingPages", body, totalElements)).toBe(register);
  });

  it("makes a partial pagination whole with page 0 and size 10, and leaves other bodies alone", () => {
    expect(withWholePagination({ searchValue: "a", pagination: { pageNumber: 2 } })).toEqual({
      searchValue: "a",
      pagination: { pageNumber: 2, pageSize: 10 },
    });
    expect(withWholePagination({ pagination: { pageSize: 5 } })).toEqual({
      pagination: { pageNumber: 0, pageSize: 5 },
    });
    expect(withWholePagination({ pagination: {} })).toEqual({ pagination: { pageNumber: 0, pageSize: 10 } });
    expect(withWholePagination({ pagination: { pageNumber: 1, pageSize: 5 } })).toBeUndefined();
    expect(withWholePagination({ searchValue: "a" })).toBeUndefined();
    expect(withWholePagination("x")).toBeUndefined();
  });

  it("lets only a 400 for a number past the machine integer sizes pass silently", () => {
    expect(refusalPasses("large-page-numbers", 400)).toBe(true);
    expect(refusalPasses("large-page-numbers", 422)).toBe(false);
    expect(refusalPasses("max-page-size", 400)).toBe(false);
    expect(refusalPasses(undefined, 400)).toBe(false);
  });

  it("excuses an edge role list only on getRoleFilters", () => {
    expect(registerForRefusedValidRequest("getRoleFilters", { roles: [] }, undefined)).toBe(
      "role-filter-edge-requests",
    );
    expect(registerForRefusedValidRequest("getRoleFilters", { roles: "r" }, undefined)).toBeUndefined();
    expect(registerForRefusedValidRequest("getWidget", { roles: [] }, undefined)).toBeUndefined();
  });
});
