/** The replaceable rules of the reference server: faults swap one of them (reference/faults). */
import type { OperationName } from "../../contract/operations.js";
import type { RoleFilterGroup } from "../../contract/types.generated.js";
import type {
  AnalyticRecord,
  LandingPageRecord,
  ReferenceData,
  ReferenceUserName,
  WidgetRecord,
} from "../data/referenceData.js";
import { landingPageMatchesSearch } from "./landingPageMatchesSearch.js";
import type { ListingPage, ListingQuery } from "./ListingQuery.js";
import { paginate } from "./paginate.js";
import { unionRoleFilters, type RoleFilterScope } from "./unionRoleFilters.js";
import { widgetMatchesSearch } from "./widgetMatchesSearch.js";

/** Each rule the operations consult; the correct set is DEFAULT_BEHAVIOUR. */
export interface ReferenceBehaviour {
  /** Adjusts a validated listing query (identity when correct). */
  listingQuery(query: ListingQuery, operation: OperationName): ListingQuery;
  /** §2.11 pagination. */
  paginate<T>(items: readonly T[], query: ListingQuery): ListingPage<T>;
  /** §4.1 widget search. */
  widgetMatches(record: WidgetRecord, searchValue: string, data: ReferenceData): boolean;
  /** §4.2 landing page search. */
  landingMatches(record: LandingPageRecord, searchValue: string): boolean;
  /** §4.1, §5: widgets listed to a user; `searchValue` is the search of the listing ("" for none). */
  canListWidget(user: ReferenceUserName, record: WidgetRecord, searchValue?: string): boolean;
  /** §5: widgets getWidget returns (else 403). */
  canReadWidget(user: ReferenceUserName, record: WidgetRecord): boolean;
  /** §5: analytics getAnalytic returns (else 403). */
  canReadAnalytic(user: ReferenceUserName, record: AnalyticRecord): boolean;
  /** §4.2: without Visualizar only one's own pages; archived pages never. */
  canListLandingPage(user: ReferenceUserName, record: LandingPageRecord, searchValue?: string): boolean;
  /** §4.5 the union of the roles' filters, in the domain and service asked (register role-filter-scope). */
  roleFilters(data: ReferenceData, roles: readonly string[], scope: RoleFilterScope): RoleFilterGroup[];
}

/** The correct rules. */
export const DEFAULT_BEHAVIOUR: ReferenceBehaviour = {
  listingQuery: (query) => query,
  paginate,
  widgetMatches: (record, searchValue, data) => widgetMatchesSearch(record.widget, searchValue, data.translations),
  landingMatches: (record, searchValue) => landingPageMatchesSearch(record.page, searchValue),
  canListWidget: (user, record) => user === "admin" || record.visibleToRestricted,
  canReadWidget: (user, record) => user === "admin" || record.visibleToRestricted,
  canReadAnalytic: (user, record) => user === "admin" || record.visibleToRestricted,
  canListLandingPage: (user, record) => !record.archived && (user === "admin" || record.owner === user),
  roleFilters: (data, roles, scope) => unionRoleFilters(data.roles, roles, scope),
};
