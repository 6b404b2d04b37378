/** Judgement turns what a check found into one verdict (docs/design.md §3): outcomes, profiles, registers, evidence. */
import { describe, expect, it } from "vitest";
import { evidence, Judgement } from "../../../../runner/engine/Judgement.js";
import type { SchemaIssue } from "../../../../contract/schemaIssue.js";
import { fakeExchange } from "./engineDoubles.js";

const exchange = (status = 200) => fakeExchange({ status, json: { status } });
const issue: SchemaIssue = {
  instancePath: "/id",
  schemaPath: "#/properties/id/pattern",
  keyword: "pattern",
  params: {},
  message: "must match pattern",
};

describe("Judgement", () => {
  describe("with nothing found", () => {
    it("passes with 'No violation found.' and no register", () => {
      expect(new Judgement("default").verdict()).toEqual({
        outcome: "passed",
        message: "No violation found.",
        registerRefs: [],
        evidence: [],
      });
    });

    it("passes with its notes joined, keeping the first two witnesses as evidence", () => {
      const judge = new Judgement("default");
      const witnesses = [1, 2, 3].map((n) => evidence(`w${n}`, exchange()));
      for (const item of witnesses) judge.witness(item);
      judge.note("walked 3 pages");
      judge.note("30 items");
      const verdict = judge.verdict();
      expect(verdict.outcome).toBe("passed");
      expect(verdict.message).toBe("walked 3 pages; 30 items");
      expect(verdict.evidence).toEqual(witnesses.slice(0, 2));
    });

    it("is skipped with the first reason given, and says so in the message", () => {
      const judge = new Judgement("default");
      const witness = evidence("w", exchange());
      judge.witness(witness);
      judge.skip("no analytic ids are configured");
      judge.skip("a later reason");
      expect(judge.verdict()).toEqual({
        outcome: "skipped",
        message: "Skipped: no analytic ids are configured",
        skipReason: "no analytic ids are configured",
        registerRefs: [],
        evidence: [witness],
      });
    });

    it("keeps a property failure out of a passing verdict", () => {
      const judge = new Judgement("default");
      judge.property({ seed: 1, path: "0", numRuns: 3, counterexample: {} });
      expect(judge.verdict()).not.toHaveProperty("property");
    });
  });

  describe("a failure", () => {
    it("fails with its message, expected, actual and evidence", () => {
      const judge = new Judgement("default");
      const item = evidence("page 0", exchange(500));
      judge.fail("page 0 got 500.", { expected: "200", actual: "500", evidence: [item] });
      expect(judge.verdict()).toEqual({
        outcome: "failed",
        message: "page 0 got 500.",
        expected: "200",
        actual: "500",
        registerRefs: [],
        evidence: [item],
      });
    });

    it("leaves expected and actual out when the finding has none, and has no evidence by default", () => {
      const judge = new Judgement("default");
      judge.fail("bad");
      const verdict = judge.verdict();
      expect(verdict).not.toHaveProperty("expected");
      expect(verdict).not.toHaveProperty("actual");
      expect(verdict.evidence).toEqual([]);
    });

    it("wins over a skip", () => {
      const judge = new Judgement("default");
      judge.skip("nothing to read");
      judge.fail("bad");
      expect(judge.verdict().outcome).toBe("failed");
      expect(judge.verdict()).not.toHaveProperty("skipReason");
    });

    it("does not show the witnesses of what passed", () => {
      const judge = new Judgement("default");
      judge.witness(evidence("fine", exchange()));
      judge.fail("bad", { evidence: [evidence("bad", exchange(400))] });
      expect(judge.verdict().evidence.map((item) => item.label)).toEqual(["bad"]);
    });

    it("carries the property failure that replays it", () => {
      const judge = new Judgement("default");
      const failure = { seed: 42, path: "3:1", numRuns: 7, counterexample: { pagination: { pageNumber: -1 } } };
      judge.property(failure);
      judge.fail("a valid request got 500");
      expect(judge.verdict().property).toEqual(failure);
    });
  });

  describe("a departure from a register default", () => {
    it("is a warning under the default profile, naming the register in the message and in registerRefs", () => {
      const judge = new Judgement("default");
      judge.depart("page-past-end", "page 99 got 404.", { expected: "200", actual: "404" });
      expect(judge.verdict()).toEqual({
        outcome: "warning",
        message: "page 99 got 404. [register: page-past-end]",
        expected: "200",
        actual: "404",
        registerRefs: ["page-past-end"],
        evidence: [],
      });
    });

    it("is a failure under --profile strict", () => {
      const judge = new Judgement("strict");
      judge.depart("page-past-end", "page 99 got 404.");
      expect(judge.verdict().outcome).toBe("failed");
      expect(judge.verdict().message).toBe("page 99 got 404. [register: page-past-end]");
    });

    it("does not count as failed for hasFailed under the default profile, and does under strict", () => {
      const lenient = new Judgement("default");
      lenient.depart("r", "m");
      expect(lenient.hasFailed()).toBe(false);
      const strict = new Judgement("strict");
      strict.depart("r", "m");
      expect(strict.hasFailed()).toBe(true);
    });
  });

  describe("register bookkeeping", () => {
    it("lists each register applied or departed from once, in the order first used, whatever the outcome", () => {
      const judge = new Judgement("default");
      judge.applied("max-page-size");
      judge.depart("page-past-end", "m");
      judge.applied("max-page-size");
      judge.depart("page-past-end", "m2");
      expect(judge.verdict().registerRefs).toEqual(["max-page-size", "page-past-end"]);
      const passing = new Judgement("default");
      passing.applied("empty-total-pages");
      expect(passing.verdict()).toMatchObject({ outcome: "passed", registerRefs: ["empty-total-pages"] });
      const skipped = new Judgement("default");
      skipped.applied("empty-total-pages");
      skipped.skip("why");
      expect(skipped.verdict().registerRefs).toEqual(["empty-total-pages"]);
    });
  });

  describe("several findings", () => {
    it.each([
      // A failure is proven by a complete answer; an error beside it blames nobody (exit 1, not 2).
      ["warning, failed, error", ["warning", "failed", "error"], "failed"],
      ["error, failed, warning", ["error", "failed", "warning"], "failed"],
      ["warning, failed", ["warning", "failed"], "failed"],
      ["failed, warning", ["failed", "warning"], "failed"],
      ["error, warning", ["error", "warning"], "error"],
    ] as const)("lets the worst win whatever the order (%s)", (_name, outcomes, worst) => {
      const judge = new Judgement("default");
      for (const outcome of outcomes) {
        if (outcome === "warning")
          judge.depart("r", `the ${outcome}`, { expected: `e-${outcome}`, actual: `a-${outcome}` });
        else if (outcome === "failed")
          judge.fail(`the ${outcome}`, { expected: `e-${outcome}`, actual: `a-${outcome}` });
        else judge.error(`the ${outcome}`, { expected: `e-${outcome}`, actual: `a-${outcome}` });
      }
      const verdict = judge.verdict();
      expect(verdict.outcome).toBe(worst);
      expect(verdict.message.startsWith(`the ${worst}`)).toBe(true);
      expect(verdict.expected).toBe(`e-${worst}`);
      expect(verdict.actual).toBe(`a-${worst}`);
    });

    it("lets an overruling error outrank a failure: nothing else the check found stands", () => {
      const judge = new Judgement("default");
      judge.fail("the failure");
      judge.error("an error");
      expect(judge.verdict().outcome).toBe("failed");
      judge.overrule("the check broke");
      expect(judge.verdict()).toMatchObject({
        outcome: "error",
        message: "the check broke (+2 more findings)\n- the failure\n- an error",
      });
    });

    it("keeps the first of equally bad findings first", () => {
      const judge = new Judgement("default");
      judge.fail("first");
      judge.fail("second");
      expect(judge.verdict().message).toBe("first (+1 more finding)\n- second");
    });

    it("counts the others and lists up to five of them on their own lines", () => {
      const judge = new Judgement("default");
      for (let n = 1; n <= 8; n += 1) judge.fail(`finding ${n}`);
      expect(judge.verdict().message).toBe(
        [
          "finding 1 (+7 more findings)",
          "- finding 2",
          "- finding 3",
          "- finding 4",
          "- finding 5",
          "- finding 6",
        ].join("\n"),
      );
    });

    it("says 'findings' for two others and 'finding' for one", () => {
      const three = new Judgement("default");
      for (const n of [1, 2, 3]) three.fail(`f${n}`);
      expect(three.verdict().message.split("\n")[0]).toBe("f1 (+2 more findings)");
    });

    it("gathers the evidence of every finding, worst first, each exchange once, at most twelve", () => {
      const judge = new Judgement("default");
      const shared = evidence("shared", exchange(500));
      const warned = evidence("warned", exchange(404));
      judge.depart("r", "w", { evidence: [warned] });
      judge.fail("a", { evidence: [shared] });
      judge.fail("b", { evidence: [evidence("same exchange, other label", shared.exchange)] });
      // Statuses 200 to 219: complete answers (a 407 would be a proxy's, an error).
      for (let n = 0; n < 20; n += 1) judge.fail(`more ${n}`, { evidence: [evidence(`e${n}`, exchange(200 + n))] });
      const labels = judge.verdict().evidence.map((item) => item.label);
      expect(labels).toHaveLength(12);
      expect(labels[0]).toBe("shared");
      expect(labels).not.toContain("same exchange, other label");
      expect(labels.slice(1)).toEqual(Array.from({ length: 11 }, (_, n) => `e${n}`));
    });

    it("keeps a warning's evidence after the failures' when there is room", () => {
      const judge = new Judgement("default");
      judge.depart("r", "w", { evidence: [evidence("warned", exchange(404))] });
      judge.fail("f", { evidence: [evidence("failed", exchange(500))] });
      expect(judge.verdict().evidence.map((item) => item.label)).toEqual(["failed", "warned"]);
    });
  });

  describe("hasFailed", () => {
    it("is false with nothing, a witness, a note or a skip, and true after a failure or an error", () => {
      const judge = new Judgement("default");
      judge.witness(evidence("w", exchange()));
      judge.note("n");
      judge.skip("s");
      expect(judge.hasFailed()).toBe(false);
      judge.fail("f");
      expect(judge.hasFailed()).toBe(true);
      const erred = new Judgement("default");
      erred.error("could not judge");
      expect(erred.hasFailed()).toBe(true);
      expect(erred.verdict().outcome).toBe("error");
    });
  });

  describe("a finding without a complete answer", () => {
    const timedOut = fakeExchange({
      noResponse: true,
      failure: { kind: "timeout", message: "no answer within 2.5 s." },
    });

    it("is an error naming the trouble, not a failure: only a complete answer can break a rule", () => {
      const judge = new Judgement("default");
      judge.fail("page 2 of size 2.5 holds 11 items.", {
        expected: "10",
        actual: "11",
        evidence: [evidence("page 1", exchange()), evidence("page 2", timedOut)],
      });
      expect(judge.verdict()).toMatchObject({
        outcome: "error",
        message:
          "page 2 of size 2.5 holds 11 items — not judged: the answer was incomplete (timeout: no answer within 2.5 s).",
        expected: "10",
        actual: "11",
      });
      expect(judge.verdict().evidence.map((item) => item.label)).toEqual(["page 1", "page 2"]);
    });

    it("turns a departure into an error too, still naming the register as used", () => {
      const judge = new Judgement("strict");
      judge.depart("max-page-size", "capped", { evidence: [evidence("cap", timedOut)] });
      expect(judge.verdict()).toMatchObject({
        outcome: "error",
        message: "capped — not judged: the answer was incomplete (timeout: no answer within 2.5 s).",
        registerRefs: ["max-page-size"],
      });
    });

    it("stays a failure when every exchange of its evidence was answered", () => {
      const judge = new Judgement("default");
      judge.fail("bad.", { evidence: [evidence("a", exchange()), evidence("b", exchange(404))] });
      expect(judge.verdict()).toMatchObject({ outcome: "failed", message: "bad." });
    });
  });

  describe("evidence()", () => {
    it("attaches schema issues only when there are some", () => {
      const item = exchange();
      expect(evidence("l", item)).toEqual({ label: "l", exchange: item });
      expect(evidence("l", item, [])).toEqual({ label: "l", exchange: item });
      expect(evidence("l", item, [issue])).toEqual({ label: "l", exchange: item, schemaIssues: [issue] });
    });
  });
});
