/**
 * Examples sent ahead (issue 42.2): runProperty with a sendAhead sends the requests of the examples to
 * come while one runs, every example takes the answer to its own request, the same values in the same
 * order as without it, the same verdict and shrunk counterexample; after a failure nothing more is sent
 * ahead. No clock: the "target" is a function counting what was sent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import { runProperty, type ExampleVerdict } from "../../../../../checks/_internals/requests/runProperty.js";
import { sendAhead } from "../../../../../checks/_internals/requests/sendAhead.js";
import { examplesAhead } from "../../../../../checks/_internals/requests/examplesAhead.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";
import type { Exchange } from "../../../../../runner/model/Exchange.js";

/** Requests shaped like the suite's generated ones: a JSON body or raw text, and a header form. */
const requests = fc.record({
  body: fc.oneof(fc.record({ json: fc.dictionary(fc.string(), fc.jsonValue()) }), fc.record({ raw: fc.string() })),
  headers: fc.record({ nameCase: fc.constantFrom("canonical", "lower"), scheme: fc.constantFrom("Bearer", "bearer") }),
});
type Request = typeof requests extends fc.Arbitrary<infer T> ? T : never;

/** A target that answers each request with its own JSON, and remembers what it was sent. */
function echoTarget() {
  const sent: string[] = [];
  const send = (request: Request): Promise<Exchange> => {
    sent.push(JSON.stringify(request));
    return Promise.resolve(fakeExchange({ status: 200, json: { echo: JSON.stringify(request) } }));
  };
  return { sent, send };
}

/** Runs the property with or without sending ahead; what each example saw. */
async function run(withAhead: boolean, failsWhen: (request: Request) => boolean) {
  const target = echoTarget();
  const ahead = sendAhead(target.send);
  const judge = new Judgement("default");
  const seen: { value: string; answer: unknown }[] = [];
  const runs = await runProperty(
    judge,
    "generated",
    requests,
    async (request): Promise<ExampleVerdict> => {
      const exchange = await (withAhead ? ahead.send(request) : target.send(request));
      seen.push({ value: JSON.stringify(request), answer: (exchange.json as { echo: string }).echo });
      if (!failsWhen(request)) return { ok: true };
      return { ok: false, message: "refused", expected: "200", actual: "400", exchange };
    },
    { seed: 9, numRuns: 60, ...(withAhead ? { sendAhead: ahead } : {}) },
  );
  return { runs, seen, sent: target.sent, verdict: judge.verdict() };
}

describe("examples sent ahead", () => {
  it("draws the very values fast-check runs, in its order (fc.sample with the same seed)", async () => {
    const checked: Request[] = [];
    await fc.assert(
      fc.asyncProperty(requests, async (value) => {
        checked.push(value);
        return Promise.resolve(true);
      }),
      { seed: 9, numRuns: 60 },
    );
    expect(fc.sample(requests, { seed: 9, numRuns: 60 })).toEqual(checked);
  });

  it("gives every example the answer to its own request, each request sent once, as without it", async () => {
    const without = await run(false, () => false);
    const withAhead = await run(true, () => false);
    expect(withAhead.seen).toEqual(without.seen);
    for (const example of withAhead.seen) expect(example.answer).toBe(example.value);
    expect([...withAhead.sent].sort()).toEqual([...without.sent].sort());
    expect(withAhead.verdict).toEqual(without.verdict);
  });

  it("keeps the failing example, its shrinking and its verdict; sends at most 8 more ahead of it", async () => {
    const fails = (request: Request) => "raw" in request.body && request.body.raw.length > 3;
    const without = await run(false, fails);
    const withAhead = await run(true, fails);
    expect(without.verdict.outcome).toBe("failed");
    expect(withAhead.verdict).toEqual(without.verdict);
    expect(withAhead.seen).toEqual(without.seen);
    expect(withAhead.runs).toBe(without.runs);
    expect(withAhead.sent.length - without.sent.length).toBeGreaterThan(0);
    expect(withAhead.sent.length - without.sent.length).toBeLessThanOrEqual(8);
  });

  it("stops sending ahead when a value is not the one drawn (nothing taken but its own answer)", () => {
    const started: number[] = [];
    let discarded = 0;
    const ahead = examplesAhead(
      fc.integer(),
      { seed: 3, numRuns: 20 },
      {
        start: (value: number) => started.push(value),
        discard: () => (discarded += 1),
      },
    );
    const drawn = fc.sample(fc.integer(), { seed: 3, numRuns: 20 });
    ahead.next(drawn[0] as number);
    expect(started).toEqual(drawn.slice(0, 9));
    ahead.next(drawn[1] as number);
    expect(started).toEqual(drawn.slice(0, 10));
    ahead.next(12345678); // not the third value drawn
    expect(discarded).toBe(1);
    ahead.next(drawn[3] as number);
    expect(started).toHaveLength(10);
  });
});
