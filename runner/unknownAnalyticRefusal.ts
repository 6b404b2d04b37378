/**
 * A configured analytic id the target does not know (issue 48.5) is a mistake of the configuration, not
 * a failure of the target: there is no listing of analytics (§4.3), so every id comes from the user, and
 * each one answered 404 would otherwise turn every getAnalytic check into a skip or a finding about an
 * analytic that does not exist. The preflight reads each configured id once as the main user and stops
 * the run (exit 2) naming the first one answered 404.
 */
import type { TargetSession } from "./engine/TargetSession.js";
import type { Exchange } from "./model/Exchange.js";
import type { RunSettings } from "./model/RunSettings.js";

/** The configured ids the target answered 404 to, in the order given: `first` is the answer to the first of them. */
async function unknownAnalyticIds(session: TargetSession, settings: RunSettings, first: Exchange): Promise<string[]> {
  const ids = [...new Set(settings.fixtures.analyticIds)];
  const [firstId, ...others] = ids;
  if (firstId === undefined) return [];
  const rest = await Promise.all(
    others.map((analyticId) => session.send("getAnalytic", { caller: "admin", json: { analyticId } })),
  );
  return ids.filter((_id, index) => ([first, ...rest][index] as Exchange).response?.status === 404);
}

/** The sentence stopping a run one of whose configured analytic ids the target answered 404 to, if so. */
export async function unknownAnalyticRefusal(
  session: TargetSession,
  settings: RunSettings,
  first: Exchange,
): Promise<string | undefined> {
  const unknown = await unknownAnalyticIds(session, settings, first);
  const [id] = unknown;
  if (id === undefined) return undefined;
  const count = new Set(settings.fixtures.analyticIds).size;
  const others = unknown.length > 1 ? ` (and ${unknown.length - 1} more of the ${count} configured)` : "";
  return (
    `the configured analytic id ${id} is not found by the target${others}: getAnalytic answered 404 to it as the ` +
    "main user (§4.3); give ids of analytics that exist (--analytic-id, CMS_ANALYTIC_IDS or analytic-id in the " +
    "config file)"
  );
}
