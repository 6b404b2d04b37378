/** Builds the role table of getRoleFilters (§4.5, §2.12): filter groups over several domain/service pairs. */
import type { RoleFilterGroup } from "../../contract/types.generated.js";
import type { RoleRecord } from "./referenceData.js";
import type { SeededRandom } from "./seededRandom.js";

/** Role names; "guest" is linked to no filter at all. */
const ROLE_NAMES: readonly string[] = ["admin", "manager", "seller", "auditor", "hr-analyst", "support", "guest"];
/** The domain/service pairs filter groups belong to; the first is the one the suite is told to send. */
export const FILTER_AREAS: readonly (readonly [string, string])[] = [
  ["hcm", "payroll"],
  ["erp", "sales"],
  ["platform", "cms"],
];
const FILTER_NAMES: readonly string[] = ["companyBranchId", "departmentId", "costCenter", "region"];

function hexId(random: SeededRandom): string {
  return Array.from({ length: 32 }, () => "0123456789ABCDEF".charAt(random.int(0, 15))).join("");
}

/** Builds the roles; filter values come from a small shared pool so that roles overlap. */
export function buildRoles(random: SeededRandom): RoleRecord[] {
  const pool = FILTER_NAMES.flatMap((name) =>
    [hexId(random), hexId(random), hexId(random)].map((value) => ({ name, value })),
  );
  return ROLE_NAMES.map((name) => {
    if (name === "guest") return { name, groups: [] };
    const groups: RoleFilterGroup[] = [];
    for (const [sequence, [domainName, serviceName]] of FILTER_AREAS.entries()) {
      if (!random.chance(0.7) && groups.length > 0) continue;
      const filters = [...new Set(Array.from({ length: random.int(1, 4) }, () => random.pick(pool)))];
      groups.push({
        key: { domainName, serviceName, sequence: sequence + 1 },
        filters: filters.map((filter) => ({ ...filter })),
      });
    }
    return { name, groups };
  });
}
