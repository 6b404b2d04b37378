/** One line per section of the interface (docs/contract.md): the rule the HTML matrix and the contract page show. */

/** A section's title and its rule in one line. */
export interface SectionRule {
  readonly title: string;
  readonly rule: string;
}

/** Rules by section number, as the spec states them (paraphrased to one line). */
export const SECTION_RULES: Readonly<Record<string, SectionRule>> = {
  "1": {
    title: "What the service does",
    rule: "Five read operations over POST and JSON; listings are paginated and return totals.",
  },
  "2": { title: "Resources and their fields", rule: "Bodies carry the listed fields with the listed JSON types." },
  "2.1": {
    title: "Widget",
    rule: "id is a widget:// URI; name and description are i18n keys; tags is an array of strings.",
  },
  "2.2": { title: "Permission", rule: "resource (a URI) and action, both strings." },
  "2.3": { title: "PreferredSize", rule: "height and width are integers; one height unit is 40 px." },
  "2.4": {
    title: "LandingPage",
    rule: "id is landing://{tenant}/{id}; landingPageType is DEFAULT, SHARED or PERSONAL; roles are omitted in listings.",
  },
  "2.5": {
    title: "Analytic",
    rule: "id is analytic://{tenant}/{id}; createdDate is ISO 8601 with milliseconds and Z.",
  },
  "2.6": {
    title: "Chart",
    rule: "type is a ChartType; a PIE chart has at most one series; category is optional for GAUGE.",
  },
  "2.7": {
    title: "ColumnRef",
    rule: "schema, table, column are strings; function is a FunctionType; precision an integer; the suffix is spelled sufix.",
  },
  "2.8": { title: "Series", rule: "column is a ColumnRef; label is a string." },
  "2.9": {
    title: "Order",
    rule: "schema, table, column; function is a FunctionType; order's standard values are ASC and DESC.",
  },
  "2.10": { title: "Enumerations", rule: "ChartType and FunctionType take only the listed values." },
  "2.11": {
    title: "Listing parameters and information",
    rule: "pageNumber starts at 0; pageSize records per page; listInformation gives totalElements and totalPages.",
  },
  "2.12": {
    title: "Role filter result",
    rule: "filters is an array of groups: key {domainName, serviceName, sequence} and filters [{name, value}].",
  },
  "3": { title: "States and transitions", rule: "No lifecycle state; landingPageType is a classification." },
  "4": { title: "Endpoints", rule: "Every operation is a POST with a JSON body to its stated path and answers JSON." },
  "4.1": {
    title: "listFactoryDefaultWidgets",
    rule: "Search ignores case over i18n fields and tags; no pagination ⇒ first 10; only widgets the user may view.",
  },
  "4.2": {
    title: "listLandingPages",
    rule: "Search is on the title; no pagination ⇒ first 10; without Visualizar only the user's own pages.",
  },
  "4.3": { title: "getAnalytic", rule: "Answers { analytic } for an analyticId; 404 when it does not exist." },
  "4.4": {
    title: "getWidget",
    rule: "Answers the Widget itself, not wrapped, for a widgetId; 404 when it does not exist.",
  },
  "4.5": { title: "getRoleFilters", rule: "Answers the union of the filters linked to the given roles." },
  "5": {
    title: "Authentication",
    rule: "CMS operations need a bearer token; all send client_id; invalid credentials ⇒ 401; no permission ⇒ 403.",
  },
  "6": { title: "Events", rule: "Not shown." },
  "7": {
    title: "Errors",
    rule: "400 invalid request, 401 invalid credentials, 403 denied, 404 not found, each with its stated body; never 5xx.",
  },
  "8": {
    title: "Limits",
    rule: "No pagination ⇒ first 10; the first page is 0; PIE accepts one series; maximum pageSize not shown.",
  },
  "9": { title: "Versioning", rule: "Not shown." },
};

/** Orders section numbers numerically: 2 < 2.2 < 2.10 < 4. */
export function compareSections(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}
