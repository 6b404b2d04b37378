/**
 * Optional request fields sent as JSON null (register null-request-fields: null reads as the field
 * not defined, §4.1, §4.2). The schemas type each field without null, so a body is checked
 * against them with its nulls read as absent (withNullsAbsent).
 */
import { isJsonObject } from "../contract/jsonValue.js";
import type { OperationName } from "../contract/operations.js";

/** Where a request field may be null: at the top of the body, or inside pagination. */
export type NullablePath = readonly [string] | readonly ["pagination", string];

/** The optional fields of each operation that may be sent as null (the suite always sends widgetId, analyticId and roles: register required-request-fields). */
export const NULLABLE_FIELDS: Readonly<Record<OperationName, readonly NullablePath[]>> = {
  listFactoryDefaultWidgets: [
    ["searchValue"],
    ["pagination"],
    ["pagination", "pageNumber"],
    ["pagination", "pageSize"],
  ],
  listLandingPages: [["searchValue"], ["pagination"], ["pagination", "pageNumber"], ["pagination", "pageSize"]],
  getWidget: [],
  getAnalytic: [],
  getRoleFilters: [["domainName"], ["serviceName"]],
};

/** The body with the field at `path` set to null (inside pagination: pagination made an object first). */
export function withNullAt(body: Readonly<Record<string, unknown>>, path: NullablePath): Record<string, unknown> {
  if (path.length === 1) return { ...body, [path[0]]: null };
  const pagination = isJsonObject(body.pagination) ? body.pagination : {};
  return { ...body, pagination: { ...pagination, [path[1]]: null } };
}

/** The dotted names of the fields sent as null ("searchValue", "pagination.pageSize"). */
export function nullFieldsOf(body: unknown): string[] {
  if (!isJsonObject(body)) return [];
  const top = Object.keys(body).filter((name) => body[name] === null);
  const pagination = body.pagination;
  const inner = isJsonObject(pagination)
    ? Object.keys(pagination)
        .filter((name) => pagination[name] === null)
        .map((name) => `pagination.${name}`)
    : [];
  return [...top, ...inner];
}

/** The body with every null field (at the top or in pagination) left out: what a null-as-absent reading serves. */
export function withNullsAbsent(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  const pagination = kept.pagination;
  if (!isJsonObject(pagination)) return kept;
  return {
    ...kept,
    pagination: Object.fromEntries(Object.entries(pagination).filter(([, value]) => value !== null)),
  };
}
