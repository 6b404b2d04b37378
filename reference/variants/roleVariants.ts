/** Legitimate role tables of getRoleFilters (§4.5, §2.12): more roles, overlapping filters. */
import type { RoleFilterGroup } from "../../contract/types.generated.js";
import type { RoleRecord } from "../data/referenceData.js";
import { withSequencedGroups } from "../data/withSequencedGroups.js";
import type { ReferenceVariant } from "./ReferenceVariant.js";

/** How many roles the extra-roles variant adds. */
const EXTRA_ROLES = 5;

/**
 * Role i copies the groups of one existing role with its filters reversed, and adds a group of
 * the same domain and service under another sequence holding a filter of the next role: unions
 * then overlap across roles and across sequences.
 */
function extraRole(index: number, base: readonly RoleRecord[]): RoleRecord {
  const copied = base[index % base.length]?.groups ?? [];
  const neighbour = base[(index + 1) % base.length]?.groups.find((group) => (group.filters ?? []).length > 0);
  const groups: RoleFilterGroup[] = copied.map((group) => ({
    key: { ...group.key },
    filters: [...(group.filters ?? [])].reverse().map((filter) => ({ ...filter })),
  }));
  if (neighbour?.key) {
    groups.push({
      key: { ...neighbour.key, sequence: (neighbour.key.sequence ?? 0) + 10 },
      filters: (neighbour.filters ?? []).slice(0, 1).map((filter) => ({ ...filter })),
    });
  }
  return { name: `extra-role-${index + 1}`, groups };
}

/** Each changes the roles the target knows. */
export const ROLE_VARIANTS: readonly ReferenceVariant[] = [
  {
    name: "extra-roles",
    section: "§4.5",
    description:
      `${EXTRA_ROLES} more roles are configured, whose filters overlap the other roles' filters, some under ` +
      `another sequence of the same domain and service.`,
    why: "§4.5 and §2.12 set no number of roles and no rule against roles sharing filters; the union must still be a set.",
    departs: [],
    data: (data) => ({
      ...data,
      roles: [...data.roles, ...Array.from({ length: EXTRA_ROLES }, (_, index) => extraRole(index, data.roles))],
    }),
  },
  {
    name: "roles-mostly-without-filters",
    section: "§4.5",
    description: "Only the first role has filters; every other configured role has none in any domain or service.",
    why:
      "§4.5 and §2.12 do not say a role has filters: a role linked to none contributes nothing to the union, " +
      "which must still be judged on the one role that has some.",
    departs: [],
    data: (data) => ({
      ...data,
      roles: data.roles.map((role, index) => (index === 0 ? role : { ...role, groups: [] })),
    }),
  },
  {
    name: "role-filters-sparse-sequences",
    section: "§2.12",
    description:
      "Each role also links one filter under a sequence of its own (20 and up) in the configured domain and " +
      "service, so one answer holds groups of several, sparse sequences.",
    why:
      "§2.12 gives sequence no range and no meaning: any integer the group is stored with is its key, served " +
      "the same whichever roles are asked (the neighbour of the fault role-filters-sequence-by-position).",
    departs: [],
    data: withSequencedGroups,
  },
];
