/**
 * An in-memory CMS serving the two listings (§4.1, §4.2) and the two reads (§4.3, §4.4) from
 * items given by a test, for unit tests of the checks: pages cut as asked, totals counted, a
 * search that ignores case (widgets: any string; landing pages: the title), items a user may
 * not view left out of its listing and refused with 403, and hooks to break one answer.
 */
import { isJsonObject } from "../../../contract/jsonValue.js";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";
import { jsonOf } from "./checkOnScript.js";

type Item = Readonly<Record<string, unknown>>;
export type ListingName = "listFactoryDefaultWidgets" | "listLandingPages";

/** One listing request as the fake target read it, and the answer it would give. */
export interface ListingCall {
  readonly operation: ListingName;
  readonly body: Record<string, unknown>;
  readonly searchValue: string | undefined;
  readonly pageNumber: number;
  readonly pageSize: number;
  /** The items matching the search, before paging. */
  readonly found: readonly Item[];
  /** The correct answer. */
  readonly answer: {
    readonly status: 200;
    readonly json: {
      readonly [key: string]: unknown;
      readonly listInformation: { totalElements: number; totalPages: number };
    };
  };
  /** Which request this is, from 0. */
  readonly index: number;
  /** Who asked: the restricted token's bearer, or the main user. */
  readonly caller: Caller;
}

export interface FakeCms {
  readonly widgets?: readonly Item[];
  readonly landingPages?: readonly Item[];
  /** Whether an item matches a non-empty search; default: a case-insensitive substring of a widget's strings or a landing page's title. */
  readonly matches?: (operation: ListingName, item: Item, searchValue: string) => boolean;
  /** Replaces the correct answer to a call when it returns one. */
  readonly tamper?: (call: ListingCall) => FakeAnswer | undefined;
  /** Whether a user may view an item; default: every item. */
  readonly visible?: (caller: Caller, item: Item) => boolean;
  /** Analytics by id, each answered as { analytic } (§4.3). */
  readonly analytics?: Readonly<Record<string, Item>>;
  /** Replaces the correct answer to a read when it returns one. */
  readonly tamperRead?: (read: ReadCall) => FakeAnswer | undefined;
}

export type Caller = "admin" | "restricted";

/** One getWidget or getAnalytic request as the fake target read it, and the answer it would give. */
export interface ReadCall {
  readonly operation: "getWidget" | "getAnalytic";
  readonly id: unknown;
  readonly caller: Caller;
  readonly answer: FakeAnswer;
}

const KEYS: Record<ListingName, string> = { listFactoryDefaultWidgets: "widgets", listLandingPages: "landingPages" };

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isJsonObject(value)) return Object.values(value).flatMap(strings);
  return [];
}

/** The default search: a case-insensitive substring. */
export function matchesIgnoringCase(operation: ListingName, item: Item, searchValue: string): boolean {
  const texts = operation === "listLandingPages" ? (typeof item.title === "string" ? [item.title] : []) : strings(item);
  return texts.some((text) => text.toLowerCase().includes(searchValue.toLowerCase()));
}

function read(
  listings: FakeCms,
  operation: ReadCall["operation"],
  body: Record<string, unknown>,
  caller: Caller,
): FakeAnswer {
  const id = operation === "getWidget" ? body.widgetId : body.analyticId;
  const widget = operation === "getWidget" ? listings.widgets?.find((item) => item.id === id) : undefined;
  const analytic = operation === "getAnalytic" && typeof id === "string" ? listings.analytics?.[id] : undefined;
  const item = widget ?? analytic;
  const answer: FakeAnswer = !item
    ? { status: 404, json: { message: `no ${operation === "getWidget" ? "widget" : "analytic"} ${String(id)}` } }
    : !(listings.visible?.(caller, item) ?? true)
      ? { status: 403, json: { message: "forbidden" } }
      : { status: 200, json: operation === "getWidget" ? item : { analytic: item } };
  return listings.tamperRead?.({ operation, id, caller, answer }) ?? answer;
}

/** A scripted target answering the listings and reads; any other path gets 404. */
export function fakeCms(listings: FakeCms): (request: OutgoingRequest, index: number) => FakeAnswer {
  const matches = listings.matches ?? matchesIgnoringCase;
  return (request, index) => {
    const sent: unknown = jsonOf(request);
    const body = isJsonObject(sent) ? sent : {};
    const caller: Caller = (request.headers.Authorization ?? "").includes("restricted") ? "restricted" : "admin";
    if (request.path.endsWith("/getWidget")) return read(listings, "getWidget", body, caller);
    if (request.path.endsWith("/getAnalytic")) return read(listings, "getAnalytic", body, caller);
    const operation = (Object.keys(KEYS) as ListingName[]).find((name) => request.path.endsWith(`/${name}`));
    if (!operation) return { status: 404, json: { message: "no such operation" } };
    const pagination = isJsonObject(body.pagination) ? body.pagination : {};
    const pageNumber = typeof pagination.pageNumber === "number" ? pagination.pageNumber : 0;
    const pageSize = typeof pagination.pageSize === "number" ? pagination.pageSize : 10;
    const searchValue = typeof body.searchValue === "string" ? body.searchValue : undefined;
    const items = ((operation === "listLandingPages" ? listings.landingPages : listings.widgets) ?? []).filter(
      (item) => listings.visible?.(caller, item) ?? true,
    );
    const found = searchValue ? items.filter((item) => matches(operation, item, searchValue)) : items;
    const answer = {
      status: 200 as const,
      json: {
        [KEYS[operation]]: found.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize),
        listInformation: { totalElements: found.length, totalPages: Math.ceil(found.length / pageSize) },
      },
    };
    return (
      listings.tamper?.({ operation, body, searchValue, pageNumber, pageSize, found, answer, index, caller }) ?? answer
    );
  };
}

/** Widgets w0…w(n-1) with the tags `tagsOf(n)` gives. */
export function widgetsTagged(count: number, tagsOf: (index: number) => readonly string[]): Item[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `widget://t/w${index}`,
    name: `n${index}`,
    tags: [...tagsOf(index)],
  }));
}

/** Landing pages p0…p(n-1) titled `titleOf(n)`. */
export function pagesTitled(count: number, titleOf: (index: number) => string): Item[] {
  return Array.from({ length: count }, (_, index) => ({ id: `lp${index}`, title: titleOf(index) }));
}

/** The answer to `call` with these items and totals instead of the right ones. */
export function listingAnswer(
  call: ListingCall,
  items: readonly unknown[],
  totalElements: number,
  totalPages: number,
): FakeAnswer {
  return { status: 200, json: { [KEYS[call.operation]]: items, listInformation: { totalElements, totalPages } } };
}
