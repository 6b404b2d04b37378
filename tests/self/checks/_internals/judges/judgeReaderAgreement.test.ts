/**
 * consistency.same-for-every-reader on an in-memory CMS (judgeReaderAgreement): an item read by both users holds
 * the same tabled fields; a difference confirmed by a second look fails; an analytic's title may differ.
 */
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../../../contract/operations.js";
import { checkOnScript } from "../../checkOnScript.js";
import { fakeCms, type FakeCms } from "../../fakeCms.js";

const A1 = { id: "analytic://tenant/a1", name: "a1", title: "Sales", createdBy: "ana@tenant" };
const W1 = { id: "widget://t/w1", name: "n", url: "u" };

const run = (operation: OperationName, cms: FakeCms) =>
  checkOnScript("consistency.same-for-every-reader", operation, fakeCms(cms)).then(({ result }) => result);

describe("consistency.same-for-every-reader", () => {
  it("passes when both users read the same values, an analytic's title aside", async () => {
    const result = await run("getAnalytic", {
      analytics: { [A1.id]: A1 },
      tamperRead: ({ caller, answer }) =>
        caller === "restricted" ? { status: 200, json: { analytic: { ...A1, title: "Vendas" } } } : answer,
    });
    expect(result.outcome).toBe("passed");
    expect(result.message).toContain("1 item(s) read by both users compared");
  });

  it("fails a createdBy that follows the reader, confirmed by a second look", async () => {
    const result = await run("getAnalytic", {
      analytics: { [A1.id]: A1 },
      tamperRead: ({ caller }) => ({ status: 200, json: { analytic: { ...A1, createdBy: `${caller}@tenant` } } }),
    });
    expect(result).toMatchObject({
      outcome: "failed",
      expected: 'the values of the main user\'s read: createdBy: "admin@tenant"',
      actual: 'the restricted user\'s read: createdBy: "restricted@tenant"',
    });
  });

  it("does not blame a difference the second look does not show, and skips when no item is read by both", async () => {
    let restrictedReads = 0;
    const changed = await run("getWidget", {
      widgets: [W1],
      tamperRead: ({ caller, answer }) =>
        caller === "restricted" && (restrictedReads += 1) === 1 ? { status: 200, json: { ...W1, url: "old" } } : answer,
    });
    expect(changed.outcome).toBe("passed");
    expect(changed.message).toContain("not blamed");
    const hidden = await run("getWidget", { widgets: [W1], visible: (caller) => caller === "admin" });
    expect(hidden.outcome).toBe("skipped");
  });
});
