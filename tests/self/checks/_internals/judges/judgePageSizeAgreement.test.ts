/**
 * consistency.page-sizes-agree on an in-memory CMS (judgePageSizeAgreement): an item served with
 * other values on pages of another size fails only when both pages, fetched again, still disagree;
 * the same items in another order pass.
 */
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../../../contract/operations.js";
import { checkOnScript } from "../../checkOnScript.js";
import { fakeCms, listingAnswer, pagesTitled, type FakeCms } from "../../fakeCms.js";

async function run(checkId: string, operation: OperationName, cms: FakeCms) {
  return checkOnScript(checkId, operation, fakeCms(cms));
}

describe("consistency.page-sizes-agree", () => {
  const pages = pagesTitled(12, (index) => `Page ${index}`).map((page) => ({ ...page, includeHeader: true }));

  it("fails an item served with other values on small pages, seen again on the second look", async () => {
    const { result } = await run("consistency.page-sizes-agree", "listLandingPages", {
      landingPages: pages,
      tamper: (call) =>
        call.pageSize < 10
          ? listingAnswer(
              call,
              call.found
                .slice(call.pageNumber * call.pageSize, (call.pageNumber + 1) * call.pageSize)
                .map((page) => ({ ...page, includeHeader: false })),
              call.found.length,
              Math.ceil(call.found.length / call.pageSize),
            )
          : undefined,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toContain(
      "lp0: includeHeader differs between page 0 of size 20 and page 0 of size 7, at the first look and again when both were asked once more.",
    );
  });

  it("passes the same items in another order at another size, and notes a one-off change", async () => {
    let smallCalls = 0;
    const { result } = await run("consistency.page-sizes-agree", "listLandingPages", {
      landingPages: pages,
      tamper: (call) => {
        const start = call.pageNumber * call.pageSize;
        if (call.pageSize >= 10)
          return listingAnswer(call, [...call.found].reverse().slice(start, start + call.pageSize), 12, 2);
        smallCalls += 1;
        const slice = call.found.slice(start, start + call.pageSize);
        return smallCalls === 1
          ? listingAnswer(call, [{ ...slice[0], title: "renamed" }, ...slice.slice(1)], 12, 2)
          : undefined;
      },
    });
    expect(result.outcome).toBe("passed");
    expect(result.message).toContain("lp0: title differed between page");
    expect(result.message).toContain("not blamed");
  });

  it("skips when no item was seen at both sizes", async () => {
    const { result } = await run("consistency.page-sizes-agree", "listLandingPages", { landingPages: [] });
    expect(result.outcome).toBe("skipped");
  });
});
