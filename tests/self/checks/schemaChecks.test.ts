/** The schema checks (§2, §4) on an in-memory CMS: which answers each validates, and what it calls wrapped, unwrapped or carrying roles. */
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../contract/operations.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { testSettings } from "../runner/engine/engineDoubles.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";
import { fakeCms, type FakeCms } from "./fakeCms.js";

async function run(checkId: string, operation: OperationName, cms: FakeCms, settings: Partial<RunSettings> = {}) {
  const { result, client } = await checkOnScript(checkId, operation, fakeCms(cms), settings);
  return { result, client };
}

const shared = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  pageId: id,
  title: id,
  landingPageType: "SHARED",
  ...extra,
});

describe("schema.response-body", () => {
  it("validates the restricted user's pages only when there is a restricted user", async () => {
    const asRestricted = (sent: readonly { headers: Readonly<Record<string, string>> }[]) =>
      sent.filter((request) => String(request.headers.Authorization).includes("restricted")).length;
    const landingPages = [shared("lp0")];
    const both = await run("schema.response-body", "listLandingPages", { landingPages });
    expect(asRestricted(both.client.sent)).toBeGreaterThan(0);
    const { credentials } = testSettings();
    const alone = await run(
      "schema.response-body",
      "listLandingPages",
      { landingPages },
      { credentials: { clientId: credentials.clientId, token: credentials.token } },
    );
    expect(asRestricted(alone.client.sent)).toBe(0);
    expect(alone.client.sent.length).toBeLessThan(both.client.sent.length);
  });

  it("asks getRoleFilters for each role and all of them, and skips without roles", async () => {
    const { client } = await checkOnScript("schema.response-body", "getRoleFilters", () => ({
      status: 200,
      json: { filters: [] },
    }));
    expect(client.sent.map((request) => jsonOf(request).roles)).toEqual([["r1"], ["r2"], ["r1", "r2"]]);
    const none = await checkOnScript(
      "schema.response-body",
      "getRoleFilters",
      () => ({ status: 200, json: { filters: [] } }),
      { fixtures: { analyticIds: [], roles: [] } },
    );
    expect(none.result).toMatchObject({
      outcome: "skipped",
      skipReason: "no roles are configured; pass --role NAME (repeatable) with --domain-name and --service-name",
    });
  });
});

describe("schema.widget-not-wrapped", () => {
  const read = (body: unknown) =>
    run("schema.widget-not-wrapped", "getWidget", {
      widgets: [{ id: "w1", name: "n" }],
      tamperRead: () => ({ status: 200, json: body }),
    });

  it("fails a widget inside a field, even one holding other fields besides", async () => {
    expect((await read({ widget: { id: "w1", name: "n" } })).result).toMatchObject({
      outcome: "failed",
      message: 'getWidget w1: the widget is wrapped in the field "widget".',
    });
    expect((await read({ data: { id: "w1", somethingElse: 1 } })).result.outcome).toBe("failed");
  });

  it("passes a widget at the top level, whatever its object fields hold, and a body with no widget field at all", async () => {
    expect((await read({ id: "w1", name: "n", meta: { id: "m1" } })).result.outcome).toBe("passed");
    expect((await read({ data: { other: 1 } })).result.outcome).toBe("passed");
  });
});

describe("schema.shared-roles-omitted", () => {
  it("fails a shared page carrying roles, showing at most 300 characters of them", async () => {
    const roles = Array.from({ length: 100 }, (_, index) => `role-${index}`);
    const { result } = await run("schema.shared-roles-omitted", "listLandingPages", {
      landingPages: [shared("lp0", { roles })],
    });
    expect(result).toMatchObject({
      outcome: "failed",
    });
    expect(result.message.split("\n")[0]).toBe(
      'listing, page 0: the SHARED landing page "lp0" carries roles. (+3 more findings)',
    );
    expect(result.actual).toBe(`roles: ${JSON.stringify(roles)}`.slice(0, 300));
  });

  it("skips without shared pages, and says when the listing was sampled", async () => {
    expect(
      (
        await run("schema.shared-roles-omitted", "listLandingPages", {
          landingPages: [{ id: "p", landingPageType: "PERSONAL" }],
        })
      ).result,
    ).toMatchObject({
      outcome: "skipped",
      skipReason: "the target's landing-page listing has no SHARED page to inspect.",
    });
    const many = Array.from({ length: 25 }, (_, index) => shared(`lp${index}`));
    const { result } = await run(
      "schema.shared-roles-omitted",
      "listLandingPages",
      { landingPages: many },
      { maxPageSize: 10, maxPagesWalked: 1 },
    );
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        "42 appearance(s) of shared pages inspected in 6 listing(s) and search(es) (listing sampled: walked 1 of 3 pages (sampling bound --max-pages)).",
    });
  });

  it("fails roles that only searches show, as the main or the restricted user (issue 22.5)", async () => {
    const pages = [shared("lp0", { title: "Quarterly dashboard" }), shared("lp1", { title: "Other" })];
    const { result } = await run("schema.shared-roles-omitted", "listLandingPages", {
      landingPages: pages,
      tamper: (call) =>
        call.searchValue
          ? {
              status: 200,
              json: {
                landingPages: call.found.map((page) => ({ ...page, roles: ["r1"] })),
                listInformation: { totalElements: call.found.length, totalPages: 1 },
              },
            }
          : undefined,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/^search "Quarterly", page 0: the SHARED landing page "lp0" carries roles\./);
    expect(result.message).toMatch(/search "Quarterly" as the restricted user, page 0/);
  });
});
