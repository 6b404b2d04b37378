/** §4.5 getRoleFilters: the union of the filter groups of the given roles. */
import type { RoleFilterGroup } from "../../contract/types.generated.js";
import type { RoleRecord } from "../data/referenceData.js";

/** The domainName and serviceName of a getRoleFilters request; each one sent narrows the groups returned. */
export interface RoleFilterScope {
  readonly domainName?: string;
  readonly serviceName?: string;
}

/**
 * Merges the groups of every known role in `scope` by key (domainName, serviceName, sequence) and
 * dedupes filters by (name, value). Unknown roles contribute nothing; the output is sorted,
 * so the order and duplicates of `roles` do not matter.
 */
export function unionRoleFilters(
  table: readonly RoleRecord[],
  roles: readonly string[],
  scope: RoleFilterScope = {},
): RoleFilterGroup[] {
  const wanted = new Set(roles);
  const groups = new Map<
    string,
    { key: NonNullable<RoleFilterGroup["key"]>; filters: Map<string, { name: string; value: string }> }
  >();
  for (const role of table) {
    if (!wanted.has(role.name)) continue;
    for (const group of role.groups) {
      const key = group.key ?? {};
      if (scope.domainName !== undefined && key.domainName !== scope.domainName) continue;
      if (scope.serviceName !== undefined && key.serviceName !== scope.serviceName) continue;
      const id = JSON.stringify([key.domainName, key.serviceName, key.sequence]);
      const merged = groups.get(id) ?? { key: { ...key }, filters: new Map() };
      for (const filter of group.filters ?? []) {
        const name = filter.name ?? "";
        const value = filter.value ?? "";
        merged.filters.set(JSON.stringify([name, value]), { name, value });
      }
      groups.set(id, merged);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, group]) => ({
      key: group.key,
      filters: [...group.filters.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, filter]) => filter),
    }));
}
