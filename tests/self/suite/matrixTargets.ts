/**
 * The columns of the strict verdict matrix: the reference server in each mode and at a few sizes,
 * every legitimate variant and every fault, with what each may (and must) give for a check.
 */
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import type { Outcome } from "../../../runner/model/RunReport.js";
import type { RunConfigFile } from "../../../runner/settings/resolveRunSettings.js";
import { FAULT_CATALOGUE } from "../../../reference/faults/faultCatalogue.js";
import type { ReferenceFault } from "../../../reference/faults/ReferenceFault.js";
import { faultRunConfig, referenceRunConfig, variantRunConfig } from "../../../reference/referenceRunConfig.js";
import type { ReferenceMode, RunningReferenceServer } from "../../../reference/startReferenceServer.js";
import { VARIANT_CATALOGUE } from "../../../reference/variants/variantCatalogue.js";

/** What a check may give on a target, on each of its operations. */
export interface CellExpectation {
  /** Outcomes every operation may have. */
  readonly allowed: readonly Outcome[];
  /** When set, at least one operation must have one of these: the fault declares the check. */
  readonly required?: readonly Outcome[];
  /** When set, the registers a warning may name; any other register in a warning is a mistake. */
  readonly departs?: readonly string[];
}

/** One column: a target and its expectations. */
export interface MatrixTarget {
  /** "fault pages-overlap", "reference spec-minimal", "variant few-items" … */
  readonly name: string;
  /** The fault, for fault columns. */
  readonly fault?: ReferenceFault;
  /** Its answers depend on the order of requests (a variant that counts them): one row at a time. */
  readonly exclusive?: boolean;
  /** The configuration layer of a run against it (starts its server on first use). */
  config(): Promise<RunConfigFile>;
  expect(check: CheckDefinition): CellExpectation;
}

/** The servers the columns point at, each started on first use. */
export interface MatrixServers {
  /** Serves the reference, its variants (/variants/…) and its faults (/faults/…). */
  main(): Promise<RunningReferenceServer>;
  mode(mode: ReferenceMode): Promise<RunningReferenceServer>;
  /** The reference with this many widgets and landing pages. */
  size(widgets: number): Promise<RunningReferenceServer>;
}

/** Reference modes besides "default", and the registers each may depart from. */
const MODE_DEPARTURES: ReadonlyMap<ReferenceMode, readonly string[]> = new Map<ReferenceMode, readonly string[]>([
  ["extra-fields", []],
  ["spec-minimal", []],
  ["empty", []],
]);

/** Widget counts around the default page size: one item, less than a page, a page and one. */
const MATRIX_SIZES: readonly number[] = [1, 7, 11];

const PASSING: readonly Outcome[] = ["passed", "skipped"];
const PASSING_OR_WARNING: readonly Outcome[] = ["passed", "skipped", "warning"];
const ANY_VERDICT: readonly Outcome[] = ["passed", "skipped", "warning", "failed"];

/** A fault's cell: a declared check must fail (a SHOULD check at least warn), an allowed one may, any other must pass. */
function faultExpectation(fault: ReferenceFault, check: CheckDefinition): CellExpectation {
  if (fault.caughtBy.includes(check.id))
    return { allowed: ANY_VERDICT, required: check.level === "MUST" ? ["failed"] : ["warning", "failed"] };
  if (fault.mayAlsoFail && check.id in fault.mayAlsoFail) return { allowed: ANY_VERDICT };
  return { allowed: PASSING };
}

/** Every column. */
export function matrixTargets(servers: MatrixServers): MatrixTarget[] {
  const reference: MatrixTarget = {
    name: "reference",
    config: async () => referenceRunConfig(await servers.main()),
    expect: () => ({ allowed: PASSING }),
  };
  const modes = [...MODE_DEPARTURES].map(([mode, departs]): MatrixTarget => ({
    name: `reference ${mode}`,
    config: async () => referenceRunConfig(await servers.mode(mode)),
    expect: () => ({ allowed: departs.length > 0 ? PASSING_OR_WARNING : PASSING, departs }),
  }));
  const sizes = MATRIX_SIZES.map((widgets): MatrixTarget => ({
    name: `reference with ${widgets} widget(s)`,
    config: async () => referenceRunConfig(await servers.size(widgets)),
    expect: () => ({ allowed: PASSING }),
  }));
  const variants = VARIANT_CATALOGUE.map((variant): MatrixTarget => ({
    name: `variant ${variant.name}`,
    exclusive: variant.intercept !== undefined,
    config: async () => variantRunConfig(await servers.main(), variant.name),
    expect: () => ({ allowed: variant.departs.length > 0 ? PASSING_OR_WARNING : PASSING, departs: variant.departs }),
  }));
  const faults = FAULT_CATALOGUE.map((fault): MatrixTarget => ({
    name: `fault ${fault.name}`,
    fault,
    config: async () => faultRunConfig(await servers.main(), fault.name),
    expect: (check) => faultExpectation(fault, check),
  }));
  return [reference, ...modes, ...sizes, ...variants, ...faults];
}

/**
 * The columns in the order a check's row visits them: the faults that declare it (a check that
 * misses its fault fails fast), the reference, the other faults, modes, sizes and variants, and last
 * the exclusive columns, which wait on Retry-After.
 */
export function rowOrder(targets: readonly MatrixTarget[], check: CheckDefinition): MatrixTarget[] {
  const rank = (target: MatrixTarget) =>
    target.fault?.caughtBy.includes(check.id)
      ? 0
      : target.name === "reference"
        ? 1
        : target.exclusive
          ? 4
          : target.fault
            ? 2
            : 3;
  return targets
    .map((target, index) => ({ target, index }))
    .sort((a, b) => rank(a.target) - rank(b.target) || a.index - b.index)
    .map(({ target }) => target);
}

/** The columns whose verdicts a row keeps as its golden verdicts: the reference and the faults that declare the check. */
export function isGoldenColumn(target: MatrixTarget, check: CheckDefinition): boolean {
  return target.name === "reference" || target.fault?.caughtBy.includes(check.id) === true;
}
