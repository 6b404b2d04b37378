/** Hand-written bodies drawn from the spec's statements: complete, and the least the spec allows. */
import type {
  Analytic,
  GetRoleFiltersResponse,
  LandingPage,
  ListFactoryDefaultWidgetsResponse,
  Widget,
} from "../../../contract/types.generated.js";

/** A widget with every field of §2.1 filled. */
export const completeWidget: Widget = {
  id: "widget://senior.com.br/platform/cms/sales-chart",
  name: "platform.cms.widget.sales.name",
  description: "platform.cms.widget.sales.description",
  permission: { resource: "res://senior.com.br/platform/cms/widgets", action: "Visualizar" },
  url: "https://example.invalid/widgets/sales",
  thumbnailURL: "https://example.invalid/widgets/sales.png",
  tags: ["sales", "finance"],
  preferredSize: { height: 4, width: 6 },
};

/** A landing page with every field of §2.4. */
export const completeLandingPage: LandingPage = {
  id: "landing://senior.com.br/7f3a",
  pageId: "7f3a",
  title: "Página Inicial",
  includeHeader: true,
  landingPageType: "SHARED",
};

/** An analytic with every field of §2.5, a PIE chart with one series. */
export const completeAnalytic: Analytic = {
  id: "analytic://senior.com.br/a1",
  name: "salesByRegion",
  title: "platform.cms.salesByRegion",
  chart: {
    type: "PIE",
    category: {
      schema: "public",
      table: "sales",
      column: "region",
      label: "Region",
      function: "COUNT",
      precision: 0,
      prefix: "",
      sufix: "",
      mask: "0",
    },
    series: [
      {
        column: {
          schema: "public",
          table: "sales",
          column: "amount",
          label: "Amount",
          function: "SUM",
          precision: 2,
          prefix: "R$",
          sufix: "",
          mask: "#,##0.00",
        },
        label: "Total",
      },
    ],
    datasetId: "dataset://senior.com.br/d1",
    filter: { anything: ["goes", 1] },
    order: [{ schema: "public", table: "sales", column: "amount", function: "SUM", order: "DESC" }],
  },
  preferredSize: { height: 6, width: 4 },
  tags: ["sales"],
  properties: [{ name: "color", value: "blue" }],
  createdBy: "admin@senior.com.br",
  createdDate: "2024-03-05T14:07:09.123Z",
};

/** A widgets listing of two items. */
export const widgetsListing: ListFactoryDefaultWidgetsResponse = {
  widgets: [completeWidget, { ...completeWidget, id: "widget://senior.com.br/platform/cms/other" }],
  listInformation: { totalElements: 2, totalPages: 1 },
};

/** A role-filter answer with two groups. */
export const roleFilters: GetRoleFiltersResponse = {
  filters: [
    {
      key: { domainName: "hcm", serviceName: "payroll", sequence: 1 },
      filters: [{ name: "companyBranchId", value: "47123BAEA78A4AC1AA04CD424B125E48" }],
    },
    { key: { domainName: "erp", serviceName: "sales", sequence: 2 }, filters: [] },
  ],
};

/** Only the fields the SDK marks required (docs/sdk-evidence.md): not a §2.1 widget, which has every field of its table. */
export const sdkRequiredOnlyWidget: Partial<Widget> = { id: "widget://t/w", name: "platform.cms.w", url: "/w" };

/**
 * The least the spec allows of an analytic: a GAUGE chart without category (§2.6 "Optional for type GAUGE"),
 * an empty filter (its structure is not shown), and empty arrays; every field of the tables present.
 */
export const specMinimalAnalytic: Analytic = {
  id: "analytic://t/a",
  name: "a",
  title: "a",
  chart: {
    type: "GAUGE",
    series: completeAnalytic.chart.series.map((series) => ({ ...series, label: "l" })),
    datasetId: "dataset://t/d",
    filter: {},
    order: [],
  },
  preferredSize: { height: 1, width: 1 },
  tags: [],
  properties: [],
  createdBy: "u",
  createdDate: "2024-01-01T00:00:00.000Z",
};
