/** §4.1 listFactoryDefaultWidgets. */
import type { ListFactoryDefaultWidgetsResponse } from "../../contract/types.generated.js";
import { jsonResponse, type ReferenceResponse } from "../http/ReferenceResponse.js";
import { rememberedListing } from "../behaviour/rememberedListing.js";
import { presentWidget } from "../present/presentWidget.js";
import type { OperationContext, RequestObject } from "./OperationContext.js";
import { parseListingRequest } from "./parseListingRequest.js";

/** The widgets the user may view that match the search, one page of them, with totals. */
export function listFactoryDefaultWidgets(body: RequestObject, context: OperationContext): ReferenceResponse {
  const { data, behaviour, mode } = context;
  const parsed = parseListingRequest(body, "listFactoryDefaultWidgets");
  if (!("pageNumber" in parsed)) return parsed;
  const query = behaviour.listingQuery(parsed, "listFactoryDefaultWidgets");
  const user = context.user ?? "restricted";
  const found = rememberedListing(data, behaviour, `${user}\u0000${query.searchValue}`, () =>
    data.widgets.filter(
      (record) =>
        behaviour.canListWidget(user, record, query.searchValue) &&
        behaviour.widgetMatches(record, query.searchValue, data),
    ),
  );
  const page = behaviour.paginate(found, query);
  const response: ListFactoryDefaultWidgetsResponse = {
    widgets: page.items.map((record) => presentWidget(record.widget, mode)),
    listInformation: { totalElements: page.totalElements, totalPages: page.totalPages },
  };
  return jsonResponse(200, response);
}
