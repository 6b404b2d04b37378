/** onePerDerivation.ts: invalid requests keep known ids and get placeholders where none is known. */
import { describe, expect, it } from "vitest";
import { withPlaceholderIds } from "../../../../../checks/_internals/requests/onePerDerivation.js";

describe("withPlaceholderIds", () => {
  it("gives invalid requests a placeholder id where none is known, keeping known ones", () => {
    expect(withPlaceholderIds({ widgetIds: [], roles: ["r"] })).toEqual({
      widgetIds: ["widget://cms-conformance.invalid/placeholder"],
      analyticIds: ["analytic://cms-conformance.invalid/placeholder"],
      roles: ["r"],
    });
    expect(withPlaceholderIds({ widgetIds: ["widget://t/a"], analyticIds: ["analytic://t/b"] })).toEqual({
      widgetIds: ["widget://t/a"],
      analyticIds: ["analytic://t/b"],
    });
  });
});
