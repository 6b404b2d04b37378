/** Invalid request bodies that each break exactly one rule of the request schema, labelled with it (§7). */
import { isJsonObject } from "../contract/jsonValue.js";
import fc from "fast-check";
import type { OperationName } from "../contract/operations.js";
import {
  deriveInvalidRules,
  type BodySegment,
  type InvalidExpectation,
  type InvalidRule,
} from "./_internals/deriveInvalidRules.js";

import type { RequestContext } from "./requestContext.js";
import { validRequestArbitrary } from "./validRequestArbitrary.js";

export type { InvalidExpectation } from "./_internals/deriveInvalidRules.js";

/** One invalid request: the rule it breaks, how the answer is judged, and the body (JSON value or raw text). */
export interface InvalidRequest {
  /** Stable label, e.g. "pagination.pageNumber:below-minimum". */
  readonly rule: string;
  readonly description: string;
  /** Ambiguity register entry that decides the expectation. */
  readonly registerEntry: string;
  readonly expectation: InvalidExpectation;
  readonly body: { readonly json: unknown } | { readonly raw: string };
}

/** One entry of the catalogue of derivations. */
export interface InvalidDerivation {
  readonly rule: string;
  readonly expectation: InvalidExpectation;
  readonly registerEntry: string;
}

const rulesCache = new Map<OperationName, readonly InvalidRule[]>();

function rulesOf(operation: OperationName): readonly InvalidRule[] {
  let rules = rulesCache.get(operation);
  if (rules === undefined) {
    rules = deriveInvalidRules(operation);
    rulesCache.set(operation, rules);
  }
  return rules;
}

/** The derivations of `operation` (rule → expectation → register entry), for listings and reports. */
export function invalidRequestDerivations(operation: OperationName): readonly InvalidDerivation[] {
  return rulesOf(operation).map(({ rule, expectation, registerEntry }) => ({ rule, expectation, registerEntry }));
}

/** Marks the "missing field" derivations: the field is deleted rather than replaced. */
const DELETE = Symbol("delete");

/** A copy of `body` with `value` put at `at` (intermediate objects created, one array item replaced), or the field deleted. */
function withValueAt(body: unknown, at: readonly BodySegment[], value: unknown, itemIndex: number): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return value;
  if ("item" in head) {
    const items = Array.isArray(body) ? [...(body as unknown[])] : [];
    const index = items.length === 0 ? 0 : itemIndex % items.length;
    if (rest.length === 0 && value === DELETE) items.splice(index, 1);
    else items[index] = withValueAt(items[index], rest, value, itemIndex);
    return items;
  }
  const object: Record<string, unknown> = isJsonObject(body) ? { ...body } : {};
  if (rest.length === 0 && value === DELETE) delete object[head.property];
  else object[head.property] = withValueAt(object[head.property], rest, value, itemIndex);
  return object;
}

/** The value at a property path of a body (undefined past an array or a missing field). */
function valueAt(body: unknown, at: readonly BodySegment[]): unknown {
  let node = body;
  for (const segment of at) node = "property" in segment && isJsonObject(node) ? node[segment.property] : undefined;
  return node;
}

function ruleArbitrary(rule: InvalidRule, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<InvalidRequest> {
  const label = {
    rule: rule.rule,
    description: rule.description,
    registerEntry: rule.registerEntry,
    expectation: rule.expectation,
  };
  const { target } = rule;
  if (target.kind === "raw") {
    return valid.chain((body) => target.text(JSON.stringify(body))).map((raw) => ({ ...label, body: { raw } }));
  }
  const { value } = target;
  const build = ([body, bad, index]: readonly [Record<string, unknown>, unknown, number]): InvalidRequest => ({
    ...label,
    body: { json: withValueAt(body, target.at, bad, index) },
  });
  if (typeof value === "function") {
    // The bad value is made from the valid one it replaces (e.g. a real id, malformed).
    return valid
      .chain((body) => fc.tuple(fc.constant(body), value(valueAt(body, target.at)), fc.constant(0)))
      .map(build);
  }
  return fc.tuple(valid, value === "delete" ? fc.constant(DELETE) : value, fc.nat({ max: 1000 })).map(build);
}

/**
 * Invalid requests of `operation`, each breaking exactly one labelled rule and otherwise keeping the
 * valid values of validRequestArbitrary(operation, context). `rules` narrows to some labels (throws on an unknown one).
 */
export function invalidRequestArbitrary(
  operation: OperationName,
  context: RequestContext,
  rules?: readonly string[],
): fc.Arbitrary<InvalidRequest> {
  const all = rulesOf(operation);
  const unknown = (rules ?? []).filter((name) => !all.some((r) => r.rule === name));
  if (unknown.length > 0) {
    throw new Error(
      `invalidRequestArbitrary: ${operation} has no derivation ` +
        `${unknown.map((u) => JSON.stringify(u)).join(", ")}; known: ${all.map((r) => r.rule).join(", ")}`,
    );
  }
  const chosen = rules === undefined ? all : all.filter((r) => rules.includes(r.rule));
  // A null field is valid but not stated by the schemas: the base of a request that breaks one rule has none.
  const valid = validRequestArbitrary(operation, context, { nullFields: false });
  const [first, ...others] = chosen.map((rule) => ruleArbitrary(rule, valid));
  if (first === undefined) throw new Error(`invalidRequestArbitrary: no rule selected for ${operation}`);
  return others.length === 0 ? first : fc.oneof(first, ...others);
}
