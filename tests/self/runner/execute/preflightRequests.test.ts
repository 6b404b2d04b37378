/**
 * preflight against a loopback target that answers (issue 25.3): the valid body it sends each operation as each
 * user, built from the configured facts and the widget the listing returned; which 404 of a read says the
 * operation is not served (a known id, without the §7 body) and which is the read's own answer; the redirect
 * bounds (300 to 399); a restricted token refused on one operation only; the sentences that name the operations
 * not served; and the connections it closes whatever it decides.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../../runner/model/ConfigurationError.js";
import type { RunSettings } from "../../../../runner/model/RunSettings.js";
import { preflight } from "../../../../runner/preflight.js";
import { testSettings } from "../engine/engineDoubles.js";

/** One request the target received: the operation (last path segment), the user's bearer token and the JSON body. */
interface Received {
  readonly operation: string;
  readonly token: string;
  readonly body: unknown;
}

/** What the target answers: a status, a JSON body (none when undefined) and headers. */
interface Answer {
  readonly status: number;
  readonly json?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A target answering each operation with `answer(operation, token)`, keeping what it received and counting open connections. */
async function target(answer: (operation: string, token: string, body: unknown) => Answer): Promise<{
  baseUrl: string;
  received: Received[];
  openConnections: () => number;
}> {
  const received: Received[] = [];
  const open = new Set<Socket>();
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const operation = (request.url ?? "").split("/").at(-1) ?? "";
      const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
      received.push({ operation, token, body });
      const { status, json, headers = {} } = answer(operation, token, body);
      response
        .writeHead(status, { ...(json === undefined ? {} : { "content-type": "application/json" }), ...headers })
        .end(json === undefined ? undefined : JSON.stringify(json));
    });
  });
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    openConnections: () => open.size,
  };
}

/** The requests in a fixed order (the reads after the listing go out at once): by user, then by operation. */
const ORDER = ["listFactoryDefaultWidgets", "listLandingPages", "getAnalytic", "getWidget", "getRoleFilters"];
const sorted = (received: readonly Received[]): Received[] =>
  [...received].sort(
    (a, b) => a.token.localeCompare(b.token) || ORDER.indexOf(a.operation) - ORDER.indexOf(b.operation),
  );

/** The sentence preflight refuses with, or "resolved". */
async function outcome(settings: RunSettings): Promise<string> {
  return preflight(settings).then(
    () => "resolved",
    (error: unknown) => {
      expect(error).toBeInstanceOf(ConfigurationError);
      return (error as Error).message;
    },
  );
}

const OK: Answer = { status: 200, json: {} };
const LISTED: Answer = { status: 200, json: { widgets: [{ id: "widget://listed/1" }, { id: "widget://listed/2" }] } };
const NOT_FOUND: Answer = { status: 404, json: { message: "not found", reason: "OBJECT_NOT_FOUND" } };
const NO_PATH: Answer = { status: 404, json: { message: "no route" } };

/** Settings without a restricted user, with the given facts (testSettings' facts otherwise). */
function mainOnly(baseUrl: string, fixtures: Partial<RunSettings["fixtures"]> = {}): RunSettings {
  const settings = testSettings({ baseUrl });
  return {
    ...settings,
    credentials: { clientId: settings.credentials.clientId, token: settings.credentials.token },
    fixtures: { ...settings.fixtures, ...fixtures },
  };
}

describe("preflight's requests", () => {
  it("sends each operation a valid body from the configured facts and the listed widget, as the main and the restricted user", async () => {
    const { baseUrl, received } = await target((operation) =>
      operation === "listFactoryDefaultWidgets" ? LISTED : OK,
    );
    // testSettings: analytic ids [analytic://tenant/a1], roles r1 and r2 in hcm/payroll, both users.
    expect(await outcome(testSettings({ baseUrl }))).toBe("resolved");
    const asUser = (token: string): Received[] => [
      { operation: "listFactoryDefaultWidgets", token, body: {} },
      { operation: "listLandingPages", token, body: {} },
      { operation: "getAnalytic", token, body: { analyticId: "analytic://tenant/a1" } },
      { operation: "getWidget", token, body: { widgetId: "widget://listed/1" } },
      {
        operation: "getRoleFilters",
        token,
        body: { roles: ["r1", "r2"], domainName: "hcm", serviceName: "payroll" },
      },
    ];
    expect(sorted(received)).toStrictEqual([...asUser("restricted-987654"), ...asUser("token-abcdef")]);
  });

  it("asks for made-up ids and no role when nothing is configured or listed, and leaves out the names not given", async () => {
    const { baseUrl, received } = await target(() => OK);
    expect(
      await outcome(mainOnly(baseUrl, { analyticIds: [], roles: [], domainName: undefined, serviceName: undefined })),
    ).toBe("resolved");
    expect(sorted(received)).toStrictEqual([
      { operation: "listFactoryDefaultWidgets", token: "token-abcdef", body: {} },
      { operation: "listLandingPages", token: "token-abcdef", body: {} },
      { operation: "getAnalytic", token: "token-abcdef", body: { analyticId: "analytic://cms-conformance/preflight" } },
      { operation: "getWidget", token: "token-abcdef", body: { widgetId: "widget://cms-conformance/preflight" } },
      { operation: "getRoleFilters", token: "token-abcdef", body: { roles: [] } },
    ]);
  });

  it("sends the service name without a domain name, and the domain name without a service name", async () => {
    const { baseUrl, received } = await target(() => OK);
    await preflight(mainOnly(baseUrl, { roles: ["r9"], domainName: undefined, serviceName: "payroll" }));
    await preflight(mainOnly(baseUrl, { roles: [], domainName: "hcm", serviceName: undefined }));
    expect(received.filter(({ operation }) => operation === "getRoleFilters").map(({ body }) => body)).toStrictEqual([
      { roles: ["r9"], serviceName: "payroll" },
      { roles: [], domainName: "hcm" },
    ]);
  });

  it("closes its connections once it is done, whether it lets the run go on or stops it", async () => {
    const served = await target((operation) => (operation === "listFactoryDefaultWidgets" ? LISTED : OK));
    expect(await outcome(testSettings({ baseUrl: served.baseUrl }))).toBe("resolved");
    const refused = await target(() => ({ status: 401, json: { message: "no" } }));
    expect(await outcome(testSettings({ baseUrl: refused.baseUrl }))).toMatch(/^the token or client id was refused/);
    // The server sees the client's close a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([served.openConnections(), refused.openConnections()]).toStrictEqual([0, 0]);
  });
});

describe("preflight's reading of a 404", () => {
  it("lets the run go on when a read of a listed widget, or of an id it made up, answers the §7 not-found body", async () => {
    const { baseUrl } = await target((operation) =>
      operation === "listFactoryDefaultWidgets"
        ? LISTED
        : operation === "getWidget" || operation === "getAnalytic"
          ? NOT_FOUND
          : OK,
    );
    expect(await outcome(mainOnly(baseUrl, { analyticIds: [] }))).toBe("resolved");
  });

  it("lets the run go on when a read of an id it made up answers 404 without that body: nothing was listed or configured", async () => {
    const { baseUrl } = await target((operation) =>
      operation === "getWidget" || operation === "getAnalytic" ? NO_PATH : OK,
    );
    expect(await outcome(mainOnly(baseUrl, { analyticIds: [] }))).toBe("resolved");
  });

  it("stops naming getAnalytic when a configured analytic answers 404 without the §7 body, though no widget was listed", async () => {
    const { baseUrl } = await target((operation) => (operation === "getAnalytic" ? NO_PATH : OK));
    expect(await outcome(mainOnly(baseUrl))).toBe(
      `an operation is not served where the run asks: getAnalytic (${baseUrl}/platform/cms/getAnalytic) answered 404 to a valid request while other operations answered; give where the deployment serves it with --operation-path getAnalytic=/…`,
    );
  });

  it("stops naming every operation not served, and an --operation-path for each", async () => {
    const { baseUrl } = await target((operation) =>
      operation === "listFactoryDefaultWidgets"
        ? LISTED
        : operation === "getWidget" || operation === "getRoleFilters"
          ? NO_PATH
          : OK,
    );
    expect(await outcome(mainOnly(baseUrl, { analyticIds: [] }))).toBe(
      `operations are not served where the run asks: getWidget (${baseUrl}/platform/cms/getWidget), getRoleFilters (${baseUrl}/platform/authorization/getRoleFilters) answered 404 to a valid request while other operations answered; give where the deployment serves them with --operation-path getWidget=/… --operation-path getRoleFilters=/…`,
    );
  });
});

describe("preflight's reading of redirects and of the restricted user", () => {
  it("stops when every operation answers a status from 300 to 399, naming each Location once or its absence", async () => {
    const at300 = await target((operation) => ({
      status: 300,
      headers: { location: operation.startsWith("list") ? "https://a.example/" : "https://b.example/" },
    }));
    expect(await outcome(mainOnly(at300.baseUrl))).toBe(
      `every operation under ${at300.baseUrl} answered a redirect (300 to https://a.example/, https://b.example/); the suite follows none, so give the base URL they point to (--base-url)`,
    );
    const at399 = await target(() => ({ status: 399 }));
    expect(await outcome(mainOnly(at399.baseUrl))).toBe(
      `every operation under ${at399.baseUrl} answered a redirect (399 to no Location); the suite follows none, so give the base URL they point to (--base-url)`,
    );
  });

  it("lets the run go on when every operation answers 400: no redirect, and the checks judge it", async () => {
    const { baseUrl } = await target(() => ({ status: 400, json: { message: "bad" } }));
    expect(await outcome(testSettings({ baseUrl }))).toBe("resolved");
  });

  it("lets the run go on when the restricted token is refused by one operation only", async () => {
    const { baseUrl } = await target((operation, token) =>
      token === "restricted-987654" && operation === "getWidget" ? { status: 401, json: { message: "no" } } : OK,
    );
    expect(await outcome(testSettings({ baseUrl }))).toBe("resolved");
  });
});

/** A listing of no item that says so itself (§2.11: totals 0). */
const EMPTY_WIDGETS: Answer = {
  status: 200,
  json: { widgets: [], listInformation: { totalElements: 0, totalPages: 0 } },
};
const EMPTY_PAGES: Answer = {
  status: 200,
  json: { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } },
};

describe("preflight's configuration problems: no failure of the target (issues 48.5, 50.5)", () => {
  it("stops when the main token is refused with 403 on every content management operation, naming no secret", async () => {
    const { baseUrl } = await target((operation) => (operation === "getRoleFilters" ? OK : { status: 403 }));
    const sentence = await outcome(mainOnly(baseUrl));
    expect(sentence).toBe(
      "the main token is refused (403) on every operation: every content management operation answered 403 " +
        "(permission denied) to a valid request made with it, so nothing the target does can be judged; give the " +
        "token of a user who may use the interface, with the Visualizar permission (CMS_TOKEN or --token)",
    );
    expect(sentence).not.toContain("token-abcdef");
  });

  it("lets the run go on when the main token is refused with 403 by some operations only: the checks judge that", async () => {
    const { baseUrl } = await target((operation) => (operation === "getWidget" ? { status: 403 } : OK));
    expect(await outcome(mainOnly(baseUrl))).toBe("resolved");
  });

  it("reads every configured analytic once and stops naming the first the target answers 404 to, and how many", async () => {
    const known = new Set(["analytic://tenant/a1", "analytic://tenant/a3"]);
    const { baseUrl, received } = await target((operation, _token, body) =>
      operation === "getAnalytic" && !known.has((body as { analyticId?: string }).analyticId ?? "") ? NOT_FOUND : OK,
    );
    const twice = ["analytic://tenant/a1", "analytic://tenant/a1", "analytic://tenant/a3"];
    expect(await outcome(mainOnly(baseUrl, { analyticIds: twice }))).toBe("resolved");
    expect(received.filter(({ operation }) => operation === "getAnalytic").map(({ body }) => body)).toStrictEqual([
      { analyticId: "analytic://tenant/a1" },
      { analyticId: "analytic://tenant/a3" },
    ]);
    const four = ["analytic://tenant/a1", "analytic://tenant/a2", "analytic://tenant/a3", "analytic://tenant/a4"];
    expect(await outcome(mainOnly(baseUrl, { analyticIds: four }))).toBe(
      "the configured analytic id analytic://tenant/a2 is not found by the target (and 1 more of the 4 configured): " +
        "getAnalytic answered 404 to it as the main user (§4.3); give ids of analytics that exist (--analytic-id, " +
        "CMS_ANALYTIC_IDS or analytic-id in the config file)",
    );
  });

  it('stops with "nothing to judge" when both listings are empty for the main user, naming them and what to do', async () => {
    const { baseUrl } = await target((operation) =>
      operation === "listFactoryDefaultWidgets" ? EMPTY_WIDGETS : operation === "listLandingPages" ? EMPTY_PAGES : OK,
    );
    expect(await outcome(mainOnly(baseUrl, { analyticIds: [] }))).toBe(
      "nothing to judge: both listings are empty for the main user (listFactoryDefaultWidgets and listLandingPages " +
        "answered totalElements 0 and no item to a valid request), so pagination, search, permissions and the widget " +
        "reads would all be skipped; point --base-url at a tenant that holds widgets and landing pages, or give the " +
        "token of a user who sees them (--token or CMS_TOKEN)",
    );
    // A plan that judges only getRoleFilters and getAnalytic needs no listing.
    await expect(
      preflight(mainOnly(baseUrl, { analyticIds: [] }), new Set(["getRoleFilters", "getAnalytic"] as const)),
    ).resolves.toBeUndefined();
  });

  it("lets the run go on when one listing holds items, or an empty listing's totals say otherwise", async () => {
    const widgetsOnly = await target((operation) => (operation === "listLandingPages" ? EMPTY_PAGES : LISTED));
    expect(await outcome(mainOnly(widgetsOnly.baseUrl, { analyticIds: [] }))).toBe("resolved");
    const lying = await target((operation) =>
      operation === "listFactoryDefaultWidgets"
        ? { status: 200, json: { widgets: [], listInformation: { totalElements: 12, totalPages: 2 } } }
        : operation === "listLandingPages"
          ? EMPTY_PAGES
          : OK,
    );
    expect(await outcome(mainOnly(lying.baseUrl, { analyticIds: [] }))).toBe("resolved");
  });
});
