/**
 * consistency.list-get-equal on an in-memory CMS (judgeListReadAgreement): a widget read that
 * disagrees with its listed self fails only when a second look (the read and its listing page
 * asked once more) shows the difference again; one the second look does not show is data that
 * changed mid-run.
 */
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../../../contract/operations.js";
import { checkOnScript, jsonOf } from "../../checkOnScript.js";
import { fakeCms, type FakeCms } from "../../fakeCms.js";

async function run(checkId: string, operation: OperationName, cms: FakeCms) {
  const { result, client } = await checkOnScript(checkId, operation, fakeCms(cms));
  const reads = client.sent.filter((request) => request.path.endsWith("/getWidget")).map((r) => jsonOf(r).widgetId);
  return { result, reads };
}

const W1 = { id: "widget://t/w1", name: "n", tags: ["a", "b"], url: "u" };

describe("consistency.list-get-equal", () => {
  it("fails a difference the second look shows again, with the four answers as evidence", async () => {
    const { result, reads } = await run("consistency.list-get-equal", "getWidget", {
      widgets: [W1],
      tamperRead: () => ({ status: 200, json: { ...W1, name: "other", url: "u2", extra: 1 } }),
    });
    expect(reads).toEqual([W1.id, W1.id]);
    expect(result).toMatchObject({
      outcome: "failed",
      message: `getWidget ${W1.id}: name, url differ between the listing and the read, at the first look and again when both were asked once more.`,
      expected: 'the values of the listing: name: "n"\nurl: "u"',
      actual: 'the read: name: "other"\nurl: "u2"',
    });
    expect(result.evidence.map((item) => item.label)).toEqual([
      "listing page 0 of size 10",
      `getWidget ${W1.id}`,
      "listing page 0 of size 10, fetched again",
      `getWidget ${W1.id}, read again`,
    ]);
  });

  it("notes, without blaming, a difference the second look does not show (data changed mid-run)", async () => {
    let readCount = 0;
    const { result } = await run("consistency.list-get-equal", "getWidget", {
      widgets: [W1],
      tamperRead: () => ((readCount += 1) === 1 ? { status: 200, json: { ...W1, url: "old" } } : undefined),
    });
    expect(result.outcome).toBe("passed");
    expect(result.message).toContain(
      `getWidget ${W1.id}: url differed between the listing and the read once and agreed when both were asked again (data changed during the run; not blamed).`,
    );
  });

  it("fails only the fields that differ in both looks", async () => {
    let readCount = 0;
    const { result } = await run("consistency.list-get-equal", "getWidget", {
      widgets: [W1],
      tamperRead: () => ({
        status: 200,
        json: (readCount += 1) === 1 ? { ...W1, url: "x", name: "y" } : { ...W1, url: "x" },
      }),
    });
    expect(result).toMatchObject({ outcome: "failed", actual: 'the read: url: "x"' });
  });

  it("warns on the same tags in another order (register list-get-consistency), and ignores fields §2.1 does not table", async () => {
    const { result } = await run("consistency.list-get-equal", "getWidget", {
      widgets: [W1],
      tamperRead: () => ({ status: 200, json: { ...W1, tags: ["b", "a"], servedAt: "now" } }),
    });
    expect(result).toMatchObject({
      outcome: "warning",
      message: `getWidget ${W1.id}: tags in another order than in the listing. [register: list-get-consistency]`,
    });
  });

  it("shows at most 500 characters of each side", async () => {
    const long = "x".repeat(600);
    const { result } = await run("consistency.list-get-equal", "getWidget", {
      widgets: [{ id: "w1", name: long }],
      tamperRead: () => ({ status: 200, json: { id: "w1", name: `${long}y` } }),
    });
    expect(result.expected).toBe(`the values of the listing: ${`name: ${JSON.stringify(long)}`.slice(0, 500)}`);
    expect(result.actual).toBe(`the read: ${`name: ${JSON.stringify(`${long}y`)}`.slice(0, 500)}`);
  });

  it("compares only fields both answers carry, and skips when no read could be compared", async () => {
    const partial = await run("consistency.list-get-equal", "getWidget", {
      widgets: [W1],
      tamperRead: () => ({ status: 200, json: { id: W1.id, name: "n" } }),
    });
    expect(partial.result.outcome).toBe("passed");
    const refused = await run("consistency.list-get-equal", "getWidget", {
      widgets: [W1],
      tamperRead: () => ({ status: 404, json: {} }),
    });
    expect(refused.result).toMatchObject({
      outcome: "skipped",
      skipReason: "no widget read answered 200 with a JSON object to compare with the listing.",
    });
    expect((await run("consistency.list-get-equal", "getWidget", { widgets: [{ name: "n" }] })).result).toMatchObject({
      outcome: "skipped",
      skipReason: "no listed widget has an id to read.",
    });
  });
});
