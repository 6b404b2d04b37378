/**
 * One invalid request per derivation of the request schema (generators/), drawn deterministically
 * from the check's seed, so no rule depends on what a random draw picks.
 */
import fc from "fast-check";
import {
  invalidRequestArbitrary,
  invalidRequestDerivations,
  type InvalidRequest,
} from "../../../generators/invalidRequestArbitrary.js";
import type { RequestContext } from "../../../generators/requestContext.js";
import type { CheckContext } from "../../../runner/engine/CheckDefinition.js";
import { knowledgeOf } from "../discovery/TargetKnowledge.js";

/**
 * Invalid requests only need an id to break the other rules around; when the target listed no
 * widget or no analytic id is configured, a well-formed placeholder stands in.
 */
export function withPlaceholderIds(context: RequestContext): RequestContext {
  return {
    ...context,
    widgetIds: context.widgetIds?.length ? context.widgetIds : ["widget://cms-conformance.invalid/placeholder"],
    analyticIds: context.analyticIds?.length ? context.analyticIds : ["analytic://cms-conformance.invalid/placeholder"],
  };
}

/** One request for every derivation whose rule passes `keep` (all when omitted), in the derivations' order. */
export async function onePerDerivation(
  context: CheckContext,
  keep: (rule: string) => boolean = () => true,
): Promise<InvalidRequest[]> {
  const requestContext = withPlaceholderIds(await knowledgeOf(context.target).requestContext());
  return invalidRequestDerivations(context.operation)
    .filter(({ rule }) => keep(rule))
    .flatMap(({ rule }) =>
      fc.sample(invalidRequestArbitrary(context.operation, requestContext, [rule]), { seed: context.seed, numRuns: 1 }),
    );
}
