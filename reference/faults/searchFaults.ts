/** Faults of the searches of §4.1 and §4.2, and of the roles omitted in landing listings (§2.4). */
import { landingPageMatchesSearch } from "../behaviour/landingPageMatchesSearch.js";
import { widgetSearchTexts } from "../behaviour/widgetMatchesSearch.js";
import { isJsonObject, listedItems, rewriteJson } from "./rewriteJson.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** Each breaks one rule of how listings filter or what they show. */
export const SEARCH_FAULTS: readonly ReferenceFault[] = [
  {
    name: "widget-search-case-sensitive",
    section: "§4.1",
    description: "Widget search compares case: searching KPI does not find the tag kpi.",
    caughtBy: ["search.widgets-case-insensitive"],
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) => searchValue === "" || widgetSearchTexts(record.widget, data.translations).some((text) => text.includes(searchValue)),
    }),
  },
  {
    name: "widget-search-ignores-tags",
    section: "§4.1",
    description: "Widget search looks in the name and description but not in the tags.",
    caughtBy: ["search.widgets-by-tag"],
    mayAlsoFail: { "search.widgets-case-insensitive": "it searches tags in other cases, and no tag search finds anything" },
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) => correct.widgetMatches({ ...record, widget: { ...record.widget, tags: [] } }, searchValue, data),
    }),
  },
  {
    name: "landing-search-on-page-id",
    section: "§4.2",
    description: "Landing page search looks in pageId instead of the title.",
    caughtBy: ["search.landing-by-title"],
    behaviour: () => ({
      landingMatches: (record, searchValue) => landingPageMatchesSearch({ title: record.page.pageId ?? "" }, searchValue),
    }),
  },
  {
    name: "landing-search-includes-archived",
    section: "§4.2",
    description: "Landing page search also returns archived pages, which the unfiltered listing (rightly) leaves out.",
    caughtBy: ["search.results-subset"],
    behaviour: (correct) => ({
      canListLandingPage: (user, record) => correct.canListLandingPage(user, { ...record, archived: false }),
      landingMatches: (record, searchValue) => (searchValue === "" ? !record.archived : correct.landingMatches(record, searchValue)),
    }),
  },
  {
    name: "empty-search-matches-nothing",
    section: "§4.1",
    description: "An empty searchValue returns no results instead of the unfiltered listing.",
    caughtBy: ["search.empty-value"],
    requestBody: (body) => (isJsonObject(body) && body.searchValue === "" ? { ...body, searchValue: "\u0000no match\u0000" } : body),
  },
  {
    name: "shared-roles-in-listing",
    section: "§2.4",
    description: "SHARED landing pages carry their roles in listings, which must omit them.",
    caughtBy: ["schema.shared-roles-omitted"],
    respond: (response, { operation, data }) =>
      rewriteJson(response, response.status === 200 && operation === "listLandingPages", (body) => {
        for (const page of listedItems(body, "landingPages")) {
          const record = data.landingPages.find((candidate) => candidate.page.id === page.id);
          if (record && record.page.landingPageType === "SHARED") page.roles = [...record.roles];
        }
        return body;
      }),
  },
];
