/** forEachRead.ts: the reads a check judges, each with its body and label. */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../../../../../runner/engine/CheckDefinition.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { forEachRead } from "../../../../../checks/_internals/judges/forEachRead.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";

describe("forEachRead", () => {
  const target = (answer: (request: OutgoingRequest) => FakeAnswer) =>
    scriptedSession((request) =>
      request.path.endsWith("listFactoryDefaultWidgets")
        ? {
            status: 200,
            json: {
              widgets: Array.from({ length: 12 }, (_, n) => ({ id: `widget://t/w${n}` })),
              listInformation: { totalElements: 12, totalPages: 2 },
            },
          }
        : answer(request),
    );
  const contextOf = (session: CheckContext["target"], operation: CheckContext["operation"]): CheckContext => ({
    operation,
    target: session,
    judge: new Judgement("default"),
    seed: 1,
  });

  it("reads every listed id and hands each 200 JSON answer to the judge, noting how many", async () => {
    const { session, client } = target((request) => ({
      status: 200,
      json: { echoed: request.body && "json" in request.body ? request.body.json : null },
    }));
    const context = contextOf(session, "getWidget");
    const judged: [string, unknown, string][] = [];
    await forEachRead(context, (id, body, label) => judged.push([id, body, label]));
    expect(judged).toHaveLength(12);
    expect(judged[0]).toEqual(["widget://t/w0", { echoed: { widgetId: "widget://t/w0" } }, "getWidget widget://t/w0"]);
    expect(judged[11]?.[0]).toBe("widget://t/w11");
    expect(client.sent.filter((request) => request.path.endsWith("getWidget"))).toHaveLength(12);
    expect(context.judge.verdict().message).toBe("12 read(s) judged.");
  });

  it("passes over answers that are not 200 JSON, and skips when none was", async () => {
    const { session } = target((request) =>
      JSON.stringify(request.body).includes("w0") ? { status: 200, text: "not json" } : { status: 404, json: {} },
    );
    const context = contextOf(session, "getWidget");
    let judged = 0;
    await forEachRead(context, () => (judged += 1));
    expect(judged).toBe(0);
    expect(context.judge.verdict()).toMatchObject({
      outcome: "skipped",
      skipReason:
        "none of the 12 reads answered 200 with JSON (see http.valid-request-ok and consistency.listed-widget-readable).",
    });
  });

  it("fails a read the target answered with a server error, and judges the others", async () => {
    const { session } = target((request) =>
      JSON.stringify(request.body).includes('w0"') ? { status: 500, json: {} } : { status: 200, json: {} },
    );
    const context = contextOf(session, "getWidget");
    let judged = 0;
    await forEachRead(context, () => (judged += 1));
    expect(judged).toBe(11);
    expect(context.judge.verdict().outcome).toBe("failed");
  });

  it("reads the configured analytic ids with analyticId, and skips without any", async () => {
    const { session, client } = target(() => ({ status: 200, json: {} }));
    await forEachRead(contextOf(session, "getAnalytic"), () => undefined);
    expect(client.jsonBodies().filter((body) => body && typeof body === "object" && "analyticId" in body)).toEqual([
      { analyticId: "analytic://tenant/a1" },
    ]);
    const bare = scriptedSession(() => ({}), { fixtures: { analyticIds: [], roles: [] } }).session;
    const context = contextOf(bare, "getAnalytic");
    await forEachRead(context, () => undefined);
    expect(context.judge.verdict().skipReason).toMatch(/^no analytic ids are configured/);
  });
});
