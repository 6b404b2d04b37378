/** Fetches one page of a listing and reads it (§2.11). */
import type { OperationName } from "../../../contract/operations.js";
import type { Exchange } from "../../../runner/model/Exchange.js";
import { readListingPage, type ListingPage } from "./listingPage.js";
import type { Caller, TargetSession } from "../../../runner/engine/TargetSession.js";

/** A fetched page: the exchange and what it holds (empty when the answer was not a listing). */
export interface FetchedPage {
  readonly exchange: Exchange;
  readonly page: ListingPage;
  /** True for a 200 JSON listing with integer totals. */
  readonly ok: boolean;
}

/** What to ask for; pagination undefined means "no pagination field" (§4.1 default). */
export interface PageRequest {
  readonly pagination?: { readonly pageNumber?: number; readonly pageSize?: number };
  readonly searchValue?: string;
  readonly caller?: Caller;
}

/** Sends one listing request. */
export async function fetchListingPage(
  session: TargetSession,
  operation: OperationName,
  request: PageRequest,
): Promise<FetchedPage> {
  const json: Record<string, unknown> = {};
  if (request.searchValue !== undefined) json.searchValue = request.searchValue;
  if (request.pagination !== undefined) json.pagination = request.pagination;
  const exchange = await session.send(operation, { caller: request.caller ?? "admin", json });
  const page = readListingPage(operation, exchange.json);
  const ok =
    exchange.response?.status === 200 &&
    exchange.isJson &&
    page.shape !== "invalid" &&
    page.totalElements !== undefined &&
    page.totalPages !== undefined;
  return { exchange, page, ok };
}

/** Describes a request for labels: "page 2 of size 7", "no pagination". */
export function describePageRequest(request: PageRequest): string {
  const parts = [
    request.pagination === undefined
      ? "no pagination"
      : `page ${request.pagination.pageNumber ?? "(none)"} of size ${request.pagination.pageSize ?? "(none)"}`,
  ];
  if (request.searchValue !== undefined) parts.push(`searchValue ${JSON.stringify(request.searchValue)}`);
  if (request.caller && request.caller !== "admin") parts.push(`as ${request.caller}`);
  return parts.join(", ");
}
