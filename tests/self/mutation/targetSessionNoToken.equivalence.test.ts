/**
 * Proof of the claim in runner/engine/TargetSession.ts: without its own case, "no-token" falls through to the
 * near-miss cases, whose switch knows no kind "en" and returns undefined all the same, so every caller sends
 * the same headers and body with the case and without it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../../runner/engine/TargetSession.js";
import { ScriptedClient, testSettings } from "../runner/engine/engineDoubles.js";
import { sideBySide } from "./sideBySide.js";

type SessionModule = typeof import("../../../runner/engine/TargetSession.js");

const { original, mutant } = await sideBySide<SessionModule>({
  file: "runner/engine/TargetSession.ts",
  mutator: "ConditionalExpression",
  at: 'case "no-token":',
});

const CALLERS: readonly Caller[] = [
  "admin",
  "restricted",
  "no-token",
  "invalid-token",
  "no-client-id",
  "client-id-changed",
  "client-id-other",
  "token-appended",
  "token-truncated",
  "token-changed",
  "token-case-changed",
  "empty-bearer",
  "bare-bearer",
];

const credential = fc.string({ minLength: 1, maxLength: 24 }).filter((text) => text.trim() === text && text !== "");

/** What a session of `module` sends for `caller`. */
async function sent(module: SessionModule, caller: Caller, token: string, clientId: string, seed: number) {
  const client = new ScriptedClient(() => ({ status: 200, json: {} }));
  const settings = testSettings({ seed });
  const session = new module.TargetSession(
    { ...settings, credentials: { ...settings.credentials, token, clientId, restrictedToken: `${token}-r` } },
    client,
  );
  await session.send("getWidget", { caller, json: { widgetId: "widget://a" } });
  return client.sent;
}

describe("TargetSession's tokens with and without the no-token case (ConditionalExpression)", () => {
  it("sends the same request for every caller, whatever the credentials and the seed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLERS), credential, credential, fc.integer(), async (caller, token, id, seed) => {
        expect(await sent(mutant, caller, token, id, seed)).toEqual(await sent(original, caller, token, id, seed));
      }),
      { numRuns: 400 },
    );
  });

  it("sends no Authorization for no-token, and one for the admin (the comparison sees the header)", async () => {
    const [none, admin] = await Promise.all([
      sent(original, "no-token", "token-abc", "client-1", 1),
      sent(original, "admin", "token-abc", "client-1", 1),
    ]);
    expect(none[0]?.headers).not.toHaveProperty("Authorization");
    expect(admin[0]?.headers).toHaveProperty("Authorization", "Bearer token-abc");
  });
});
