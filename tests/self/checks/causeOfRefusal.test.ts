import { describe, expect, it } from "vitest";
import { causeOfRefusal } from "../../../checks/_internals/judges/causeOfRefusal.js";
import { CANONICAL_HEADER_FORM } from "../../../contract/requestHeaderForms.js";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import { scriptedSession } from "../engine/engineDoubles.js";
import { jsonOf } from "./checkOnScript.js";

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
    );
    expect(finding.cause).toBe("null-fields");
    expect(client.sent.map(jsonOf)).toEqual([{ searchValue: "a" }]);
  });

  it("names the scheme's case when the same request with Bearer is served", async () => {
    const { session } = target(
      (request) => !String(header(request, "AUTHORIZATION") ?? header(request, "Authorization")).startsWith("Bearer "),
    );
    const form = { ...CANONICAL_HEADER_FORM, scheme: "BEARER", nameCase: "upper" as const };
    expect((await causeOfRefusal(session, "listLandingPages", {}, form)).cause).toBe("scheme-case");
  });

  it("names the header form when only the headers as §5 writes them are served", async () => {
    const { session, client } = target((request) => header(request, "Content-Type") !== "application/json");
    const form = { ...CANONICAL_HEADER_FORM, contentType: "application/json; charset=utf-8", scheme: "bearer" };
    const finding = await causeOfRefusal(session, "listLandingPages", { pagination: { pageSize: null } }, form);
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
    );
    expect(finding).toEqual({ cause: undefined, body: { roles: [] } });
    expect(client.sent).toHaveLength(1);
  });

  it("sends nothing for a request in §5's form without nulls", async () => {
    const { session, client } = target(() => true);
    expect(await causeOfRefusal(session, "getWidget", { widgetId: "widget://t/w" }, CANONICAL_HEADER_FORM)).toEqual({
      cause: undefined,
      body: { widgetId: "widget://t/w" },
    });
    expect(client.sent).toHaveLength(0);
  });
});
