/** A role table where each role also links one filter under a sequence of its own in the configured pair (§2.12). */
import type { ReferenceData } from "./referenceData.js";

/**
 * Role i (guest aside) gains a group of the configured domainName and serviceName under sequence 20 + i holding one
 * filter named after the role: one answer then holds groups of several sequences, whose positions change with
 * the roles asked while their sequences do not.
 */
export function withSequencedGroups(data: ReferenceData): ReferenceData {
  return {
    ...data,
    roles: data.roles.map((role, index) =>
      role.groups.length === 0
        ? role
        : {
            ...role,
            groups: [
              ...role.groups,
              {
                key: { domainName: data.domainName, serviceName: data.serviceName, sequence: 20 + index },
                filters: [{ name: "sequenceProbe", value: role.name }],
              },
            ],
          },
    ),
  };
}
