/** TargetKnowledge: each piece of discovery is asked of the target once per run and shared, keyed by what it depends on. */
import { describe, expect, it } from "vitest";
import { knowledgeOf, smallPageSize } from "../../../../../checks/_internals/discovery/TargetKnowledge.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";

const widget = (n: number) => ({ id: `widget://t/w${n}`, name: `n${n}`, url: `https://x/${n}` });
const listing = () => ({
  status: 200,
  json: { widgets: [widget(1), widget(2)], listInformation: { totalElements: 2, totalPages: 1 } },
});

describe("TargetKnowledge", () => {
  it("is one object per session", () => {
    const { session } = scriptedSession(listing);
    const other = scriptedSession(listing).session;
    expect(knowledgeOf(session)).toBe(knowledgeOf(session));
    expect(knowledgeOf(other)).not.toBe(knowledgeOf(session));
  });

  it("walks a listing once per user however many checks ask, and once more for another user", async () => {
    const { session, client } = scriptedSession(listing, {
      credentials: { clientId: "c-1234", token: "t-1234", restrictedToken: "r-1234" },
    });
    const knowledge = knowledgeOf(session);
    const [first, second] = await Promise.all([
      knowledge.listing("listFactoryDefaultWidgets"),
      knowledge.listing("listFactoryDefaultWidgets"),
    ]);
    expect(second).toBe(first);
    expect(await knowledge.widgetIds()).toEqual(["widget://t/w1", "widget://t/w2"]);
    const afterAdmin = client.sent.length;
    await knowledge.listing("listFactoryDefaultWidgets", "restricted");
    expect(client.sent.length).toBe(afterAdmin + 1);
    await knowledge.listing("listFactoryDefaultWidgets", "restricted");
    expect(client.sent.length).toBe(afterAdmin + 1);
  });

  it("walks the small-page listing once, with 7 per page, or 3 for 7 items or fewer", async () => {
    expect([smallPageSize(0), smallPageSize(7), smallPageSize(8), smallPageSize(1000)]).toEqual([3, 3, 7, 7]);
    const { session, client } = scriptedSession(listing);
    const knowledge = knowledgeOf(session);
    const [first, second] = await Promise.all([
      knowledge.smallPageListing("listFactoryDefaultWidgets"),
      knowledge.smallPageListing("listFactoryDefaultWidgets"),
    ]);
    expect(second).toBe(first);
    expect(first.pageSize).toBe(3);
    expect(client.jsonBodies().filter((body) => JSON.stringify(body).includes('"pageSize":3'))).toHaveLength(1);
  });

  it("keeps searches apart by value, whatever characters the values hold", async () => {
    const { session, client } = scriptedSession(listing);
    const knowledge = knowledgeOf(session);
    await knowledge.search("listLandingPages", "a:b", "admin");
    await knowledge.search("listLandingPages", "a", "admin");
    await knowledge.search("listLandingPages", "a:b", "admin");
    const searched = client.sent.map((request) => JSON.stringify(request.body));
    expect(searched.filter((body) => body.includes('"searchValue":"a:b"'))).toHaveLength(1);
    expect(searched.filter((body) => body.includes('"searchValue":"a"'))).toHaveLength(1);
  });

  it("reads each listed widget once and builds the request context once", async () => {
    const { session, client } = scriptedSession((request) =>
      request.path.endsWith("getWidget") ? { status: 200, json: widget(1) } : listing(),
    );
    const knowledge = knowledgeOf(session);
    const reads = await knowledge.reads("getWidget");
    expect(reads.reads.map((read) => read.id)).toEqual(["widget://t/w1", "widget://t/w2"]);
    expect(await knowledge.reads("getWidget")).toBe(reads);
    const context = await knowledge.requestContext();
    expect(context.widgetIds).toEqual(["widget://t/w1", "widget://t/w2"]);
    const sent = client.sent.length;
    expect(await knowledge.requestContext()).toBe(context);
    expect(client.sent.length).toBe(sent);
  });
});
