/** Legitimate readings of who sees which landing pages (§2.4, §4.2). */
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
];
