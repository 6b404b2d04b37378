/** Legitimate ways to limit page sizes (§8: maximum pageSize not shown). */
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** The largest page size the capping variant serves. */
const PAGE_SIZE_CAP = 20;

/** Each limits pageSize while keeping every listing walkable. */
export const PAGE_SIZE_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "page-size-cap-consistent",
    section: "§8",
    description: `pageSize is capped at ${PAGE_SIZE_CAP}: a larger size is served as ${PAGE_SIZE_CAP}, and the totals count pages of ${PAGE_SIZE_CAP}.`,
    why: "§8 leaves the maximum pageSize open; totals that describe what is served keep every item reachable exactly once (register max-page-size).",
    departs: ["max-page-size"],
    behaviour: () => ({ listingQuery: (query) => ({ ...query, pageSize: Math.min(query.pageSize, PAGE_SIZE_CAP) }) }),
  },
];
