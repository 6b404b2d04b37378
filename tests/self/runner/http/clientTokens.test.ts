/** The client's tokens (runner/http/clientTokens.ts): a request that meets an expired token is sent again with the newest. */
import { describe, expect, it } from "vitest";
import { createClientTokens } from "../../../../runner/http/clientTokens.js";
import type { Exchange } from "../../../../runner/model/Exchange.js";
import type { OutgoingRequest } from "../../../../runner/http/types.js";

const ORIGINAL = "original-token-1234";

/** An exchange answered `status`, as the client's send would give it. */
const answered = (status: number, headers: Readonly<Record<string, string>>) =>
  ({ request: { headers }, response: { status } }) as unknown as Exchange;

function tokensRenewingTo(values: string[]) {
  return createClientTokens(
    {
      baseUrl: "http://127.0.0.1:1",
      secrets: [],
      renewableTokens: [
        {
          original: ORIGINAL,
          placeholder: "$CMS_TOKEN",
          renew: async () => values.shift() ?? "never-more",
        },
      ],
    },
    () => undefined,
  );
}

const request: OutgoingRequest = {
  path: "/x",
  method: "POST",
  headers: { Authorization: `Bearer ${ORIGINAL}` },
  priority: { background: true },
};

describe("createClientTokens send", () => {
  it("sends again, with the newest token and in the foreground, a request whose resend met a token renewed meanwhile", async () => {
    const tokens = tokensRenewingTo(["second", "third"]);
    const sent: OutgoingRequest[] = [];
    // The target accepts only "third": the first send carries the original, the resend "second", which
    // another request has used up and renewed while the resend waited.
    const answer = await tokens.send(request, async (outgoing) => {
      sent.push(outgoing);
      const token = outgoing.headers?.Authorization?.slice("Bearer ".length);
      if (token === "second" && sent.length === 2) {
        // Meanwhile another request met the expiry of "second" and renewed it.
        await tokens.send({ path: "/y", method: "POST", headers: { Authorization: `Bearer ${ORIGINAL}` } }, async (o) =>
          answered(o.headers?.Authorization === "Bearer second" ? 200 : 401, o.headers ?? {}),
        );
      }
      return answered(token === "third" ? 200 : 401, outgoing.headers ?? {});
    });
    expect(answer.response?.status).toBe(200);
    expect(sent.map((outgoing) => outgoing.headers?.Authorization)).toEqual([
      `Bearer ${ORIGINAL}`,
      "Bearer second",
      "Bearer third",
    ]);
    expect(sent.map((outgoing) => outgoing.priority)).toEqual([{ background: true }, undefined, undefined]);
  });

  it("stops at a refused credential: a 401 to a token just obtained is returned, not sent again", async () => {
    const tokens = tokensRenewingTo(["second", "third"]);
    let sends = 0;
    const answer = await tokens.send(request, async (outgoing) => {
      sends += 1;
      return answered(401, outgoing.headers ?? {});
    });
    expect(answer.response?.status).toBe(401);
    expect(sends).toBe(2);
  });

  it("never sends a credential probe again", async () => {
    const tokens = tokensRenewingTo(["second"]);
    let sends = 0;
    await tokens.send({ ...request, probesCredentials: true }, async (outgoing) => {
      sends += 1;
      return answered(401, outgoing.headers ?? {});
    });
    expect(sends).toBe(1);
  });
});
