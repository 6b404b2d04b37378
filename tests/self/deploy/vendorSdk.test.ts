/**
 * The vendor's own SDK (@seniorsistemas/senior-platform-apps, and senior-core for getRoleFilters)
 * reads all five operations from `serve` started with the SDK's layout (--operation-path), behind
 * a tenant prefix; then the suite runs against the same server with the same paths and passes.
 */
import axiosModule from "axios";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  PlatformAppsApi,
  type GetAnalyticOut,
  type ListFactoryDefaultWidgetsOut,
  type ListLandingPagesOut,
  type Widget,
} from "@seniorsistemas/senior-platform-apps";
import { readServeAnnouncement, serveCommand, type ServeAnnouncement } from "../../../cli/commands/serve.js";
import type { OperationName } from "../../../contract/operations.js";
import { runInProcess } from "../suite/runInProcess.js";

// axios 0.21 is CommonJS typed as an ES module: from ESM its default export is module.exports, whose `default` is the instance the SDK requires.
const axios = axiosModule.default;

/** The SDK's platform URL: it adds /rest/<domain>/<service>/<queries|actions>/<operation> (senior-core Platform). */
const TENANT_PREFIX = "/t/acme.com.br/bridge/1.0";

/** Where the SDKs call each operation, below `${TENANT_PREFIX}/rest` (read from their code in node_modules). */
const SDK_PATHS: Record<OperationName, string> = {
  listFactoryDefaultWidgets: "/platform/cms/queries/listFactoryDefaultWidgets",
  listLandingPages: "/platform/cms/actions/listLandingPages",
  getAnalytic: "/platform/cms/queries/getAnalytic",
  getWidget: "/platform/cms/queries/getWidget",
  getRoleFilters: "/platform/authorization/queries/getRoleFilters",
};

const servedPaths = Object.entries(SDK_PATHS).flatMap(([name, path]) => [
  "--operation-path",
  `${name}=${TENANT_PREFIX}/rest${path}`,
]);

describe("the vendor SDK against serve --operation-path", () => {
  let announced: ServeAnnouncement;
  let stop: () => void = () => undefined;
  let serving: Promise<number>;

  beforeAll(async () => {
    let stdout = "";
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      readStdin: async () => "",
    };
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    serving = serveCommand(["--seed", "4", ...servedPaths], io, () => stopped);
    await vi.waitFor(() => expect(stdout).toContain("Stop with Ctrl-C"), { timeout: 30_000 });
    announced = readServeAnnouncement(stdout.split("\n")[0] ?? "");
    // The SDK sends no client_id (a gateway adds it) and calls axios's default instance: add it there.
    axios.defaults.headers.common.client_id = announced.clientId;
  });

  afterAll(async () => {
    delete axios.defaults.headers.common.client_id;
    stop();
    await serving;
  });

  function sdk(): PlatformAppsApi {
    const api = new PlatformAppsApi();
    api.setUrl(`${announced.baseUrl}${TENANT_PREFIX}`);
    api.accessToken = announced.token;
    return api;
  }

  it("announces the paths it serves", () => {
    expect(announced.operationPaths?.getWidget).toBe(`${TENANT_PREFIX}/rest/platform/cms/queries/getWidget`);
  });

  it("reads all five operations and gets the answers the SDK types", async () => {
    const api = sdk();
    const widgets = await api.cms.listFactoryDefaultWidgets({ pagination: { pageNumber: 0, pageSize: 5 } });
    const listed: ListFactoryDefaultWidgetsOut = widgets.body;
    expect(widgets.statusCode).toBe(200);
    expect(listed.widgets).toHaveLength(5);
    expect(listed.listInformation).toEqual({ totalElements: expect.any(Number), totalPages: expect.any(Number) });

    const first = listed.widgets[0] as Widget;
    const widget = await api.cms.getWidget({ widgetId: first.id });
    expect(widget.statusCode).toBe(200);
    expect(widget.body).toMatchObject({ id: first.id, name: expect.any(String), url: expect.any(String) });

    const pages = await api.cms.listLandingPages({ searchValue: "" });
    const landing: ListLandingPagesOut = pages.body;
    expect(pages.statusCode).toBe(200);
    expect(landing.landingPages.length).toBeGreaterThan(0);
    for (const page of landing.landingPages)
      expect(page).toMatchObject({
        id: expect.any(String),
        pageId: expect.any(String),
        title: expect.any(String),
        landingPageType: expect.stringMatching(/^(DEFAULT|SHARED|PERSONAL)$/),
      });

    const analyticId = announced.analyticIds[0] as string;
    const analytic = await api.cms.getAnalytic({ analyticId });
    const read: GetAnalyticOut = analytic.body;
    expect(analytic.statusCode).toBe(200);
    expect(read.analytic).toMatchObject({
      id: analyticId,
      name: expect.any(String),
      chart: { type: expect.any(String), series: expect.any(Array), datasetId: expect.any(String) },
      createdBy: expect.any(String),
      createdDate: expect.any(String),
    });

    const filters = await api.authorization.getRoleFilters({
      roles: announced.roles.slice(0, 2),
      domainName: announced.domainName,
      serviceName: announced.serviceName,
    });
    expect(filters.statusCode).toBe(200);
    expect(Array.isArray((filters.body as { filters: unknown }).filters)).toBe(true);
    expect((filters.body as { filters: unknown[] }).filters.length).toBeGreaterThan(0);
  });

  it("is refused where a gateway would refuse it: without the client_id the SDK does not send", async () => {
    delete axios.defaults.headers.common.client_id;
    try {
      await expect(sdk().cms.getWidget({ widgetId: "widget://x/y" })).rejects.toMatchObject({
        response: { status: 401 },
      });
    } finally {
      axios.defaults.headers.common.client_id = announced.clientId;
    }
  });

  it("answers nothing at the §4 paths once they have moved", async () => {
    const api = new PlatformAppsApi();
    api.setUrl(announced.baseUrl); // the SDK then calls /rest/platform/cms/queries/…, not the served paths
    api.accessToken = announced.token;
    await expect(api.cms.listFactoryDefaultWidgets({})).rejects.toMatchObject({ response: { status: 404 } });
  });

  it("is judged by the suite through the same base URL prefix and paths: no failure, no error", async () => {
    const { clientId, token, restrictedToken, analyticIds, roles, domainName, serviceName } = announced;
    const layer = {
      baseUrl: `${announced.baseUrl}${TENANT_PREFIX}/rest`,
      clientId,
      token,
      restrictedToken,
      analyticIds,
      roles,
      domainName,
      serviceName,
      operationPaths: SDK_PATHS,
    };
    const report = await runInProcess(layer, { maxExamples: 3 });
    expect(
      report.results
        .filter((result) => result.outcome === "failed" || result.outcome === "error")
        .map((result) => `${result.checkId} [${result.operation}]: ${result.message}`),
    ).toEqual([]);
    expect(report.results.filter((result) => result.outcome === "passed").length).toBeGreaterThan(50);
    expect(Object.keys(report.timings).sort()).toEqual(Object.keys(SDK_PATHS).sort());
  });
});
