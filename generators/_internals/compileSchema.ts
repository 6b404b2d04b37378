/**
 * The compiler: a conjunction of schema fragments → an fc.Arbitrary of values satisfying all of
 * them. Disjunctions (`anyOf`, `oneOf`) and conditionals (`if`/`then`/`else`) become `fc.oneof`
 * over branches that are each compiled as a conjunction; `not` of an object condition is split
 * into branches too, so filters only ever reject a few values.
 */
import { isJsonObject, jsonEqual } from "../../contract/jsonValue.js";
import fc from "fast-check";
import { flattenFragments, type SchemaEnvironment } from "./flattenFragments.js";
import { matchesAll } from "./matchesSchema.js";
import { childFragment, type Fragment } from "./schemaFragment.js";

import { UnsupportedSchemaError } from "./supportedKeywords.js";
import {
  impliedTypes,
  intersectTypes,
  numbersOf,
  objectLeaves,
  propertiesOf,
  requiredOf,
  stringsOf,
} from "./builders/leafKeywords.js";
import {
  anyJsonArbitrary,
  extraKeyArbitrary,
  integerArbitrary,
  numberArbitrary,
  stringArbitrary,
} from "./builders/primitiveArbitraries.js";

/** A caller's arbitrary for one place in the value (its candidates are still filtered by the schema). */
export interface CompileHint {
  readonly arbitrary: fc.Arbitrary<unknown>;
  /** Generate the property in every value, even where the schema leaves it optional. */
  readonly alwaysPresent?: boolean;
}

/** How to compile. */
export interface CompileOptions extends SchemaEnvironment {
  /** Add a few unknown extra fields to objects that allow them (docs/design.md §3: extras must be accepted). */
  readonly extraFields: boolean;
  /** Hints by instance path ("/pagination/pageSize"; "*" stands for any array index, "/roles/*"). */
  readonly hints: ReadonlyMap<string, CompileHint>;
}

type Compiled = fc.Arbitrary<unknown> | null;

function oneOfBranches(branches: readonly Compiled[]): Compiled {
  const live = branches.filter((b): b is fc.Arbitrary<unknown> => b !== null);
  const [only] = live;
  if (only === undefined) return null;
  return live.length === 1 ? only : fc.oneof(...live);
}

function withoutKeys(fragment: Fragment, keys: readonly string[]): Fragment {
  if (typeof fragment.schema === "boolean") return fragment;
  const rest = Object.fromEntries(Object.entries(fragment.schema).filter(([k]) => !keys.includes(k)));
  return { ...fragment, schema: rest };
}

/** Identifies a leaf for memoisation: where it comes from, which keywords it still holds, what it forbids. */
function locationKey(leaf: Fragment): string {
  const keywords = typeof leaf.schema === "boolean" ? String(leaf.schema) : Object.keys(leaf.schema).join(",");
  return `${leaf.location}{${keywords}}${leaf.absent ? `!${leaf.absent.join(",")}` : ""}`;
}

/** Compiles conjunctions of fragments; one instance per compiled root (it memoises and tracks hints). */
export class SchemaCompiler {
  private readonly memo = new Map<string, Compiled>();
  private readonly usedHints = new Set<string>();
  /** Conjunctions being compiled, outermost first: meeting one again means the schema contains itself. */
  private readonly inProgress: string[] = [];

  /** Prepares a compiler for one set of options. */
  constructor(private readonly options: CompileOptions) {}

  /** Compiles a root fragment; throws when it admits no value or when a hint names no place in it. */
  compileRoot(root: Fragment): fc.Arbitrary<unknown> {
    const arbitrary = this.compile([root], "");
    if (arbitrary === null)
      throw new Error(`schema ${root.location} admits no value under the ${this.options.profile} profile`);
    const unused = [...this.options.hints.keys()].filter((path) => !this.usedHints.has(path));
    if (unused.length > 0) throw new Error(`hints ${unused.join(", ")} name no place in schema ${root.location}`);
    return arbitrary;
  }

  /** The arbitrary of values satisfying every fragment, or null when they contradict each other. */
  compile(fragments: readonly Fragment[], path: string): Compiled {
    const leaves = flattenFragments(fragments, this.options);
    const hint = this.options.hints.get(path);
    if (hint !== undefined) {
      this.usedHints.add(path);
      return hint.arbitrary.filter((value) => matchesAll(leaves, value, this.options));
    }
    const hinted = [...this.options.hints.keys()].some((p) => p.startsWith(`${path}/`));
    const key = leaves.map(locationKey).join("|");
    if (!hinted && this.memo.has(key)) return this.memo.get(key) ?? null;
    if (this.inProgress.includes(key)) {
      const [first] = leaves;
      throw new UnsupportedSchemaError(
        first?.location ?? path,
        "$ref",
        `recursive schema: the value at ${path || "(root)"} contains itself through $ref, which the generators do not support`,
      );
    }
    this.inProgress.push(key);
    let compiled: Compiled;
    try {
      compiled = this.compileLeaves(leaves, path);
    } finally {
      this.inProgress.pop();
    }
    if (!hinted) this.memo.set(key, compiled);
    return compiled;
  }

  private compileLeaves(leaves: readonly Fragment[], path: string): Compiled {
    if (leaves.some((leaf) => leaf.schema === false)) return null;
    const objects = objectLeaves(leaves);
    const others = (leaf: Fragment): Fragment[] => leaves.filter((l) => l !== leaf);

    const disjunction = objects.find(({ schema }) => schema.anyOf !== undefined || schema.oneOf !== undefined);
    if (disjunction) {
      const { fragment, schema } = disjunction;
      const keyword = schema.anyOf !== undefined ? "anyOf" : "oneOf";
      const options = schema[keyword];
      if (!Array.isArray(options) || options.length === 0) {
        throw new UnsupportedSchemaError(
          fragment.location,
          keyword,
          `${keyword} must be a non-empty array, received ${JSON.stringify(options)}`,
        );
      }
      const rest = [...others(fragment), withoutKeys(fragment, [keyword])];
      const result = oneOfBranches(
        options.map((option, i) => this.compile([...rest, childFragment(fragment, `${keyword}/${i}`, option)], path)),
      );
      if (keyword === "anyOf" || result === null) return result;
      // oneOf: a value of one branch may satisfy another as well; keep only the exclusive ones.
      const exclusive = { ...fragment, schema: { oneOf: options } };
      return result.filter((value) => matchesAll([exclusive], value, this.options));
    }

    const conditional = objects.find(({ schema }) => schema.if !== undefined);
    if (conditional) {
      const { fragment, schema } = conditional;
      const rest = [...others(fragment), withoutKeys(fragment, ["if", "then", "else"])];
      const condition = childFragment(fragment, "if", schema.if);
      const thenPart = schema.then === undefined ? [] : [childFragment(fragment, "then", schema.then)];
      const elsePart = schema.else === undefined ? [] : [childFragment(fragment, "else", schema.else)];
      const negated: Fragment = {
        schema: { not: schema.if },
        baseUri: fragment.baseUri,
        location: `${fragment.location}/if(false)`,
      };
      return oneOfBranches([
        this.compile([...rest, condition, ...thenPart], path),
        this.compile([...rest, negated, ...elsePart], path),
      ]);
    }

    const declared = intersectTypes(leaves);
    if (declared !== undefined && declared.length === 0) return null; // e.g. "array" ∩ "object"
    const types = declared ?? impliedTypes(leaves);
    const splittable = objects.find(({ schema }) => isObjectCondition(schema.not));
    if (splittable && types.length === 1 && types[0] === "object") {
      return this.compileNegatedCondition(splittable.fragment, others(splittable.fragment), path);
    }
    return this.compileMerged(leaves, types, path);
  }

  /** not {properties: P, required: R} on an object: some r of R is absent, or some p of P is present and fails P[p]. */
  private compileNegatedCondition(fragment: Fragment, others: readonly Fragment[], path: string): Compiled {
    const schema = fragment.schema;
    if (typeof schema === "boolean" || !isJsonObject(schema.not)) return null;
    const condition = schema.not;
    const rest = [...others, withoutKeys(fragment, ["not"])];
    const conditionFragment = childFragment(fragment, "not", condition);
    const branches: Compiled[] = [];
    for (const name of requiredOf([conditionFragment])) {
      branches.push(
        this.compile(
          [
            ...rest,
            {
              schema: {},
              baseUri: fragment.baseUri,
              location: `${fragment.location}/not(absent ${name})`,
              absent: [name],
            },
          ],
          path,
        ),
      );
    }
    for (const [name, propertySchema] of Object.entries(propertiesOf(conditionFragment, condition))) {
      const failing = { required: [name], properties: { [name]: { not: propertySchema } } };
      branches.push(
        this.compile(
          [
            ...rest,
            { schema: failing, baseUri: fragment.baseUri, location: `${fragment.location}/not(fails ${name})` },
          ],
          path,
        ),
      );
    }
    return oneOfBranches(branches);
  }

  private compileMerged(leaves: readonly Fragment[], types: readonly string[], path: string): Compiled {
    const objects = objectLeaves(leaves);
    const negations = objects
      .filter(({ schema }) => schema.not !== undefined)
      .map(({ fragment, schema }) => ({ ...fragment, schema: { not: schema.not } }));
    const rejectNegated = (arbitrary: Compiled): Compiled =>
      arbitrary === null || negations.length === 0
        ? arbitrary
        : arbitrary.filter((value) => matchesAll(negations, value, this.options));

    const enumerated = this.enumeratedValues(leaves);
    if (enumerated !== undefined) {
      const allowed = enumerated.filter((value) => matchesAll(leaves, value, this.options));
      return allowed.length === 0 ? null : fc.constantFrom(...allowed);
    }
    if (types.length === 0) return rejectNegated(anyJsonArbitrary);
    return rejectNegated(oneOfBranches(types.map((type) => this.compileType(type, leaves, path))));
  }

  /** Intersection of every `enum` and `const`, or undefined when no leaf enumerates. */
  private enumeratedValues(leaves: readonly Fragment[]): unknown[] | undefined {
    let values: unknown[] | undefined;
    for (const { fragment, schema } of objectLeaves(leaves)) {
      const lists: unknown[][] = [];
      if (schema.const !== undefined) lists.push([schema.const]);
      if (schema.enum !== undefined) {
        if (!Array.isArray(schema.enum))
          throw new UnsupportedSchemaError(
            fragment.location,
            "enum",
            `enum must be an array, received ${JSON.stringify(schema.enum)}`,
          );
        lists.push(schema.enum);
      }
      for (const list of lists)
        values = values === undefined ? [...list] : values.filter((v) => list.some((w) => jsonEqual(v, w)));
    }
    return values;
  }

  private compileType(type: string, leaves: readonly Fragment[], path: string): Compiled {
    switch (type) {
      case "string":
        return stringArbitrary(stringsOf(leaves, "pattern"), stringsOf(leaves, "format").includes("date-time"));
      case "integer":
      case "number": {
        const min = numbersOf(leaves, "minimum");
        const max = numbersOf(leaves, "maximum");
        const lo = min.length > 0 ? Math.max(...min) : undefined;
        const hi = max.length > 0 ? Math.min(...max) : undefined;
        return type === "integer" ? integerArbitrary(lo, hi) : numberArbitrary(lo, hi);
      }
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return this.compileArray(leaves, path);
      case "object":
        return this.compileObject(leaves, path);
      default:
        return null;
    }
  }

  private compileArray(leaves: readonly Fragment[], path: string): Compiled {
    const itemFragments = objectLeaves(leaves).flatMap(({ fragment, schema }) =>
      schema.items === undefined ? [] : [childFragment(fragment, "items", schema.items)],
    );
    const minItems = Math.max(0, ...numbersOf(leaves, "minItems"));
    const maxList = numbersOf(leaves, "maxItems");
    const maxItems = Math.min(minItems + 5, ...maxList);
    if (minItems > maxItems) return null;
    const items = itemFragments.length > 0 ? this.compile(itemFragments, `${path}/*`) : anyJsonArbitrary;
    if (items === null) return minItems === 0 ? fc.constant([]) : null;
    return fc.array(items, { minLength: minItems, maxLength: maxItems });
  }

  private compileObject(leaves: readonly Fragment[], path: string): Compiled {
    const objects = objectLeaves(leaves);
    const required = requiredOf(leaves);
    const absent = new Set(leaves.flatMap((leaf) => leaf.absent ?? []));
    if ([...required].some((name) => absent.has(name))) return null;

    const propertyFragments = new Map<string, Fragment[]>();
    for (const { fragment, schema } of objects) {
      for (const [name, sub] of Object.entries(propertiesOf(fragment, schema))) {
        const list = propertyFragments.get(name) ?? [];
        list.push(childFragment(fragment, `properties/${name}`, sub));
        propertyFragments.set(name, list);
      }
    }
    const additional = objects.flatMap(({ fragment, schema }) =>
      schema.additionalProperties === undefined
        ? []
        : [childFragment(fragment, "additionalProperties", schema.additionalProperties)],
    );
    const extrasAllowed = !additional.some((fragment) => fragment.schema === false);

    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const name of new Set([...propertyFragments.keys(), ...required])) {
      if (absent.has(name)) continue;
      const at = `${path}/${name}`;
      const fragments = propertyFragments.get(name) ?? additional;
      const arbitrary = fragments.length > 0 ? this.compile(fragments, at) : anyJsonArbitrary;
      const hint = this.options.hints.get(at);
      if (arbitrary === null) {
        if (required.has(name)) return null;
        continue;
      }
      model[name] = arbitrary;
      if (required.has(name) || hint?.alwaysPresent === true) requiredKeys.push(name);
    }
    const record = fc.record(model, { requiredKeys, noNullPrototype: true });
    if (!this.options.extraFields || !extrasAllowed) return record;

    const known = new Set([...propertyFragments.keys(), ...required, ...absent]);
    const extraValue = additional.length > 0 ? this.compile(additional, `${path}/*extra`) : anyJsonArbitrary;
    if (extraValue === null) return record;
    const extras = fc.dictionary(extraKeyArbitrary(known), extraValue, { maxKeys: 2, noNullPrototype: true });
    return fc.tuple(record, extras).map(([base, extra]) => ({ ...extra, ...base }));
  }
}

/** True for `{properties?, required?}` conditions the compiler splits when negated. */
function isObjectCondition(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  const keys = Object.keys(schema).filter((k) => !["title", "description", "$comment"].includes(k));
  const typeOk = schema.type === undefined || schema.type === "object";
  return (
    typeOk &&
    keys.every((k) => ["properties", "required", "type"].includes(k)) &&
    (keys.includes("properties") || keys.includes("required"))
  );
}
