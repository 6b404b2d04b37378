/** Legitimate readings of who sees which landing pages and widgets (§2.1, §2.4, §4.1, §4.2). */
import type { WidgetRecord } from "../data/referenceData.js";
import { withoutPermissionFacts } from "../runConfigOverride.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** Each narrows a listing in a way the spec allows. */
export const PERMISSION_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "personal-pages-private",
    section: "§2.4",
    description:
      "A PERSONAL landing page is listed to its creator only, even to a user with the Visualizar permission.",
    why: "§2.4: only the user who created a PERSONAL page can view it (register personal-pages-visibility).",
    departs: ["personal-pages-visibility"],
    behaviour: (correct) => ({
      canListLandingPage: (user, record) =>
        correct.canListLandingPage(user, record) &&
        (record.page.landingPageType !== "PERSONAL" || record.owner === user),
    }),
  },
  {
    name: "widget-for-restricted-only",
    section: "§4.1",
    description:
      "One widget the restricted user may view is hidden from the main user (its permission names a resource " +
      "the main user lacks): the restricted listing holds a widget the main listing does not.",
    why:
      "§2.1, §4.1: each widget carries its own permission and listing widgets returns only those the user may " +
      "view; holding Visualizar on landing pages says nothing about a widget's resource.",
    departs: [],
    behaviour: (correct) => ({
      canListWidget: (user, record, searchValue) =>
        user === "admin" && hiddenFromAdmin(record.widget.id)
          ? false
          : correct.canListWidget(user, record, searchValue),
      canReadWidget: (user, record) =>
        user === "admin" && hiddenFromAdmin(record.widget.id) ? false : correct.canReadWidget(user, record),
    }),
  },
  {
    name: "licence-hidden-widget",
    section: "§2.1",
    description:
      "Widget 002 carries the very permission (resource and action) of widget 001, which the restricted user " +
      "may view, but the tenant holds no licence for 002: the restricted user's listing shows 001 and not 002.",
    why:
      "§2.1 calls the permission the resource needed to access the widget: a necessary condition, not a " +
      "sufficient one, so another condition may hide a widget (register permission-sufficiency).",
    departs: ["permission-sufficiency"],
    data: (data) => {
      const shown = widgetOfSerial(data.widgets, "001")?.widget.permission;
      const hidden = widgetOfSerial(data.widgets, "002");
      if (!shown || !hidden) return data;
      return {
        ...data,
        widgets: data.widgets.map((record) =>
          record === hidden ? { ...record, widget: { ...record.widget, permission: { ...shown } } } : record,
        ),
      };
    },
  },
  {
    name: "restricted-sees-every-widget",
    section: "§5",
    description:
      "The restricted user holds the permission of every widget and analytic: it lists and reads all of them, " +
      "as the main user does (its landing pages are still its own only). Run with --restricted-sees-all and " +
      "no other permission fact.",
    why:
      "§2.1 and §5 tie a widget to a resource and an action, and a tenant may grant a user without Visualizar " +
      "every widget's permission; the user declares it with --restricted-sees-all (register permission-facts).",
    departs: [],
    runConfig: (config) => ({ ...withoutPermissionFacts(config), restrictedSeesAll: true }),
    data: (data) => ({
      ...data,
      widgets: data.widgets.map((record) => ({ ...record, visibleToRestricted: true })),
      analytics: data.analytics.map((record) => ({ ...record, visibleToRestricted: true })),
    }),
  },
];

/** The widget of serial `serial`: 001 is always visible to the restricted user, 002 never (reference/data/buildWidgets.ts). */
const widgetOfSerial = (records: readonly WidgetRecord[], serial: string) =>
  records.find((record) => String(record.widget.id).endsWith(`-${serial}`));

/** The widget this variant hides from the main user: the first of the data (serial 001), which the restricted user always may view. */
function hiddenFromAdmin(id: unknown): boolean {
  return typeof id === "string" && HIDDEN_FROM_ADMIN.test(id);
}
const HIDDEN_FROM_ADMIN = /-001$/;
