/**
 * DO NOT EDIT: generated from schemas/ by json-schema-to-typescript.
 * Regenerate with: npm run generate (tests fail when this file drifts from the schemas).
 */

/**
 * §2.6 Chart information and its associations: every field of the §2.6 table, category optional for type GAUGE only. A PIE chart accepts only one series (§2.6, §8).
 */
export type Chart = {
  type: ChartType;
  /**
   * §2.6 Chart category; optional for type GAUGE only, where null is the absent member in JSON's other spelling (register chart-category-non-gauge).
   */
  category?: ColumnRef | null;
  /**
   * §2.6 Sets of values to display; at most one when the type is PIE (register pie-series-count).
   */
  series: Series[];
  /**
   * §2.6 Identifier of the dataset linked to the chart.
   */
  datasetId: string;
  /**
   * §2.6 Filters: present like every field of the table; its structure is not shown, so any object is accepted.
   */
  filter: {
    [k: string]: unknown;
  };
  /**
   * §2.6 Ordering of the records.
   */
  order: Order[];
  [k: string]: unknown;
};
/**
 * §2.10 Chart type (exact spelling).
 */
export type ChartType =
  | "BAR"
  | "STACKED_BAR"
  | "COLUMN"
  | "STACKED_COLUMN"
  | "PIE"
  | "AREA"
  | "LINE"
  | "TABLE"
  | "BUBBLE"
  | "GAUGE"
  | "COUNTER"
  | "RADAR"
  | "MAP"
  | "FILTER";
/**
 * §2.10 Function applied to a column (exact spelling).
 */
export type FunctionType = "AVG" | "COUNT" | "MAX" | "MIN" | "SUM" | "COUNT_DISTINCT";
/**
 * §2.4 Type of landing page: DEFAULT, SHARED or PERSONAL (exact spelling).
 */
export type LandingPageType = "DEFAULT" | "SHARED" | "PERSONAL";

/**
 * Every body and component of the contract.
 */
export interface ContractSchemas {
  components_Analytic?: Analytic;
  components_Chart?: Chart;
  components_ChartType?: ChartType;
  components_ColumnRef?: ColumnRef;
  components_FunctionType?: FunctionType;
  components_LandingPage?: LandingPage;
  components_LandingPageType?: LandingPageType;
  components_ListInformation?: ListInformation;
  components_Order?: Order;
  components_Pagination?: Pagination;
  components_Permission?: Permission;
  components_PreferredSize?: PreferredSize;
  components_Property?: Property;
  components_RoleFilterGroup?: RoleFilterGroup;
  components_Series?: Series;
  components_Widget?: Widget;
  bodies_error_authorization?: AuthorizationBadRequestError;
  bodies_error_cms_badRequest?: CmsBadRequestError;
  bodies_error_cms?: CmsError;
  bodies_error_cms_notFound?: CmsNotFoundError;
  bodies_error_unauthorized?: UnauthorizedError;
  bodies_getAnalytic_request?: GetAnalyticRequest;
  bodies_getAnalytic_response?: GetAnalyticResponse;
  bodies_getRoleFilters_request?: GetRoleFiltersRequest;
  bodies_getRoleFilters_response?: GetRoleFiltersResponse;
  bodies_getWidget_request?: GetWidgetRequest;
  bodies_getWidget_response?: Widget;
  bodies_listFactoryDefaultWidgets_request?: ListFactoryDefaultWidgetsRequest;
  bodies_listFactoryDefaultWidgets_response?: ListFactoryDefaultWidgetsResponse;
  bodies_listLandingPages_request?: ListLandingPagesRequest;
  bodies_listLandingPages_response?: ListLandingPagesResponse;
}
/**
 * §2.5 A chart component that can be plugged into a page.
 */
export interface Analytic {
  /**
   * §2.5 Format analytic://{tenant domain}/{unique identifier}.
   */
  id: string;
  /**
   * §2.5 Name of the analytic.
   */
  name: string;
  /**
   * §2.5 Title to display; may be a translation key of the form platform.cms.<name>: a plain title, or, when it starts with platform.cms., a key with a name and no whitespace or prose (register value-shapes).
   */
  title: string;
  chart: Chart;
  preferredSize: PreferredSize;
  /**
   * §2.5 Tags associated with the analytic.
   */
  tags: string[];
  /**
   * §2.5 Property records.
   */
  properties: Property[];
  /**
   * §2.5 User who created the component.
   */
  createdBy: string;
  /**
   * §2.5 Creation date: ISO 8601 date-time with milliseconds and the UTC designator Z.
   */
  createdDate: string;
  [k: string]: unknown;
}
/**
 * §2.7 A reference to a column. Real responses add fields (latitude, longitude), which are accepted.
 */
export interface ColumnRef {
  /**
   * §2.7 Schema name.
   */
  schema: string;
  /**
   * §2.7 Table name.
   */
  table: string;
  /**
   * §2.7 Column name.
   */
  column: string;
  /**
   * §2.7 Label of the column.
   */
  label: string;
  function: FunctionType;
  /**
   * §2.7 Precision for formatting the value, integer.
   */
  precision: number;
  /**
   * §2.7 Prefix of the label.
   */
  prefix: string;
  /**
   * §2.7 Suffix of the label (spelled sufix).
   */
  sufix: string;
  /**
   * §2.7 Mask of the column.
   */
  mask: string;
  [k: string]: unknown;
}
/**
 * §2.8 A set of values to display.
 */
export interface Series {
  column: ColumnRef;
  /**
   * §2.8 Description of the set.
   */
  label: string;
  [k: string]: unknown;
}
/**
 * §2.9 Ordering of the records.
 */
export interface Order {
  /**
   * §2.9 Schema name.
   */
  schema: string;
  /**
   * §2.9 Table name.
   */
  table: string;
  /**
   * §2.9 Column on which the ordering applies.
   */
  column: string;
  function: FunctionType;
  /**
   * §2.9 Ordering type; standard values ASC and DESC.
   */
  order: string;
  [k: string]: unknown;
}
/**
 * §2.3 Preferred size for best display; one height unit is 40 pixels (§8).
 */
export interface PreferredSize {
  /**
   * §2.3 Height, integer.
   */
  height: number;
  /**
   * §2.3 Width, integer.
   */
  width: number;
  [k: string]: unknown;
}
/**
 * §2.5 A property record of an analytic.
 */
export interface Property {
  /**
   * §2.5 Property name.
   */
  name: string;
  /**
   * §2.5 Property value.
   */
  value: string;
  [k: string]: unknown;
}
/**
 * §2.4 A landing page; roles of shared pages are omitted in listings.
 */
export interface LandingPage {
  /**
   * §2.4 Format landing://{tenant domain}/{unique page identifier}.
   */
  id: string;
  /**
   * §2.4 Identifier of the page.
   */
  pageId: string;
  /**
   * §2.4 Title of the page.
   */
  title: string;
  /**
   * §2.4 Whether the page header with the title is included.
   */
  includeHeader: boolean;
  landingPageType: LandingPageType;
  [k: string]: unknown;
}
/**
 * §2.11 Totals of a listing; listings return totals (§1).
 */
export interface ListInformation {
  /**
   * §2.11 Total number of results found.
   */
  totalElements: number;
  /**
   * §2.11 Total number of pages found.
   */
  totalPages: number;
  [k: string]: unknown;
}
/**
 * §2.11 Listing parameters. When absent, the first 10 results are returned (§4.1, §4.2, §8).
 */
export interface Pagination {
  /**
   * §2.11 Index of the page to return; the first page has index 0 (§8).
   */
  pageNumber?: number;
  /**
   * §2.11 Number of records per page. Maximum not shown (§8).
   */
  pageSize?: number;
  [k: string]: unknown;
}
/**
 * §2.2 Resource and action needed to access a widget.
 */
export interface Permission {
  /**
   * §2.2 URI of the resource: a scheme (RFC 3986 §3.1), a colon, then no whitespace, control characters or <>" (register value-shapes).
   */
  resource: string;
  /**
   * §2.2 Name of the action.
   */
  action: string;
  [k: string]: unknown;
}
/**
 * §2.12 The filters of one domain/service key.
 */
export interface RoleFilterGroup {
  /**
   * §2.12 The key of the group.
   */
  key: {
    /**
     * §2.12 Domain name.
     */
    domainName: string;
    /**
     * §2.12 Service name.
     */
    serviceName: string;
    /**
     * §2.12 Sequence, integer.
     */
    sequence: number;
    [k: string]: unknown;
  };
  /**
   * §2.12 Filters of the group: opaque name/value strings.
   */
  filters: {
    /**
     * §2.12 Filter name.
     */
    name: string;
    /**
     * §2.12 Filter value.
     */
    value: string;
    [k: string]: unknown;
  }[];
  [k: string]: unknown;
}
/**
 * §2.1 A factory-default widget.
 */
export interface Widget {
  /**
   * §2.1 URI identifier: the scheme widget:// followed by path segments separated by slashes.
   */
  id: string;
  /**
   * §2.1 Internationalization key of the widget name (bundle platform.cms): any key spelling (a dotted key, another scheme, a gettext msgid with spaces), but not blank and not a URL (register value-shapes).
   */
  name: string;
  /**
   * §2.1 Internationalization key of the description (bundle platform.cms): as the name's key, not blank and not a URL (register value-shapes).
   */
  description: string;
  permission: Permission;
  /**
   * §2.1 URL where the widget is located: a URL reference, absolute or relative, without whitespace, control characters or <>" (register value-shapes).
   */
  url: string;
  /**
   * §2.1 URL from which the thumbnail is obtained: a URL reference, as url (register value-shapes).
   */
  thumbnailURL: string;
  /**
   * §2.1 Tags associated with the widget.
   */
  tags: string[];
  preferredSize: PreferredSize;
  [k: string]: unknown;
}
/**
 * §7 400 body of getRoleFilters.
 */
export interface AuthorizationBadRequestError {
  /**
   * §7 Message; its language is not stated.
   */
  message: string;
  /**
   * §7 Always getRoleFiltersResponse.
   */
  errorCode: "getRoleFiltersResponse";
  /**
   * §7 Always BAD_REQUEST.
   */
  reason: "BAD_REQUEST";
  /**
   * §7 Always platform.
   */
  domain: "platform";
  /**
   * §7 Always authorization.
   */
  service: "authorization";
  [k: string]: unknown;
}
/**
 * §7 400 body of the content management operations.
 */
export interface CmsBadRequestError {
  /**
   * §7 Message; its language is not stated.
   */
  message: string;
  /**
   * §7 Error code; full list not shown.
   */
  errorCode: string;
  /**
   * §7 Reason of the error.
   */
  reason: "BAD_REQUEST";
  /**
   * §7 Always platform.
   */
  domain: "platform";
  /**
   * §7 Always cms for the content management operations.
   */
  service: "cms";
  [k: string]: unknown;
}
/**
 * §7 400 or 404 body of the content management operations.
 */
export interface CmsError {
  /**
   * §7 Message; its language is not stated.
   */
  message: string;
  /**
   * §7 Error code; full list not shown.
   */
  errorCode: string;
  /**
   * §7 Reason of the error.
   */
  reason: "BAD_REQUEST" | "OBJECT_NOT_FOUND";
  /**
   * §7 Always platform.
   */
  domain: "platform";
  /**
   * §7 Always cms for the content management operations.
   */
  service: "cms";
  [k: string]: unknown;
}
/**
 * §7 404 body of getAnalytic and getWidget.
 */
export interface CmsNotFoundError {
  /**
   * §7 Message; its language is not stated.
   */
  message: string;
  /**
   * §7 Error code; full list not shown.
   */
  errorCode: string;
  /**
   * §7 Reason of the error.
   */
  reason: "OBJECT_NOT_FOUND";
  /**
   * §7 Always platform.
   */
  domain: "platform";
  /**
   * §7 Always cms for the content management operations.
   */
  service: "cms";
  [k: string]: unknown;
}
/**
 * §7 401 body of the content management operations (getRoleFilters' 401 body: not shown).
 */
export interface UnauthorizedError {
  /**
   * §7 Description of the error.
   */
  error_description: string;
  /**
   * §7 Error code, a string.
   */
  error: string;
  [k: string]: unknown;
}
/**
 * §4.3 Request body of getAnalytic. Required fields are not shown (§4), but §4.3 reads the analytic of its identifier: without analyticId a required parameter is missing (§7).
 */
export interface GetAnalyticRequest {
  /**
   * §4.3 §2.5 Identifier of the analytic component.
   */
  analyticId: string;
  [k: string]: unknown;
}
/**
 * §4.3 Response 200 of getAnalytic: the analytic wrapped in the field analytic.
 */
export interface GetAnalyticResponse {
  analytic: Analytic;
  [k: string]: unknown;
}
/**
 * §4.5 Request body of getRoleFilters. Required fields: not shown (§4).
 */
export interface GetRoleFiltersRequest {
  /**
   * §4.5 Names of the roles.
   */
  roles?: string[];
  /**
   * §4.5 Domain name.
   */
  domainName?: string;
  /**
   * §4.5 Service name.
   */
  serviceName?: string;
  [k: string]: unknown;
}
/**
 * §4.5 §2.12 Response 200 of getRoleFilters: the union of the filters linked to the roles.
 */
export interface GetRoleFiltersResponse {
  /**
   * §2.12 Union of the filters linked to the requested roles.
   */
  filters: RoleFilterGroup[];
  [k: string]: unknown;
}
/**
 * §4.4 Request body of getWidget. Required fields are not shown (§4), but §4.4 reads a widget found by its identifier: without widgetId a required parameter is missing (§7).
 */
export interface GetWidgetRequest {
  /**
   * §4.4 §2.1 Identifier in the widget URI format.
   */
  widgetId: string;
  [k: string]: unknown;
}
/**
 * §4.1 Request body of listFactoryDefaultWidgets. Required fields: not shown (§4).
 */
export interface ListFactoryDefaultWidgetsRequest {
  /**
   * §4.1 Value searched in the internationalized fields and in the tags, ignoring upper/lower case.
   */
  searchValue?: string;
  pagination?: Pagination;
  [k: string]: unknown;
}
/**
 * §4.1 Response 200 of listFactoryDefaultWidgets.
 */
export interface ListFactoryDefaultWidgetsResponse {
  /**
   * §4.1 §2.11 The widgets found, a field of the §4.1 response table: present; a single object or a collection: not shown.
   */
  widgets: Widget[] | Widget;
  listInformation: ListInformation;
  [k: string]: unknown;
}
/**
 * §4.2 Request body of listLandingPages. Required fields: not shown (§4).
 */
export interface ListLandingPagesRequest {
  /**
   * §4.2 Value searched in the title field.
   */
  searchValue?: string;
  pagination?: Pagination;
  [k: string]: unknown;
}
/**
 * §4.2 Response 200 of listLandingPages.
 */
export interface ListLandingPagesResponse {
  /**
   * §4.2 §2.11 The landingPages found, a field of the §4.2 response table: present; a single object or a collection: not shown.
   */
  landingPages: LandingPage[] | LandingPage;
  listInformation: ListInformation;
  [k: string]: unknown;
}
