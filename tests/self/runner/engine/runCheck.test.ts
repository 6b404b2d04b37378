/** runCheck runs one check on one operation and turns its judgement into a CheckResult; checkSeed gives each its seed. */
import { describe, expect, it, vi } from "vitest";
import type { CheckContext, CheckDefinition } from "../../../../runner/engine/CheckDefinition.js";
import { checkSeed } from "../../../../runner/engine/checkSeed.js";
import { evidence } from "../../../../runner/engine/Judgement.js";
import { missingNeeds, runCheck } from "../../../../runner/engine/runCheck.js";
import { TargetSession } from "../../../../runner/engine/TargetSession.js";
import type { ClientStop } from "../../../../runner/http/types.js";
import { fakeExchange, scriptedSession, StoppingClient, testSettings } from "./engineDoubles.js";

const STOP: ClientStop = {
  at: "2030-01-01T00:00:00.000Z",
  message:
    "the target stopped answering at 2030-01-01T00:00:00.000Z after 5 consecutive transport failures (last: connection refused)",
};

function stoppingSession(settings: Parameters<typeof testSettings>[0] = {}) {
  const client = new StoppingClient(() => ({ status: 200, json: {} }));
  return { client, session: new TargetSession(testSettings(settings), client) };
}

function check(run: CheckDefinition["run"], overrides: Partial<CheckDefinition> = {}): CheckDefinition {
  return {
    id: "analytics.pie-single-series",
    title: "A PIE chart has exactly one series",
    rule: "Only one series.",
    family: "analytics",
    specRefs: ["2.6", "8"],
    level: "MUST",
    operations: ["getAnalytic"],
    registerRefs: [],
    run,
    ...overrides,
  };
}

describe("runCheck", () => {
  it("gives the check its operation, the session, a judgement of the run's profile and its own seed", async () => {
    const { session } = scriptedSession(() => ({}), { seed: 99, profile: "strict" });
    let seen: CheckContext | undefined;
    const result = await runCheck(
      check(async (context) => {
        seen = context;
        context.judge.depart("page-past-end", "departed");
      }),
      "getAnalytic",
      session,
    );
    expect(seen?.operation).toBe("getAnalytic");
    expect(seen?.target).toBe(session);
    expect(seen?.seed).toBe(checkSeed(99, "analytics.pie-single-series", "getAnalytic"));
    expect(result.outcome).toBe("failed"); // strict: a departure fails
  });

  it("copies the check's identity and the verdict into the result", async () => {
    const { session } = scriptedSession(() => ({}));
    const shown = fakeExchange({ status: 200, json: { analytic: {} } });
    const result = await runCheck(
      check(
        async ({ judge }) => {
          judge.applied("max-page-size");
          judge.property({ seed: 3, path: "1", numRuns: 2, counterexample: [1] });
          judge.fail("a PIE chart with 2 series.", {
            expected: "one series",
            actual: "2 series",
            evidence: [evidence("getAnalytic a1", shown)],
          });
        },
        { level: "SHOULD" },
      ),
      "getAnalytic",
      session,
    );
    expect(result).toEqual({
      checkId: "analytics.pie-single-series",
      title: "A PIE chart has exactly one series",
      family: "analytics",
      operation: "getAnalytic",
      outcome: "failed",
      level: "SHOULD",
      specRefs: ["2.6", "8"],
      registerRefs: ["max-page-size"],
      message: "a PIE chart with 2 series.",
      expected: "one series",
      actual: "2 series",
      evidence: [evidence("getAnalytic a1", shown)],
      property: { seed: 3, path: "1", numRuns: 2, counterexample: [1] },
      durationMs: expect.any(Number) as number,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("leaves out expected, actual, skipReason and property when the verdict has none", async () => {
    const { session } = scriptedSession(() => ({}));
    const result = await runCheck(
      check(async ({ judge }) => judge.note("fine")),
      "getAnalytic",
      session,
    );
    expect(result.outcome).toBe("passed");
    expect(result.message).toBe("fine");
    for (const key of ["expected", "actual", "skipReason", "property"]) expect(result).not.toHaveProperty(key);
  });

  it("reports a check that throws as an error of the suite, with the exception's message", async () => {
    const { session } = scriptedSession(() => ({}));
    const thrown = await runCheck(
      check(async () => Promise.reject(new Error("cannot read x of undefined"))),
      "getAnalytic",
      session,
    );
    expect(thrown.outcome).toBe("error");
    expect(thrown.message).toBe("The suite could not judge this check: cannot read x of undefined");
    const thrownText = await runCheck(
      check(async () => Promise.reject("a bare string")),
      "getAnalytic",
      session,
    );
    expect(thrownText.message).toBe("The suite could not judge this check: a bare string");
  });

  it("keeps what the check found before it threw", async () => {
    const { session } = scriptedSession(() => ({}));
    const result = await runCheck(
      check(async ({ judge }) => {
        judge.fail("found first");
        throw new Error("then broke");
      }),
      "getAnalytic",
      session,
    );
    expect(result.outcome).toBe("error");
    expect(result.message).toBe("The suite could not judge this check: then broke (+1 more finding)\n- found first");
  });

  it("does not run a check once the run has stopped, saying why, and skips one that lacks what it needs all the same", async () => {
    const { client, session } = stoppingSession();
    client.stop = STOP;
    let ran = false;
    const result = await runCheck(
      check(async () => void (ran = true)),
      "getAnalytic",
      session,
    );
    expect(ran).toBe(false);
    expect(result).toMatchObject({ outcome: "error", message: `Not run: the run stopped early, ${STOP.message}.` });
    const lacking = stoppingSession({ fixtures: { analyticIds: [], roles: [] } });
    lacking.client.stop = STOP;
    const needy = await runCheck(
      check(async () => undefined, { needs: ["analyticIds"] }),
      "getAnalytic",
      lacking.session,
    );
    expect(needy.outcome).toBe("skipped");
  });

  it("keeps a skip a skip when the run's deadline passes as it is decided (the check never ran, so nothing it found rests on missing answers)", async () => {
    // --max-run-time stops the session by the clock: the first look finds it running, a later one stopped.
    class DeadlineClient extends StoppingClient {
      private looks = 0;
      override stopped(): undefined {
        this.looks += 1;
        return (this.looks > 1 ? STOP : undefined) as undefined;
      }
    }
    const client = new DeadlineClient(() => ({ status: 200, json: {} }));
    const session = new TargetSession(testSettings({ fixtures: { analyticIds: [], roles: [] } }), client);
    const result = await runCheck(
      check(async () => undefined, { needs: ["analyticIds"] }),
      "getAnalytic",
      session,
    );
    expect(result.outcome).toBe("skipped");
    expect(result.message).toMatch(/^Skipped: this check needs analytic ids/);
  });

  it("turns what a check made of a run that stopped under it into an error, but keeps a pass and the check's own error", async () => {
    const during = async (record: (context: CheckContext) => void) => {
      const { client, session } = stoppingSession();
      return runCheck(
        check(async (context) => ((client.stop = STOP), record(context))),
        "getAnalytic",
        session,
      );
    };
    expect(await during((context) => context.judge.fail("11 items."))).toMatchObject({
      outcome: "error",
      message: `The run stopped early while this check ran, ${STOP.message}; what it found could not be judged. (+1 more finding)\n- 11 items.`,
    });
    expect((await during((context) => context.judge.skip("nothing to read"))).outcome).toBe("error");
    expect((await during(() => undefined)).outcome).toBe("passed");
    expect(await during((context) => context.judge.error("own error"))).toMatchObject({
      outcome: "error",
      message: "own error",
    });
  });

  it("measures its duration in whole milliseconds from its start", async () => {
    // On a fake clock: the check waits 20.4 ms, and nothing else moves the clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const { session } = scriptedSession(() => ({}));
      let result: Awaited<ReturnType<typeof runCheck>> | undefined;
      void runCheck(
        check(async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          vi.advanceTimersByTime(0.4);
        }),
        "getAnalytic",
        session,
      ).then((done) => (result = done));
      while (result === undefined) await vi.advanceTimersToNextTimerAsync();
      expect(result.durationMs).toBe(20);
    } finally {
      vi.useRealTimers();
    }
  });

  it("skips without running a check whose needs the configuration lacks, saying what to add", async () => {
    const { session } = scriptedSession(() => ({}), { fixtures: { analyticIds: [], roles: [] } });
    let ran = false;
    const result = await runCheck(
      check(
        async () => {
          ran = true;
        },
        { needs: ["analyticIds"] },
      ),
      "getAnalytic",
      session,
    );
    expect(ran).toBe(false);
    expect(result.outcome).toBe("skipped");
    expect(result.skipReason).toBe(
      "this check needs analytic ids (there is no operation that lists them, §4.3): --analytic-id ID (repeatable).",
    );
  });
});

describe("missingNeeds", () => {
  const needing = (needs: CheckDefinition["needs"]) => check(async () => undefined, { needs });

  it("is undefined when the check needs nothing, or has what it needs", () => {
    const { session } = scriptedSession(() => ({}));
    expect(missingNeeds(needing(undefined), session)).toBeUndefined();
    expect(missingNeeds(needing([]), session)).toBeUndefined();
    expect(missingNeeds(needing(["restrictedToken", "analyticIds", "roles"]), session)).toBeUndefined();
  });

  it("names each missing need with the option that provides it, joined with '; and '", () => {
    const { session } = scriptedSession(() => ({}), {
      credentials: { clientId: "client-id-1234", token: "token-abcdef" },
      fixtures: { analyticIds: ["analytic://t/a"], roles: [] },
    });
    expect(missingNeeds(needing(["restrictedToken", "analyticIds", "roles"]), session)).toBe(
      "this check needs the token of a user without the Visualizar permission: --restricted-token or CMS_RESTRICTED_TOKEN; and role names: --role NAME (repeatable), with --domain-name and --service-name.",
    );
  });

  it("counts an empty restricted token as missing", () => {
    const { session } = scriptedSession(() => ({}), {
      credentials: { clientId: "client-id-1234", token: "token-abcdef", restrictedToken: "" },
    });
    expect(missingNeeds(needing(["restrictedToken"]), session)).toMatch(
      /^this check needs the token of a user without the Visualizar permission/,
    );
  });
});
