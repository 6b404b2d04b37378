/** Analytics (§2.5, §2.6, §8): a PIE chart has exactly one series. */
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { answered } from "./_internals/judges/judgeExchange.js";
import { isJsonObject } from "../../../contract/jsonValue.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";

/** Checks of the analytics family. */
export const analyticsChecks: readonly CheckDefinition[] = [
  {
    id: "analytics.pie-single-series",
    title: "A PIE chart has exactly one series",
    rule: "When the chart type is PIE, only one series is accepted (§2.6, §8).",
    family: "analytics",
    specRefs: ["2.6", "8"],
    level: "MUST",
    operations: ["getAnalytic"],
    registerRefs: [],
    needs: ["analyticIds"],
    async run({ target, judge }) {
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
        if (Array.isArray(series) && series.length === 1) {
          judge.witness(evidence(label, exchange));
          continue;
        }
        judge.fail(
          `${label}: a PIE chart with ${Array.isArray(series) ? `${series.length} series` : "no series array"}.`,
          {
            expected: "exactly one series (§2.6)",
            actual: Array.isArray(series) ? `${series.length} series` : JSON.stringify(series ?? null),
            evidence: [evidence(label, exchange)],
          },
        );
      }
      if (pies === 0)
        judge.skip("none of the configured analytics is a PIE chart; add the id of one with --analytic-id.");
      else judge.note(`${pies} PIE chart(s) among the ${reads.length} configured analytics, each with one series.`);
    },
  },
];
