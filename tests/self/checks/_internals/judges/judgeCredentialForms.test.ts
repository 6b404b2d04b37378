/**
 * auth.token-form-refused, auth.client-id-form-refused, auth.bearer-scheme-case-accepted and the
 * statuses of auth.invalid-client-id-401, on scripted targets: what each form sends, and how each
 * status is judged (register credential-form-status, bearer-scheme-case, invalid-client-id-status).
 */
import { describe, expect, it } from "vitest";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import { checkOnScript } from "../../checkOnScript.js";

const LISTING = { status: 200, json: { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } } };
const REFUSED = { status: 401, json: { error: "invalid_token", error_description: "no" } };
/** The request as the target would see it: the path with its query, and each header line as "name: value". */
const seen = (request: OutgoingRequest) => [
  request.path,
  ...Object.entries(request.headers).map(([n, v]) => `${n}: ${v}`),
];

describe("auth.token-form-refused", () => {
  it("sends the valid token once in each form §5 does not define, never on two Authorization lines", async () => {
    const { result, client } = await checkOnScript("auth.token-form-refused", "listLandingPages", () => REFUSED);
    expect(result).toMatchObject({ outcome: "passed", message: "4 credential forms §5 does not define refused." });
    const sent = client.sent
      .map(seen)
      .map((lines) => lines.filter((line) => !/^(Content-Type|Accept|client_id):/.test(line)));
    expect(sent).toEqual([
      ["/platform/cms/listLandingPages", "Authorization: token-abcdef"],
      ["/platform/cms/listLandingPages", "Authorization: Token token-abcdef"],
      ["/platform/cms/listLandingPages", "Authorization: Basic token-abcdef"],
      ["/platform/cms/listLandingPages?access_token=token-abcdef"],
    ]);
    for (const request of client.sent) {
      expect(request.headers.client_id).toBe("client-id-1234");
      expect(request.probesCredentials).toBe(true);
    }
  });

  it("passes a 400, warns on a 403 and fails a 2xx, naming the form", async () => {
    const bad = await checkOnScript("auth.token-form-refused", "listLandingPages", () => ({ status: 400, json: {} }));
    expect(bad.result.outcome).toBe("passed");
    const forbidden = await checkOnScript("auth.token-form-refused", "listLandingPages", () => ({ status: 403 }));
    expect(forbidden.result).toMatchObject({ outcome: "warning", registerRefs: ["credential-form-status"] });
    const served = await checkOnScript("auth.token-form-refused", "listLandingPages", (request) =>
      request.path.includes("access_token") ? LISTING : REFUSED,
    );
    expect(served.result.outcome).toBe("failed");
    expect(served.result.message).toBe(
      "request with the valid token in the query string (?access_token=…) and no Authorization header got status 200.",
    );
  });

  it("skips an operation without a request the target is known to serve", async () => {
    const { result, client } = await checkOnScript("auth.token-form-refused", "getAnalytic", () => REFUSED, {
      fixtures: { analyticIds: [], roles: [] },
    });
    expect(result.outcome).toBe("skipped");
    expect(result.message).toContain("--analytic-id");
    expect(client.sent).toEqual([]);
  });
});

describe("auth.client-id-form-refused", () => {
  it("sends the valid client id under other names and in the query, never under client_id, its CGI twin client-id, or twice", async () => {
    const { result, client } = await checkOnScript("auth.client-id-form-refused", "getRoleFilters", () => REFUSED);
    expect(result.outcome).toBe("passed");
    const sent = client.sent
      .map(seen)
      .map((lines) => lines.filter((line) => !/^(Content-Type|Accept|Authorization):/.test(line)));
    expect(sent).toEqual([
      ["/platform/authorization/getRoleFilters", "clientId: client-id-1234"],
      ["/platform/authorization/getRoleFilters", "X-Client-Id: client-id-1234"],
      ["/platform/authorization/getRoleFilters?client_id=client-id-1234"],
    ]);
    for (const request of client.sent) expect(request.headers.Authorization).toBe("Bearer token-abcdef");
  });
});

describe("auth.bearer-scheme-case-accepted", () => {
  it("passes when bearer and BEARER are served", async () => {
    const { result, client } = await checkOnScript(
      "auth.bearer-scheme-case-accepted",
      "listLandingPages",
      () => LISTING,
    );
    expect(result.outcome).toBe("passed");
    expect(client.sent.map((request) => request.headers.Authorization)).toEqual([
      "bearer token-abcdef",
      "BEARER token-abcdef",
    ]);
  });

  it("warns when another letter case is refused while Bearer is served", async () => {
    const { result } = await checkOnScript("auth.bearer-scheme-case-accepted", "listLandingPages", (request) =>
      request.headers.Authorization?.startsWith("Bearer ") === true ? LISTING : REFUSED,
    );
    expect(result).toMatchObject({ outcome: "warning", registerRefs: ["bearer-scheme-case"] });
    expect(result.message).toContain('request with the valid token as "Authorization: bearer <token>" got 401');
  });

  it("judges nothing when Bearer is not served either", async () => {
    const { result } = await checkOnScript("auth.bearer-scheme-case-accepted", "listLandingPages", () => REFUSED);
    expect(result.outcome).toBe("skipped");
  });
});

describe("auth.invalid-client-id-401", () => {
  it("fails a 403 to a wrong client id: invalid credentials are 401, 403 is a user's permission (§5)", async () => {
    const { result } = await checkOnScript("auth.invalid-client-id-401", "listLandingPages", () => ({ status: 403 }));
    expect(result.outcome).toBe("failed");
  });

  it("fails a 400 to the client id one character off, and only warns on one to a client id of another shape", async () => {
    const otherShape = (request: OutgoingRequest) => request.headers.client_id?.startsWith("0000") === true;
    const both = await checkOnScript("auth.invalid-client-id-401", "listLandingPages", () => ({ status: 400 }));
    expect(both.result.outcome).toBe("failed");
    expect(both.result.message).toContain("last character changed got status 400");
    const formatFirst = await checkOnScript("auth.invalid-client-id-401", "listLandingPages", (request) =>
      otherShape(request) ? { status: 400 } : REFUSED,
    );
    expect(formatFirst.result).toMatchObject({ outcome: "warning", registerRefs: ["invalid-client-id-status"] });
  });
});
