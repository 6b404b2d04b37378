/** Faults that let the restricted user (no Visualizar permission) see too much (§4.1, §4.2, §5). */
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each widens one permission rule. */
export const PERMISSION_FAULTS: readonly ReferenceFault[] = [
  {
    name: "restricted-reads-forbidden-widget",
    section: "§5",
    description: "getWidget answers 200 to the restricted user for a widget it may not view, instead of 403.",
    caughtBy: ["permissions.forbidden-resource-403"],
    behaviour: () => ({ canReadWidget: () => true }),
  },
  {
    name: "restricted-listing-leaks-widgets",
    section: "§4.1",
    description: "The restricted user's widget listing includes widgets it may not view (getWidget then answers 403).",
    caughtBy: ["consistency.listed-widget-readable"],
    behaviour: () => ({ canListWidget: () => true }),
  },
  {
    name: "restricted-lists-archived-pages",
    section: "§4.2",
    description:
      "The restricted user's landing listing includes its own archived pages, which no listing shows (not even the admin's).",
    caughtBy: ["permissions.restricted-listing-subset"],
    behaviour: (correct) => ({
      canListLandingPage: (user, record) =>
        user === "restricted" ? record.owner === user : correct.canListLandingPage(user, record),
    }),
  },
];
