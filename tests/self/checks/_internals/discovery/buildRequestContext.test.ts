/** buildRequestContext.ts: what the request generators may draw from, built once per run from discovery and configuration. */
import { describe, expect, it } from "vitest";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { fakeCms, widgetsTagged } from "../../fakeCms.js";
import { knowledgeOf } from "../../../../../checks/_internals/discovery/TargetKnowledge.js";
import { smallTarget } from "../../smallTarget.js";

describe("the generators' request context", () => {
  it("builds the generators' context once per run from discovery and configuration", async () => {
    const { session, client } = scriptedSession(smallTarget(3), { maxPageSize: 25 });
    const context = await knowledgeOf(session).requestContext();
    expect(await knowledgeOf(session).requestContext()).toBe(context);
    expect(context).toEqual({
      widgetIds: ["widget://t/w0", "widget://t/w1", "widget://t/w2"],
      analyticIds: ["analytic://tenant/a1"],
      roles: ["r1", "r2"],
      domainName: "hcm",
      serviceName: "payroll",
      searchTerms: ["tag0", "tag1", "Page 0", "Page 1", "Page 2"],
      maxPageSize: 25,
    });
    expect(client.sent.length).toBeGreaterThan(0);
  });

  it("keeps the generators' page sizes within the smaller of the two listings' limits", async () => {
    const { session } = scriptedSession(
      fakeCms({
        widgets: widgetsTagged(60, () => []),
        landingPages: widgetsTagged(60, () => []),
        tamper: (call) =>
          call.operation === "listLandingPages" && call.pageSize > 20 ? { status: 400, json: {} } : undefined,
      }),
    );
    expect((await knowledgeOf(session).requestContext()).maxPageSize).toBe(20);
  });

  it("builds requests only from well-formed listed ids, and leaves out unset scopes", async () => {
    const { session } = scriptedSession(
      () => ({
        status: 200,
        json: {
          widgets: [
            { id: "not-a-uri", title: "T" },
            { id: "widget://t/ok" },
            { id: 4, tags: [5, "x"] },
            "a bare string",
          ],
          listInformation: { totalElements: 4, totalPages: 1 },
        },
      }),
      { fixtures: { analyticIds: [], roles: [] } },
    );
    const context = await knowledgeOf(session).requestContext();
    expect(context.widgetIds).toEqual(["widget://t/ok"]);
    expect(context).not.toHaveProperty("domainName");
    expect(context).not.toHaveProperty("serviceName");
    expect(context.searchTerms).toEqual(["T", "x"]);
  });
});
