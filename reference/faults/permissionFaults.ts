/** Faults that let the restricted user (no Visualizar permission) see too much (§4.1, §4.2, §5). */
import { forbidden } from "../http/errorResponses.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each widens one permission rule. */
export const PERMISSION_FAULTS: readonly ReferenceFault[] = [
  {
    name: "every-permission-ignored",
    section: "§5",
    description:
      "Permissions are not checked at all: the restricted user lists and reads every widget, analytic and (non-archived) " +
      "landing page, as the main user does. Caught through the facts: without any, equal listings prove nothing and " +
      "are an error naming the facts and --restricted-sees-all (tests/self/cli/failOnSkipped.test.ts).",
    caughtBy: ["permissions.forbidden-resource-403", "permissions.listing-facts"],
    behaviour: () => ({
      canListWidget: () => true,
      canReadWidget: () => true,
      canReadAnalytic: () => true,
      canListLandingPage: (_user, record) => !record.archived,
    }),
  },
  {
    name: "analytic-permission-ignored",
    section: "§5",
    description:
      "getAnalytic answers 200 to the restricted user for an analytic it may not read (only widgets are checked).",
    caughtBy: ["permissions.forbidden-resource-403"],
    behaviour: () => ({ canReadAnalytic: () => true }),
  },
  {
    name: "own-pages-only-ignored",
    section: "§4.2",
    description: "Listing landing pages without Visualizar returns every user's pages instead of only the user's own.",
    caughtBy: ["permissions.listing-facts"],
    behaviour: () => ({ canListLandingPage: (_user, record) => !record.archived }),
  },
  {
    name: "search-drops-permission-filter",
    section: "§4.1",
    description:
      "A listing with a searchValue is answered from an index queried without the user's permissions: the restricted " +
      "user's searches return widgets and pages it may not see.",
    caughtBy: ["permissions.restricted-search-subset"],
    behaviour: (correct) => ({
      canListWidget: (user, record, searchValue) => Boolean(searchValue) || correct.canListWidget(user, record),
      canListLandingPage: (user, record, searchValue) =>
        searchValue ? !record.archived : correct.canListLandingPage(user, record),
    }),
  },
  {
    name: "restricted-landing-403",
    section: "§4.2",
    description:
      "listLandingPages answers 403 to the restricted user, who lacks Visualizar, instead of listing its own pages.",
    caughtBy: ["permissions.restricted-listing-subset"],
    respond: (response, { operation, user }) =>
      operation === "listLandingPages" && user === "restricted"
        ? forbidden("Sem permissão para listar páginas iniciais.")
        : response,
  },
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
    caughtBy: ["consistency.listed-widget-readable", "permissions.listing-facts"],
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
