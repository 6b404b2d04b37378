/** Faults of the searches of §4.1 and §4.2, and of the roles omitted in landing listings (§2.4). */
import { LISTING_OPERATIONS } from "../../contract/operations.js";
import { DEFAULT_BEHAVIOUR } from "../behaviour/ReferenceBehaviour.js";
import { jsonResponse } from "../http/ReferenceResponse.js";
import { landingPageMatchesSearch } from "../behaviour/landingPageMatchesSearch.js";
import { widgetSearchTexts } from "../behaviour/widgetMatchesSearch.js";
import { isJsonObject, listedItems, rewriteJson } from "./rewriteJson.js";
import { withNfdTexts, withUnicodeTexts } from "../data/unicodeTexts.js";
import type { ReferenceFault } from "./ReferenceFault.js";

/** SQL LIKE unescaped, as a regular expression: % is any text, _ any one character, case ignored (a case-insensitive collation). */
function likePattern(value: string): RegExp {
  const source = [...value]
    .map((char) => (char === "%" ? ".*" : char === "_" ? "." : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(source, "is");
}

/** The value as a regular expression; an invalid one throws, which the server answers with 500. */
function regexPattern(value: string): RegExp {
  return new RegExp(value, "i");
}

/** Each breaks one rule of how listings filter or what they show. */
export const SEARCH_FAULTS: readonly ReferenceFault[] = [
  {
    name: "widget-search-case-sensitive",
    section: "§4.1",
    description: "Widget search compares case: searching KPI does not find the tag kpi.",
    caughtBy: ["search.widgets-case-insensitive", "search.widgets-case-insensitive-non-ascii"],
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) =>
        searchValue === "" ||
        widgetSearchTexts(record.widget, data.translations).some((text) => text.includes(searchValue)),
    }),
  },
  {
    name: "widget-search-ignores-tags",
    section: "§4.1",
    description: "Widget search looks in the name and description but not in the tags.",
    caughtBy: ["search.widgets-by-tag"],
    mayAlsoFail: {
      "search.widgets-case-insensitive": "it searches tags in other cases, and no tag search finds anything",
    },
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) =>
        correct.widgetMatches({ ...record, widget: { ...record.widget, tags: [] } }, searchValue, data),
    }),
  },
  {
    name: "landing-search-on-page-id",
    section: "§4.2",
    description: "Landing page search looks in pageId instead of the title.",
    caughtBy: ["search.landing-by-title", "search.landing-results-match", "search.no-match-empty"],
    mayAlsoFail: {
      "search.metacharacters-literal":
        "the words of titles around special characters find nothing, warnings of search-match-mode (parts of titles)",
    },
    behaviour: () => ({
      landingMatches: (record, searchValue) =>
        landingPageMatchesSearch({ title: record.page.pageId ?? "" }, searchValue),
    }),
  },
  {
    name: "landing-search-includes-archived",
    section: "§4.2",
    description: "Landing page search also returns archived pages, which the unfiltered listing (rightly) leaves out.",
    caughtBy: ["search.results-subset", "permissions.restricted-search-subset"],
    behaviour: (correct) => ({
      canListLandingPage: (user, record) => correct.canListLandingPage(user, { ...record, archived: false }),
      landingMatches: (record, searchValue) =>
        searchValue === "" ? !record.archived : correct.landingMatches(record, searchValue),
    }),
  },
  {
    name: "empty-search-matches-nothing",
    section: "§4.1",
    description: "An empty searchValue returns no results instead of the unfiltered listing.",
    caughtBy: ["search.empty-value"],
    requestBody: (body) =>
      isJsonObject(body) && body.searchValue === "" ? { ...body, searchValue: "\u0000no match\u0000" } : body,
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
  {
    name: "shared-roles-in-search-results",
    section: "§2.4",
    description:
      "Searches of landing pages are answered from another code path that leaves the roles of SHARED pages in (the unfiltered listing omits them).",
    caughtBy: ["schema.shared-roles-omitted"],
    respond: (response, { operation, data, body: request }) =>
      rewriteJson(
        response,
        response.status === 200 &&
          operation === "listLandingPages" &&
          isJsonObject(request) &&
          typeof request.searchValue === "string" &&
          request.searchValue !== "",
        (body) => {
          for (const page of listedItems(body, "landingPages")) {
            const record = data.landingPages.find((candidate) => candidate.page.id === page.id);
            if (record && record.page.landingPageType === "SHARED") page.roles = [...record.roles];
          }
          return body;
        },
      ),
  },
  {
    name: "landing-search-ignored",
    section: "§4.2",
    description: "listLandingPages ignores searchValue: every search returns every page.",
    caughtBy: ["search.landing-results-match", "search.no-match-empty", "search.metacharacters-literal"],
    behaviour: () => ({ landingMatches: () => true }),
  },
  {
    name: "landing-search-also-page-id",
    section: "§4.2",
    description:
      "Landing page search matches the title or the pageId, so searching page-007 finds a page whose title lacks it.",
    caughtBy: ["search.landing-results-match", "search.no-match-empty"],
    behaviour: (correct) => ({
      landingMatches: (record, searchValue) =>
        correct.landingMatches(record, searchValue) ||
        landingPageMatchesSearch({ title: record.page.pageId ?? "" }, searchValue),
    }),
  },
  {
    name: "widget-search-ignored",
    section: "§4.1",
    description: "listFactoryDefaultWidgets ignores searchValue: every search returns every widget.",
    caughtBy: ["search.no-match-empty", "search.metacharacters-literal"],
    mayAlsoFail: {
      "search.widgets-not-by-id-or-url": "every search returns every widget, an id or a URL too",
    },
    behaviour: () => ({ widgetMatches: () => true }),
  },
  {
    name: "search-like-wildcards",
    section: "§4.1",
    description: "Both searches pass the value to SQL LIKE unescaped: % matches any text and _ any one character.",
    caughtBy: ["search.metacharacters-literal"],
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) =>
        searchValue === "" ||
        widgetSearchTexts(record.widget, data.translations).some((text) => likePattern(searchValue).test(text)),
      landingMatches: (record, searchValue) =>
        searchValue === "" || likePattern(searchValue).test(record.page.title ?? ""),
    }),
  },
  {
    name: "search-as-regex",
    section: "§4.1",
    description:
      "Both searches use the value as a regular expression: . matches any character, and ( or [ crash the search with 500.",
    caughtBy: ["search.metacharacters-literal"],
    mayAlsoFail: {
      "http.valid-request-ok":
        "generated valid search values include \\ and .*, and \\ alone crashes a regular expression with 500",
      "http.no-server-error": "generated valid search values include \\, which crashes a regular expression with 500",
    },
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) =>
        searchValue === "" ||
        widgetSearchTexts(record.widget, data.translations).some((text) => regexPattern(searchValue).test(text)),
      landingMatches: (record, searchValue) =>
        searchValue === "" || regexPattern(searchValue).test(record.page.title ?? ""),
    }),
  },
  {
    name: "search-quote-500",
    section: "§4.1",
    description: "A searchValue holding a single quote crashes both listings with 500, as unescaped SQL would.",
    caughtBy: ["search.metacharacters-literal"],
    mayAlsoFail: {
      "http.valid-request-ok": "generated valid search values include ', which crashes with 500",
      "http.no-server-error": "generated valid search values include ', which crashes with 500",
    },
    respond: (response, { operation, body }) => {
      const searchValue = isJsonObject(body) ? body.searchValue : undefined;
      const crashes =
        response.status === 200 &&
        LISTING_OPERATIONS.includes(operation) &&
        typeof searchValue === "string" &&
        searchValue.includes("'");
      return crashes
        ? jsonResponse(500, { message: `You have an error in your SQL syntax near '${searchValue}'` })
        : response;
    },
  },
  {
    name: "search-ignores-page-number",
    section: "§2.11",
    description:
      "With a searchValue, both listings always return the first page of the result, whatever pageNumber asks.",
    caughtBy: ["search.filtered-walk"],
    behaviour: () => ({ listingQuery: (query) => (query.searchValue === "" ? query : { ...query, pageNumber: 0 }) }),
  },
  {
    name: "search-totals-unfiltered",
    section: "§2.11",
    description:
      "With a searchValue, listInformation counts the unfiltered listing while the pages hold only the matches.",
    caughtBy: ["search.filtered-walk", "search.no-match-empty", "permissions.restricted-search-subset"],
    respond: (response, { operation, body, user, data }) =>
      rewriteJson(
        response,
        response.status === 200 &&
          isJsonObject(body) &&
          typeof body.searchValue === "string" &&
          body.searchValue !== "",
        (json) => {
          const who = user ?? "restricted";
          const total =
            operation === "listFactoryDefaultWidgets"
              ? data.widgets.filter((record) => DEFAULT_BEHAVIOUR.canListWidget(who, record)).length
              : data.landingPages.filter((record) => DEFAULT_BEHAVIOUR.canListLandingPage(who, record)).length;
          const pagination = isJsonObject(body) && isJsonObject(body.pagination) ? body.pagination : {};
          const pageSize = typeof pagination.pageSize === "number" ? pagination.pageSize : 10;
          return { ...json, listInformation: { totalElements: total, totalPages: Math.ceil(total / pageSize) } };
        },
      ),
  },
  {
    name: "widget-search-tags-only",
    section: "§4.1",
    description:
      "Widget search looks in the tags only, neither in the name and description keys nor in their translations.",
    caughtBy: ["search.widgets-by-name-or-description"],
    mayAlsoFail: {
      "search.widgets-case-insensitive-non-ascii":
        "the configured translated text it searches in other cases is held by a translation, which it does not search",
    },
    behaviour: () => ({
      widgetMatches: (record, searchValue) => {
        const needle = searchValue.toLocaleLowerCase("pt-BR");
        return (record.widget.tags ?? []).some((tag) => tag.toLocaleLowerCase("pt-BR").includes(needle));
      },
    }),
  },
  {
    name: "widget-search-id-and-url",
    section: "§4.1",
    description: "Widget search also matches the widget's id and url, which §4.1 does not search.",
    caughtBy: ["search.widgets-not-by-id-or-url"],
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) =>
        correct.widgetMatches(record, searchValue, data) ||
        [record.widget.id, record.widget.url].some((text) =>
          (text ?? "").toLocaleLowerCase("pt-BR").includes(searchValue.toLocaleLowerCase("pt-BR")),
        ),
    }),
  },
  {
    name: "widget-search-ignores-description",
    section: "§4.1",
    description:
      "Widget search looks in the name (key and translation) and the tags but never in the description, an internationalized field too.",
    caughtBy: ["search.widgets-by-name-or-description"],
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) => {
        // An empty description holds no search value, and has no translation to search either.
        return correct.widgetMatches({ ...record, widget: { ...record.widget, description: "" } }, searchValue, data);
      },
    }),
  },
  {
    name: "widget-search-matches-permission",
    section: "§4.1",
    description:
      "Widget search also matches the widget's permission resource, a field §4.1 does not search (the query joins the permission table).",
    caughtBy: ["search.widgets-not-by-id-or-url"],
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) =>
        correct.widgetMatches(record, searchValue, data) ||
        (record.widget.permission?.resource ?? "")
          .toLocaleLowerCase("pt-BR")
          .includes(searchValue.toLocaleLowerCase("pt-BR")),
    }),
  },
  {
    name: "nfd-search-normalises-value",
    section: "§4.1",
    description:
      "Titles, tags and translations are stored in NFD (as variant nfd-stored-text), but both searches turn the " +
      "searchValue into NFC first: a tag or title sent back exactly as answered finds nothing when it holds an accent.",
    caughtBy: ["search.widgets-by-tag", "search.landing-by-title"],
    mayAlsoFail: {
      "search.widgets-by-name-or-description":
        "the configured translated text, answered in NFD, is not found either: a warning of search-i18n-key",
      "search.metacharacters-literal": "tags and titles holding accents are snippets of special characters too",
      "search.widgets-case-insensitive-non-ascii": "the case variants of an NFD tag or text with accents find nothing",
    },
    data: (data) => withNfdTexts(withUnicodeTexts(data)),
    behaviour: (correct) => ({
      widgetMatches: (record, searchValue, data) => correct.widgetMatches(record, searchValue.normalize("NFC"), data),
      landingMatches: (record, searchValue) => correct.landingMatches(record, searchValue.normalize("NFC")),
    }),
  },
  {
    name: "widget-search-ascii-case-only",
    section: "§4.1",
    description: "Widget search folds only the ASCII letters A-Z: searching AÇÕES does not find ações.",
    caughtBy: ["search.widgets-case-insensitive-non-ascii"],
    behaviour: () => ({
      widgetMatches: (record, searchValue, data) => {
        const fold = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
        return (
          searchValue === "" ||
          widgetSearchTexts(record.widget, data.translations).some((text) => fold(text).includes(fold(searchValue)))
        );
      },
    }),
  },
  {
    name: "search-without-pagination-returns-all",
    section: "§4.1",
    description: "A search without pagination returns every result on one page instead of the first 10.",
    caughtBy: ["search.without-pagination-first-10"],
    behaviour: () => ({
      listingQuery: (query) =>
        query.searchValue !== "" && !query.paginationGiven
          ? { ...query, pageNumber: 0, pageSize: Number.MAX_SAFE_INTEGER }
          : query,
    }),
  },
];
