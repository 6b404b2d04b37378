/**
 * "Nothing to judge" (issue 50.5): a tenant whose two listings are empty for the main user leaves the
 * pagination, search, permission and widget-read checks nothing to work on, and a run against it would
 * pass with a third of its verdicts skipped. The preflight stops it (exit 2) in one sentence naming the
 * listings that were empty and what to do, when the run's plan asks for anything those listings feed.
 */
import type { OperationName } from "../contract/operations.js";
import type { Exchange } from "./model/Exchange.js";

/** The listings of §4.1 and §4.2 with the field that holds their items. */
const LISTINGS = [
  ["listFactoryDefaultWidgets", "widgets"],
  ["listLandingPages", "landingPages"],
] as const;

/** The operations whose checks learn everything from the main user's listings. */
const FED_BY_LISTINGS: readonly OperationName[] = ["listFactoryDefaultWidgets", "listLandingPages", "getWidget"];

/** True when `exchange` is a 200 listing of no item that says so itself: totalElements 0 and no item in `field`. */
function isEmptyListing(exchange: Exchange | undefined, field: string): boolean {
  if (exchange?.response?.status !== 200) return false;
  const body = exchange.json as { listInformation?: { totalElements?: unknown } } & Record<string, unknown>;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const items = body[field];
  const none = items === undefined || items === null || (Array.isArray(items) && items.length === 0);
  return none && body.listInformation?.totalElements === 0;
}

/** The sentence stopping a run whose main user sees empty listings everywhere, if so. */
export function emptyListingsRefusal(
  answers: ReadonlyMap<OperationName, Exchange>,
  planned: ReadonlySet<OperationName>,
): string | undefined {
  if (!FED_BY_LISTINGS.some((operation) => planned.has(operation))) return undefined;
  if (!LISTINGS.every(([operation, field]) => isEmptyListing(answers.get(operation), field))) return undefined;
  return (
    "nothing to judge: both listings are empty for the main user (listFactoryDefaultWidgets and listLandingPages " +
    "answered totalElements 0 and no item to a valid request), so pagination, search, permissions and the widget " +
    "reads would all be skipped; point --base-url at a tenant that holds widgets and landing pages, or give the " +
    "token of a user who sees them (--token or CMS_TOKEN)"
  );
}
