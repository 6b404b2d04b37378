/** Faults of identity (issue 49.4): the same entity described otherwise across answers, or found by a near miss of its id. */
import type { ReferenceData } from "../data/referenceData.js";
import { withoutRoleFilterFacts } from "../runConfigOverride.js";
import { withSequencedGroups } from "../data/withSequencedGroups.js";
import type { ReferenceResponse } from "../http/ReferenceResponse.js";
import type { ReferenceFault } from "./ReferenceFault.js";
import { isJsonObject, rewriteJson } from "./rewriteJson.js";

/** A 404 of a read answered instead with the first item whose id `matches` the id asked. */
function servedByLookup(
  response: ReferenceResponse,
  operation: string,
  body: unknown,
  data: ReferenceData,
  matches: (stored: string, asked: string) => boolean,
): ReferenceResponse {
  if (response.status !== 404 || !isJsonObject(body)) return response;
  if (operation === "getWidget" && typeof body.widgetId === "string") {
    const asked = body.widgetId;
    const found = data.widgets.find((record) => matches(String(record.widget.id), asked));
    return found ? { status: 200, json: structuredClone(found.widget) } : response;
  }
  if (operation === "getAnalytic" && typeof body.analyticId === "string") {
    const asked = body.analyticId;
    const found = data.analytics.find((record) => matches(String(record.analytic.id), asked));
    return found ? { status: 200, json: { analytic: structuredClone(found.analytic) } } : response;
  }
  return response;
}

/** Each describes one entity otherwise in one place, or serves it for an id that is not its own. */
export const IDENTITY_FAULTS: readonly ReferenceFault[] = [
  {
    name: "role-filters-sequence-by-position",
    section: "§2.12",
    description:
      "getRoleFilters numbers each group's sequence by its position in the answer (1, 2, …) instead of the " +
      "stored sequence, so a group gets another sequence when other roles are asked with it. Its data links one " +
      "more filter to each role, so it runs without the reference's role-filters facts.",
    caughtBy: ["role-filters.group-keys-agree"],
    runConfig: withoutRoleFilterFacts,
    data: withSequencedGroups,
    respond: (response, { operation }) =>
      rewriteJson(response, response.status === 200 && operation === "getRoleFilters", (body) => ({
        ...body,
        filters: Array.isArray(body.filters)
          ? body.filters.map((group, index) =>
              isJsonObject(group) && isJsonObject(group.key)
                ? { ...group, key: { ...group.key, sequence: index + 1 } }
                : group,
            )
          : body.filters,
      })),
  },
  {
    name: "created-by-reader",
    section: "§2.5",
    description: "getAnalytic answers createdBy with the user who reads the analytic, not the one who created it.",
    caughtBy: ["consistency.same-for-every-reader"],
    respond: (response, { operation, user, data }) =>
      rewriteJson(response, response.status === 200 && operation === "getAnalytic" && user !== undefined, (body) => ({
        ...body,
        analytic: isJsonObject(body.analytic)
          ? { ...body.analytic, createdBy: `${user ?? ""}@${data.tenant}` }
          : body.analytic,
      })),
  },
  {
    name: "id-prefix-lookup",
    section: "§4.4",
    description:
      "getWidget and getAnalytic find the first item whose id starts with the id asked, so a real id cut short " +
      "is served the real item instead of 404.",
    caughtBy: ["errors.near-miss-id-404"],
    respond: (response, { operation, body, data }) =>
      servedByLookup(response, operation, body, data, (stored, asked) => asked !== "" && stored.startsWith(asked)),
  },
  {
    name: "id-path-case-insensitive",
    section: "§4.4",
    description:
      "getWidget and getAnalytic compare ids without letter case, so a real id whose path is in another case is " +
      "served the real item instead of 404.",
    caughtBy: ["errors.near-miss-id-404"],
    respond: (response, { operation, body, data }) =>
      servedByLookup(response, operation, body, data, (stored, asked) => stored.toLowerCase() === asked.toLowerCase()),
  },
];
