/** sampleRequests.ts: the request bodies a target should answer 200, and ids that do not exist. */
import { describe, expect, it } from "vitest";
import {
  roleFiltersRequest,
  successfulRequestBody,
  unknownAnalyticId,
  unknownWidgetId,
  wellFormedRequestBody,
} from "../../../../../checks/_internals/requests/sampleRequests.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

describe("unknown ids", () => {
  it("replaces the last segment of a known widget id", () => {
    expect(unknownWidgetId("widget://acme.com.br/erp/sales/kpi", 35)).toBe(
      "widget://acme.com.br/erp/sales/cms-conformance-unknown-z",
    );
    expect(unknownWidgetId("widget://acme", 1)).toBe("widget://cms-conformance-unknown-1");
  });

  it("invents one when no widget id is known, or the known one is not a widget URI", () => {
    expect(unknownWidgetId(undefined, 36)).toBe("widget://cms-conformance.invalid/cms-conformance-unknown-10");
    expect(unknownWidgetId("", 1)).toBe("widget://cms-conformance.invalid/cms-conformance-unknown-1");
    expect(unknownWidgetId("landing://t/p", 1)).toBe("widget://cms-conformance.invalid/cms-conformance-unknown-1");
  });

  it("keeps the tenant of a known analytic id", () => {
    expect(unknownAnalyticId("analytic://acme.com.br/a1", 35)).toBe("analytic://acme.com.br/cms-conformance-unknown-z");
    expect(unknownAnalyticId(undefined, 35)).toBe("analytic://cms-conformance.invalid/cms-conformance-unknown-z");
    expect(unknownAnalyticId("analytic://no-identifier", 35)).toBe(
      "analytic://cms-conformance.invalid/cms-conformance-unknown-z",
    );
    expect(unknownAnalyticId("x-analytic://acme/a1", 35)).toBe(
      "analytic://cms-conformance.invalid/cms-conformance-unknown-z",
    );
  });
});

describe("request bodies", () => {
  it("asks for roles with the configured domainName and serviceName, when there are some", () => {
    const { session } = scriptedSession(() => ({}));
    expect(roleFiltersRequest(session, ["a", "b"])).toEqual({
      roles: ["a", "b"],
      domainName: "hcm",
      serviceName: "payroll",
    });
    const bare = scriptedSession(() => ({}), { fixtures: { analyticIds: [], roles: [] } }).session;
    expect(roleFiltersRequest(bare, [])).toStrictEqual({ roles: [] });
  });

  it("builds a body each operation should answer 200, from what the target listed and the configuration gave", async () => {
    const { session } = scriptedSession(smallTarget(3), {
      fixtures: { analyticIds: ["analytic://t/a9", "analytic://t/a8"], roles: ["r1", "r2", "r3"], domainName: "d" },
    });
    expect(await successfulRequestBody(session, "listFactoryDefaultWidgets")).toEqual({});
    expect(await successfulRequestBody(session, "listLandingPages")).toEqual({});
    expect(await successfulRequestBody(session, "getWidget")).toEqual({ widgetId: "widget://t/w0" });
    expect(await successfulRequestBody(session, "getAnalytic")).toEqual({ analyticId: "analytic://t/a9" });
    expect(await successfulRequestBody(session, "getRoleFilters")).toEqual({ roles: ["r1", "r2"], domainName: "d" });
  });

  it("has no successful body to give without widgets or analytic ids, and a well-formed one naming an id that does not exist", async () => {
    const { session } = scriptedSession(smallTarget(0), { seed: 35, fixtures: { analyticIds: [], roles: [] } });
    expect(await successfulRequestBody(session, "getWidget")).toBeUndefined();
    expect(await successfulRequestBody(session, "getAnalytic")).toBeUndefined();
    expect(await wellFormedRequestBody(session, "getWidget")).toEqual({
      widgetId: "widget://cms-conformance.invalid/cms-conformance-unknown-z",
    });
    expect(await wellFormedRequestBody(session, "getAnalytic")).toEqual({
      analyticId: "analytic://cms-conformance.invalid/cms-conformance-unknown-z",
    });
    expect(await wellFormedRequestBody(session, "listLandingPages")).toEqual({});
  });
});
