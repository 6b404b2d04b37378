/** §4.2 listLandingPages. */
import type { ListLandingPagesResponse } from "../../contract/types.generated.js";
import { jsonResponse, type ReferenceResponse } from "../http/ReferenceResponse.js";
import { presentLandingPage } from "../present/presentLandingPage.js";
import type { OperationContext, RequestObject } from "./OperationContext.js";
import { parseListingRequest } from "./parseListingRequest.js";

/** The pages the user may list (all with Visualizar, else their own) matching the title search, one page, roles omitted (§2.4). */
export function listLandingPages(body: RequestObject, context: OperationContext): ReferenceResponse {
  const { data, behaviour } = context;
  const parsed = parseListingRequest(body, "listLandingPages");
  if (!("pageNumber" in parsed)) return parsed;
  const query = behaviour.listingQuery(parsed, "listLandingPages");
  const user = context.user ?? "restricted";
  const found = data.landingPages.filter(
    (record) =>
      behaviour.canListLandingPage(user, record, query.searchValue) &&
      behaviour.landingMatches(record, query.searchValue),
  );
  const page = behaviour.paginate(found, query);
  const response: ListLandingPagesResponse = {
    landingPages: page.items.map((record) => presentLandingPage(record.page)),
    listInformation: { totalElements: page.totalElements, totalPages: page.totalPages },
  };
  return jsonResponse(200, response);
}
