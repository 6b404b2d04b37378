/** Requests sent ahead of their turn (checks/_internals/requests/sendAhead.ts, issue 42.2). */
import { describe, expect, it } from "vitest";
import { sendAhead } from "../../../../../checks/_internals/requests/sendAhead.js";
import type { RequestPriority } from "../../../../../runner/http/types.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

describe("sendAhead", () => {
  it("hands an exchange started ahead to one equal value only, and sends anew once it is taken or discarded", async () => {
    let sends = 0;
    const ahead = sendAhead((value: { n: number }) => {
      sends += 1;
      return Promise.resolve(fakeExchange({ status: 200, json: { n: value.n, send: sends } }));
    });
    ahead.start({ n: 1 });
    expect(sends).toBe(1);
    expect((await ahead.send({ n: 1 })).json).toEqual({ n: 1, send: 1 });
    expect((await ahead.send({ n: 1 })).json).toEqual({ n: 1, send: 2 });
    ahead.start({ n: 2 });
    ahead.discard();
    expect((await ahead.send({ n: 2 })).json).toEqual({ n: 2, send: 4 });
  });

  it("sends ahead in the background, and brings the request forward when its example's turn comes", async () => {
    const priorities: (RequestPriority | undefined)[] = [];
    const ahead = sendAhead((_value: { n: number }, priority?: RequestPriority) => {
      priorities.push(priority);
      return Promise.resolve(fakeExchange({ status: 200 }));
    });
    ahead.start({ n: 1 });
    expect(priorities).toEqual([{ background: true }]);
    await ahead.send({ n: 1 });
    expect(priorities).toEqual([{ background: false }]);
    await ahead.send({ n: 2 });
    expect(priorities).toEqual([{ background: false }, undefined]);
  });
});
