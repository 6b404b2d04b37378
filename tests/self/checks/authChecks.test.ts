/** auth.near-miss-token-401 on a scripted target: each near miss is named by how it was made, never by the token. */
import { describe, expect, it } from "vitest";
import { checkOnScript } from "./checkOnScript.js";

describe("auth.near-miss-token-401", () => {
  it("names each credential the target let through, the empty and bare Bearer under their register", async () => {
    const { result, client } = await checkOnScript("auth.near-miss-token-401", "listLandingPages", () => ({
      status: 200,
      json: { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } },
    }));
    expect(client.sent.map((request) => request.headers.Authorization)).toEqual(
      expect.arrayContaining(["Bearer ", "Bearer"]),
    );
    expect(result.outcome).toBe("failed");
    expect(result.registerRefs).toEqual(["missing-credentials-status"]);
    expect(
      result.message.split("\n").map((line) => line.replace(/^- /, "").replace(/ \(\+\d+ more findings\)$/, "")),
    ).toEqual([
      "request with the valid token with one character appended got status 200.",
      "request with the valid token without its last character got status 200.",
      "request with the valid token with its last character changed got status 200.",
      "request with the valid token with the letter case of every letter swapped got status 200.",
      'request with "Authorization: Bearer " (no token) got status 200.',
      'request with "Authorization: Bearer" alone got status 200.',
    ]);
  });

  it("says how many near misses were refused", async () => {
    const { result } = await checkOnScript("auth.near-miss-token-401", "listLandingPages", () => ({
      status: 401,
      json: { error: "invalid_token", error_description: "no" },
    }));
    expect(result).toMatchObject({ outcome: "passed", message: "6 near-miss credentials refused." });
  });

  it("sends the token with its letters case-swapped, and fails when only that is served", async () => {
    const { result, client } = await checkOnScript("auth.near-miss-token-401", "listLandingPages", (request) =>
      request.headers.Authorization === "Bearer TOKEN-ABCDEF"
        ? { status: 200, json: { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } } }
        : { status: 401, json: { error: "invalid_token", error_description: "no" } },
    );
    expect(client.sent.map((request) => request.headers.Authorization)).toContain("Bearer TOKEN-ABCDEF");
    expect(result.outcome).toBe("failed");
    expect(result.message).toBe(
      "request with the valid token with the letter case of every letter swapped got status 200.",
    );
  });

  it("does not send a case-swapped token that is the token itself (no letters), and says so", async () => {
    const { result, client } = await checkOnScript(
      "auth.near-miss-token-401",
      "listLandingPages",
      () => ({ status: 401, json: { error: "invalid_token", error_description: "no" } }),
      { credentials: { token: "1234-5678-90", clientId: "client-id-1234" } },
    );
    expect(client.sent.map((request) => request.headers.Authorization)).not.toContain("Bearer 1234-5678-90");
    expect(result.outcome).toBe("passed");
    expect(result.message).toContain("5 near-miss credentials refused.");
    expect(result.message).toContain(
      "not sent: the valid token with the letter case of every letter swapped is the configured token itself.",
    );
  });
});
