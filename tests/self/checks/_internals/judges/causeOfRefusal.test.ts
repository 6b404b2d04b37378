import { describe, expect, it } from "vitest";
import { causeOfRefusal } from "../../../../../checks/_internals/judges/causeOfRefusal.js";
import { CANONICAL_HEADER_FORM } from "../../../../../contract/requestHeaderForms.js";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { jsonOf } from "../../checkOnScript.js";

/** A target that serves a request unless `refuses` says otherwise (400). */
function target(refuses: (request: OutgoingRequest) => boolean) {
  return scriptedSession((request) => (refuses(request) ? { status: 400, json: {} } : { status: 200, json: {} }));
}
const hasNull = (request: OutgoingRequest) => Object.values(jsonOf(request)).includes(null);
const header = (request: OutgoingRequest, name: string) => request.headers[name];

describe("causeOfRefusal", () => {
  it("names the null fields when the request without them is served", async () => {
    const { session, client } = target(hasNull);
    const finding = await causeOfRefusal(
      session,
      "listLandingPages",
      { searchValue: "a", pagination: null },
      CANONICAL_HEADER_FORM,
      400,
    );
    expect(finding.cause).toBe("null-fields");
    expect(client.sent.map(jsonOf)).toEqual([{ searchValue: "a" }]);
  });

  it("names the escapes when the same body written as JSON.stringify writes it is served (RFC 8259 §7)", async () => {
    const { session, client } = target((request) => request.body !== undefined && "raw" in request.body);
    const text = '{"searchValue":"\\u0061"}';
    const finding = await causeOfRefusal(
      session,
      "listLandingPages",
      { searchValue: "a" },
      CANONICAL_HEADER_FORM,
      400,
      text,
    );
    expect(finding.cause).toBe("escapes");
    expect(client.sent.map((request) => request.body)).toEqual([{ json: { searchValue: "a" } }]);
    // Sent as JSON.stringify writes it (no text), nothing is asked again for its escapes.
    const plain = target(() => true);
    expect(
      (await causeOfRefusal(plain.session, "listLandingPages", { searchValue: "a" }, CANONICAL_HEADER_FORM, 400)).cause,
    ).toBeUndefined();
    expect(plain.client.sent).toHaveLength(0);
  });

  it("names the scheme's case when the same request with Bearer is served", async () => {
    const { session } = target(
      (request) => !String(header(request, "AUTHORIZATION") ?? header(request, "Authorization")).startsWith("Bearer "),
    );
    const form = { ...CANONICAL_HEADER_FORM, scheme: "BEARER", nameCase: "upper" as const };
    expect((await causeOfRefusal(session, "listLandingPages", {}, form, 400)).cause).toBe("scheme-case");
  });

  it("names the header form when only the headers as §5 writes them are served", async () => {
    const { session, client } = target((request) => header(request, "Content-Type") !== "application/json");
    const form = { ...CANONICAL_HEADER_FORM, contentType: "application/json; charset=utf-8", scheme: "bearer" };
    const finding = await causeOfRefusal(session, "listLandingPages", { pagination: { pageSize: null } }, form, 400);
    expect(finding.cause).toBe("header-form");
    // Nulls left out first, then the scheme, then every header: three requests.
    expect(client.sent).toHaveLength(3);
    expect(client.sent.map(jsonOf)).toEqual([{ pagination: {} }, { pagination: {} }, { pagination: {} }]);
  });

  it("names no cause, and gives the body without its nulls, when the canonical form is refused too", async () => {
    const { session, client } = target(() => true);
    const finding = await causeOfRefusal(
      session,
      "getRoleFilters",
      { roles: [], domainName: null },
      CANONICAL_HEADER_FORM,
      400,
    );
    expect(finding).toEqual({ cause: undefined, body: { roles: [] } });
    expect(client.sent).toHaveLength(1);
  });

  it("sends nothing for a request in §5's form without nulls", async () => {
    const { session, client } = target(() => true);
    expect(
      await causeOfRefusal(session, "getWidget", { widgetId: "widget://t/w" }, CANONICAL_HEADER_FORM, 400),
    ).toEqual({
      cause: undefined,
      body: { widgetId: "widget://t/w" },
    });
    expect(client.sent).toHaveLength(0);
  });

  it("names the scheme's case when Bearer turns a 401 into another refusal the request earns on its own (a large page number's 400)", async () => {
    const { session } = scriptedSession((request) => {
      const authorization = String(header(request, "Authorization") ?? "");
      if (!authorization.startsWith("Bearer ")) return { status: 401, json: {} };
      return { status: 400, json: {} };
    });
    const form = { ...CANONICAL_HEADER_FORM, scheme: "bearer" };
    const finding = await causeOfRefusal(
      session,
      "listLandingPages",
      { pagination: { pageNumber: 2 ** 31 } },
      form,
      401,
    );
    expect(finding.cause).toBe("scheme-case");
    expect(finding.cause && finding.served.response?.status).toBe(400);
  });

  it("names no cause when undoing a form gets the very refusal again", async () => {
    const { session } = target(() => true);
    const form = { ...CANONICAL_HEADER_FORM, scheme: "bearer" };
    expect((await causeOfRefusal(session, "listLandingPages", {}, form, 400)).cause).toBeUndefined();
  });
});
