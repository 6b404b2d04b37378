/** Hand-written bodies drawn from the spec's statements, complete and SDK-minimal. */
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
    category: { schema: "public", table: "sales", column: "region", label: "Region" },
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

/** Only the fields the SDK marks required (docs/sdk-evidence.md). */
export const sdkMinimalWidget: Widget = { id: "widget://t/w", name: "platform.cms.w", url: "/w" };

/** Only the fields the SDK marks required, for an analytic. */
export const sdkMinimalAnalytic: Analytic = {
  id: "analytic://t/a",
  name: "a",
  chart: {
    type: "GAUGE",
    series: [{ column: { schema: "s", table: "t", column: "c" }, label: "l" }],
    datasetId: "dataset://t/d",
  },
  createdBy: "u",
  createdDate: "2024-01-01T00:00:00.000Z",
};
