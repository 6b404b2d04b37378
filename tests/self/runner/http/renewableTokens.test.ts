import { describe, expect, it, vi } from "vitest";
import { createRenewableTokens, MAX_RENEWALS } from "../../../../runner/http/renewableTokens.js";

const ORIGINAL = "original-token-1234";

function setUp(values: string[]) {
  const renew = vi.fn(async () => {
    const next = values.shift();
    if (next === undefined) throw new Error("the --token-command command exited with status 1");
    return next;
  });
  const renewed: [string, string][] = [];
  const failures: string[] = [];
  const tokens = createRenewableTokens(
    [{ original: ORIGINAL, placeholder: "$CMS_TOKEN", renew }],
    (value, placeholder) => renewed.push([value, placeholder]),
    (sentence) => failures.push(sentence),
  );
  return { tokens, renew, renewed, failures };
}

describe("renewable tokens", () => {
  it("leave every header alone until a renewal, then send the new value in place of the original only", async () => {
    const { tokens } = setUp(["renewed-token-5678"]);
    const headers = { Authorization: `Bearer ${ORIGINAL}`, client_id: "c" };
    expect(tokens.current(headers)).toBe(headers);
    expect(await tokens.renewAfter401(headers)).toBe(true);
    expect(tokens.current(headers)).toEqual({ Authorization: "Bearer renewed-token-5678", client_id: "c" });
    expect(tokens.current({ authorization: `Bearer ${ORIGINAL}` })).toEqual({
      authorization: "Bearer renewed-token-5678",
    });
    for (const other of [{ Authorization: "Bearer near-miss" }, { Authorization: `Bearer ${ORIGINAL}A` }, {}] as Record<
      string,
      string
    >[])
      expect(tokens.current(other)).toBe(other);
  });

  it("send the new value in every credential form of the auth checks, so only the form can explain a refusal", async () => {
    const { tokens } = setUp(["renewed-token-5678"]);
    expect(tokens.currentPath(`/p?access_token=${ORIGINAL}`)).toBe(`/p?access_token=${ORIGINAL}`);
    await tokens.renewAfter401({ Authorization: `Bearer ${ORIGINAL}` });
    expect(
      tokens.current({
        Authorization: `Bearer ${ORIGINAL}`,
        authorization: "Bearer not-issued",
        "X-Other": ORIGINAL,
        "X-Scheme": `Token ${ORIGINAL}`,
        "X-Case": `bearer ${ORIGINAL}`,
      }),
    ).toEqual({
      Authorization: "Bearer renewed-token-5678",
      authorization: "Bearer not-issued",
      "X-Other": "renewed-token-5678",
      "X-Scheme": "Token renewed-token-5678",
      "X-Case": "bearer renewed-token-5678",
    });
    expect(tokens.currentPath(`/p?access_token=${ORIGINAL}`)).toBe("/p?access_token=renewed-token-5678");
    expect(tokens.currentPath(`/p?access_token=${ORIGINAL}A&x=1`)).toBe(`/p?access_token=${ORIGINAL}A&x=1`);
    expect(tokens.currentPath(`/p?a=1&access_token=${ORIGINAL}&b=2`)).toBe(
      "/p?a=1&access_token=renewed-token-5678&b=2",
    );
  });

  it("never renew after a 401 to a request without the token or with another one (the auth checks' probes)", async () => {
    const { tokens, renew } = setUp(["renewed-token-5678"]);
    for (const headers of [{}, { Authorization: "Bearer forged" }, { Authorization: `Basic ${ORIGINAL}` }] as Record<
      string,
      string
    >[])
      expect(await tokens.renewAfter401(headers)).toBe(false);
    expect(renew).not.toHaveBeenCalled();
  });

  it("announce the new value before any request carries it, under the token's placeholder", async () => {
    const { tokens, renewed } = setUp(["renewed-token-5678"]);
    await tokens.renewAfter401({ Authorization: `Bearer ${ORIGINAL}` });
    expect(renewed).toEqual([["renewed-token-5678", "$CMS_TOKEN"]]);
  });

  it("run the command once for every request that met the same expiry, and resend those sent with the old value", async () => {
    const { tokens, renew } = setUp(["renewed-token-5678"]);
    const old = { Authorization: `Bearer ${ORIGINAL}` };
    expect(await Promise.all([tokens.renewAfter401(old), tokens.renewAfter401(old)])).toEqual([true, true]);
    expect(await tokens.renewAfter401(old)).toBe(true);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("renew a value only once the target accepted it: a target refusing the new token too runs the command no more", async () => {
    const { tokens, renew } = setUp(["second", "third"]);
    expect(await tokens.renewAfter401({ Authorization: `Bearer ${ORIGINAL}` })).toBe(true);
    expect(await tokens.renewAfter401({ Authorization: "Bearer second" })).toBe(false);
    expect(renew).toHaveBeenCalledTimes(1);
    tokens.accepted({ Authorization: "Bearer second" });
    expect(await tokens.renewAfter401({ Authorization: "Bearer second" })).toBe(true);
    expect(tokens.current({ Authorization: `Bearer ${ORIGINAL}` })).toEqual({ Authorization: "Bearer third" });
    tokens.accepted({ Authorization: "Bearer forged" });
    expect(await tokens.renewAfter401({ Authorization: "Bearer third" })).toBe(false);
  });

  it(`renew at most ${MAX_RENEWALS} times in a run`, async () => {
    const values = Array.from({ length: MAX_RENEWALS + 5 }, (_, index) => `value-${index}`);
    const { tokens, renew } = setUp([...values]);
    for (let round = 0; round < MAX_RENEWALS + 5; round += 1) {
      const sent = tokens.current({ Authorization: `Bearer ${ORIGINAL}` });
      tokens.accepted(sent);
      await tokens.renewAfter401(sent);
    }
    expect(renew).toHaveBeenCalledTimes(MAX_RENEWALS);
  });

  it("keep the token and say why when the command fails or prints the same token again", async () => {
    const { tokens, failures, renewed } = setUp([ORIGINAL]);
    tokens.accepted({ Authorization: `Bearer ${ORIGINAL}` });
    expect(await tokens.renewAfter401({ Authorization: `Bearer ${ORIGINAL}` })).toBe(false);
    expect(await tokens.renewAfter401({ Authorization: `Bearer ${ORIGINAL}` })).toBe(false);
    expect(failures).toEqual(["the --token-command command exited with status 1"]);
    expect(renewed).toEqual([]);
  });

  it("find the Authorization header among others, whatever its place", async () => {
    const { tokens } = setUp(["renewed-token-5678"]);
    const headers = { accept: "application/json", Authorization: `Bearer ${ORIGINAL}` };
    expect(await tokens.renewAfter401(headers)).toBe(true);
    expect(tokens.current(headers)).toEqual({ accept: "application/json", Authorization: "Bearer renewed-token-5678" });
  });

  it("do not run the command again for a token the target never accepted after the command failed", async () => {
    const { tokens, renew } = setUp([]);
    const old = { Authorization: `Bearer ${ORIGINAL}` };
    expect(await tokens.renewAfter401(old)).toBe(false);
    expect(await tokens.renewAfter401(old)).toBe(false);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("take an answer as accepting only the token's current value", async () => {
    const { tokens, renew } = setUp(["second", "third"]);
    expect(await tokens.renewAfter401({ Authorization: `Bearer ${ORIGINAL}` })).toBe(true);
    tokens.accepted({ Authorization: "Bearer forged" });
    tokens.accepted({});
    expect(await tokens.renewAfter401({ Authorization: "Bearer second" })).toBe(false);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});

describe("the Bearer scheme in any letter case (RFC 9110 §11.1; the checks send BEARER and bearer as valid forms)", () => {
  it("renews after a 401 to the token under BEARER or bearer, and counts such an answer as accepted", async () => {
    const { tokens, renew } = setUp(["renewed-token-5678", "third-token-9012"]);
    expect(await tokens.renewAfter401({ authorization: `BEARER ${ORIGINAL}` })).toBe(true);
    expect(renew).toHaveBeenCalledTimes(1);
    // Not yet accepted: a 401 to the value just obtained is a refused credential, never renewed again.
    tokens.accepted({ Authorization: "bearer renewed-token-5678" });
    expect(await tokens.renewAfter401({ Authorization: "bearer renewed-token-5678" })).toBe(true);
    expect(renew).toHaveBeenCalledTimes(2);
    expect(tokens.current({ Authorization: `BEARER ${ORIGINAL}` })).toEqual({
      Authorization: "BEARER third-token-9012",
    });
  });

  it("leaves a token under another scheme, or without one, to the credential-form probes", async () => {
    const { tokens, renew } = setUp(["renewed-token-5678"]);
    expect(await tokens.renewAfter401({ Authorization: `Basic ${ORIGINAL}` })).toBe(false);
    expect(await tokens.renewAfter401({ Authorization: ORIGINAL })).toBe(false);
    expect(renew).not.toHaveBeenCalled();
  });
});
