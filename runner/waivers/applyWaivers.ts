/** Applies vendor-acceptance waivers to check results. */
import type { CheckResult, Waiver } from "../model/RunReport.js";
import { waiverMatches } from "./waiverMatches.js";

/** What applyWaivers returns. */
export interface WaiverApplication {
  /** The results, with each failure excused by an unexpired waiver turned into "waived". */
  readonly results: CheckResult[];
  /** Every waiver whose expiry date is before today: it excuses nothing and should fail the gate. */
  readonly expired: Waiver[];
  /** Unexpired waivers that excused no failure (the check passed, or no result has that check and operation). */
  readonly unused: Waiver[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Turns each `failed` result matching an unexpired waiver (its check id or glob, its operation if
 * given, and its finding pattern for every finding, waiverMatches.ts) into
 * `waived`, with the waiver attached and its reason and expiry in the message. A waiver applies
 * up to and including its `expires` day; `today` is YYYY-MM-DD (the run's date, UTC).
 */
export function applyWaivers(
  results: readonly CheckResult[],
  waivers: readonly Waiver[],
  today: string,
): WaiverApplication {
  if (!ISO_DATE.test(today))
    throw new Error(`applyWaivers: today must be YYYY-MM-DD, received ${JSON.stringify(today)}`);
  // YYYY-MM-DD strings order like the dates they name.
  const expired = waivers.filter((waiver) => waiver.expires < today);
  const active = waivers.filter((waiver) => waiver.expires >= today);
  const used = new Set<Waiver>();
  const applied = results.map((result): CheckResult => {
    if (result.outcome !== "failed") return result;
    const waiver = active.find((candidate) => waiverMatches(candidate, result));
    if (!waiver) return result;
    used.add(waiver);
    return {
      ...result,
      outcome: "waived",
      waiver,
      message: `Waived until ${waiver.expires}: ${waiver.reason} — the failure: ${result.message}`,
    };
  });
  return { results: applied, expired, unused: active.filter((waiver) => !used.has(waiver)) };
}
