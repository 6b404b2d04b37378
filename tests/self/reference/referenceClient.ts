/** Test helper: calls the reference server over real HTTP and returns status, content type and parsed body. */
import type { RunningReferenceServer } from "../../../reference/startReferenceServer.js";

/** The five operation paths (§4). */
export const PATHS = {
  listFactoryDefaultWidgets: "/platform/cms/listFactoryDefaultWidgets",
  listLandingPages: "/platform/cms/listLandingPages",
  getAnalytic: "/platform/cms/getAnalytic",
  getWidget: "/platform/cms/getWidget",
  getRoleFilters: "/platform/authorization/getRoleFilters",
} as const;

/** An operation name. */
export type Operation = keyof typeof PATHS;

/** What came back. */
export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** Parsed body, or undefined when it is not JSON. */
  readonly json: unknown;
}

/** Whose credentials to send. */
export type Caller = "admin" | "restricted" | "none";

/** The headers of §5 for a caller. */
export function headersFor(server: RunningReferenceServer, caller: Caller): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
    client_id: server.credentials.clientId,
  };
  if (caller !== "none")
    headers.Authorization = `Bearer ${caller === "admin" ? server.credentials.token : server.credentials.restrictedToken}`;
  return headers;
}

/** POSTs (or `method`) a JSON value or raw text to base + path. */
export async function call(
  base: string,
  path: string,
  options: { body?: unknown; raw?: string; headers: Record<string, string>; method?: string },
): Promise<Answer> {
  const method = options.method ?? "POST";
  const body = method === "GET" || method === "HEAD" ? undefined : (options.raw ?? JSON.stringify(options.body ?? {}));
  const response = await fetch(base + path, {
    method,
    headers: options.headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text, json };
}

/** Calls an operation as `caller` on `base` (the server's baseUrl or a fault's). */
export function callOperation(
  server: RunningReferenceServer,
  operation: Operation,
  body: unknown,
  caller: Caller = "admin",
  base = server.baseUrl,
): Promise<Answer> {
  return call(base, PATHS[operation], { body, headers: headersFor(server, caller) });
}

/** Narrows a body to an object for property access in assertions. */
export function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`expected a JSON object, got ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}

/** The ids of a listing page (widgets or landingPages). */
export function listedIds(json: unknown, field: "widgets" | "landingPages"): string[] {
  const items = asObject(json)[field];
  if (!Array.isArray(items)) throw new Error(`${field} is not an array`);
  return items.map((item) => String(asObject(item).id));
}

/** listInformation of a listing answer. */
export function totals(json: unknown): { totalElements: unknown; totalPages: unknown } {
  const info = asObject(asObject(json).listInformation);
  return { totalElements: info.totalElements, totalPages: info.totalPages };
}

/** Walks every page of a listing with `pageSize` and returns all ids in order. */
export async function walkAll(
  server: RunningReferenceServer,
  operation: "listFactoryDefaultWidgets" | "listLandingPages",
  caller: Caller,
  pageSize: number,
  base = server.baseUrl,
  searchValue?: string,
): Promise<string[]> {
  const field = operation === "listFactoryDefaultWidgets" ? "widgets" : "landingPages";
  const first = await callOperation(
    server,
    operation,
    { pagination: { pageNumber: 0, pageSize }, ...(searchValue !== undefined ? { searchValue } : {}) },
    caller,
    base,
  );
  const pages = Number(totals(first.json).totalPages);
  const ids = listedIds(first.json, field);
  for (let page = 1; page < pages; page++) {
    const next = await callOperation(
      server,
      operation,
      { pagination: { pageNumber: page, pageSize }, ...(searchValue !== undefined ? { searchValue } : {}) },
      caller,
      base,
    );
    ids.push(...listedIds(next.json, field));
  }
  return ids;
}
