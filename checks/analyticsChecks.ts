/** Analytics (§2.5, §2.6, §8): a PIE chart has at most one series (register pie-series-count). */
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered } from "./_internals/judges/judgeExchange.js";
import { isJsonObject } from "../contract/jsonValue.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";

/** Checks of the analytics family. */
export const analyticsChecks: readonly CheckDefinition[] = [
  {
    id: "analytics.pie-single-series",
    title: "A PIE chart has at most one series",
    rule: "When the chart type is PIE, only one series is accepted (§2.6, §8): two or more is a failure; none is allowed (register pie-series-count).",
    family: "analytics",
    specRefs: ["2.6", "8"],
    level: "MUST",
    operations: ["getAnalytic"],
    registerRefs: ["pie-series-count"],
    needs: ["analyticIds"],
    async run({ target, judge }) {
      judge.applied("pie-series-count");
      let pies = 0;
      // Every configured analytic: one PIE among many with two series is the bug a sample misses.
      const { reads } = await knowledgeOf(target).reads("getAnalytic");
      for (const { label, exchange } of reads) {
        if (!answered(judge, label, exchange) || exchange.response.status !== 200 || !isJsonObject(exchange.json))
          continue;
        const chart = isJsonObject(exchange.json.analytic) ? exchange.json.analytic.chart : undefined;
        if (!isJsonObject(chart) || chart.type !== "PIE") continue;
        pies += 1;
        const series = chart.series;
        // "Only one series is accepted" limits the count; it does not demand one (register pie-series-count).
        // A missing or mistyped series is schema.response-body's to judge (register required-response-fields).
        if (!Array.isArray(series) || series.length <= 1) {
          judge.witness(evidence(label, exchange));
          continue;
        }
        judge.fail(`${label}: a PIE chart with ${series.length} series.`, {
          expected: "at most one series (§2.6, §8; register pie-series-count)",
          actual: `${series.length} series`,
          evidence: [evidence(label, exchange)],
        });
      }
      if (pies === 0)
        judge.skip("none of the configured analytics is a PIE chart; add the id of one with --analytic-id.");
      else
        judge.note(
          `${pies} PIE chart(s) among the ${reads.length} configured analytics, none with more than one series.`,
        );
    },
  },
];
