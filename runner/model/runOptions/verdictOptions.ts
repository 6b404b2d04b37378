/** The options that decide which verdicts a run gives and how strictly, and which share of them a re-run or a shard takes (rows of runOptionTable.ts). */
import { RUN_DEFAULTS } from "../RunSettings.js";
import type { RunOptionDefinition } from "./RunOptionDefinition.js";

/** The options that decide which verdicts a run gives and how strictly, and which share of them a re-run or a shard takes. */
export const VERDICT_OPTIONS = [
  {
    name: "profile",
    default: RUN_DEFAULTS.profile,
    reproduce: { read: (s) => s.profile },
    value: "default|strict",
    group: "Verdicts",
    setting: "profile",
    env: "CMS_PROFILE",
    schema: {
      enum: ["default", "strict"],
      description: "strict turns warnings (departures from the ambiguity register's defaults) into failures.",
    },
    help: "strict turns warnings (departures from the ambiguity register's defaults) into failures",
  },
  {
    name: "fail-on-skipped",
    reproduce: { read: (s) => s.failOnSkipped },
    group: "Verdicts",
    setting: "failOnSkipped",
    schema: {
      type: "boolean",
      description:
        "A skipped verdict fails the gate (a gate failure lists the skips; exit 2 when no verdict failed: " +
        "what could not be judged is no failure of the target); without it, skips are listed but pass.",
    },
    help:
      "a skipped verdict (a check that could not judge: a missing token or fact, nothing to probe) fails " +
      "the gate: exit 2 when no verdict failed, since the target is not at fault; the console lists every " +
      "skip with its reason either way",
  },
  {
    name: "fail-on-unverified",
    reproduce: { read: (s) => s.failOnUnverified },
    group: "Verdicts",
    setting: "failOnUnverified",
    schema: {
      type: "boolean",
      description:
        "Kept for older configurations: a permission verdict that could not be judged for want of a fact " +
        "(the restricted user sees what the main user sees) is an error by default now (exit 2 when no " +
        "verdict failed), unless restrictedSeesAll declares it expected.",
    },
    help:
      "kept for older configurations: a permission verdict that could not be judged for want of a fact " +
      "(the restricted user sees exactly what the main user sees) is an error by default now (exit 2 when " +
      "no verdict failed), unless --restricted-sees-all declares it expected",
  },
  {
    name: "checks",
    default: [],
    reproduce: { read: (s) => s.checks, joined: true },
    short: "c",
    value: "IDS",
    repeatable: true,
    group: "Verdicts",
    setting: "checks",
    schema: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Check ids or globs to run (all when absent); a selection that matches no verdict is refused.",
    },
    defaultText: "all",
    help: "run only these check ids or globs (e.g. 'pagination.*'), comma-separated or repeated; see cms-conformance list-checks",
  },
  {
    name: "exclude-checks",
    default: [],
    reproduce: { read: (s) => s.excludeChecks, joined: true },
    value: "IDS",
    repeatable: true,
    group: "Verdicts",
    setting: "excludeChecks",
    schema: { type: "array", items: { type: "string", minLength: 1 }, description: "Check ids or globs to leave out." },
    help: "leave these check ids or globs out",
  },
  {
    name: "operation",
    default: [],
    reproduce: { read: (s) => s.operations },
    value: "NAME",
    repeatable: true,
    group: "Verdicts",
    setting: "operations",
    schema: {
      type: "array",
      items: { enum: ["listFactoryDefaultWidgets", "listLandingPages", "getAnalytic", "getWidget", "getRoleFilters"] },
      description: "Operations whose checks run (all when absent).",
    },
    defaultText: "all",
    help: "run only the checks of this operation; repeatable. A selection that matches no verdict is refused",
  },
  {
    name: "waivers",
    relativeToConfigFile: true,
    reproduce: { read: (s) => s.waivers },
    value: "FILE",
    group: "Verdicts",
    setting: "waivers",
    schema: {
      type: "string",
      minLength: 1,
      description: "Vendor-acceptance waivers file (schemas/meta/waivers.schema.json).",
    },
    help: "vendor-acceptance waivers (check id, operation, reason, expiry)",
  },
  {
    name: "rerun-failed",
    reproduce: { read: (s) => s.rerunFailed?.report },
    value: "FILE",
    group: "Re-runs and CI fleets",
    help:
      "run only the check × operation pairs that failed or errored in an earlier report.json (or the " +
      "folder holding it), with its seed, profile and --max-examples (flags still win); after a clean run " +
      "it exits 0 saying there is nothing to re-run",
  },
  {
    name: "shard",
    reproduce: { read: (s) => (s.shard ? `${s.shard.index}/${s.shard.count}` : undefined) },
    value: "I/N",
    group: "Re-runs and CI fleets",
    help: "run shard I of N: a stable share of the selected pairs, by a hash of check id and operation; combine the shards with cms-conformance merge",
  },
] as const satisfies readonly RunOptionDefinition[];
