/**
 * The shapes §2 gives values (register value-shapes), as the schemas state them: what a key, a URL
 * reference, a resource URI and an analytic title may and may not be.
 */
import { describe, expect, it } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import { completeAnalytic } from "./bodyExamples.js";

const WIDGET = {
  id: "widget://acme.com.br/platform/cms/sales",
  name: "platform.cms.widget.sales.name",
  description: "platform.cms.widget.sales.description",
  permission: { resource: "res://acme.com.br/platform/cms/widgets/sales", action: "Visualizar" },
  url: "https://cdn.acme.com.br/widgets/sales/index.html",
  thumbnailURL: "https://cdn.acme.com.br/widgets/sales/thumbnail.png",
  tags: [],
  preferredSize: { height: 1, width: 1 },
};

/** The stated issues of a getWidget body with `change` applied, as [instance path, keyword]. */
function widgetIssues(change: Record<string, unknown>): [string, string][] {
  return validateBody("getWidget.response", { ...WIDGET, ...change }).stated.map((issue) => [
    issue.instancePath,
    issue.keyword,
  ]);
}

/** The stated issues of a getAnalytic body whose title is `title`. */
function titleIssues(title: string): [string, string][] {
  const analytic = { ...completeAnalytic, id: "analytic://acme.com.br/sales", name: "sales", title };
  return validateBody("getAnalytic.response", { analytic }).stated.map((issue) => [issue.instancePath, issue.keyword]);
}

describe("value shapes (§2.1, §2.2, §2.5; register value-shapes)", () => {
  it("accept keys of any common scheme, script and spelling for widget name and description", () => {
    for (const key of [
      "platform.cms.widget.sales_by-region.name",
      "cms:widgets/sales.name",
      "widget_sales-name",
      "Sales",
      "platform.cms.ウィジェット.販売.名前",
      "platform.cms.widget.ação.descrição",
      // gettext msgids: the source text is the key (register value-shapes).
      "Sales by region",
      "Vendas!",
      "a..b",
      "Shows %s widgets\n",
    ])
      expect(widgetIssues({ name: key, description: key }), key).toEqual([]);
  });

  it("refuse no text, blank text and a URL where a key belongs", () => {
    for (const text of ["", " ", "\t\n", "https://cdn.acme.com.br/i18n/platform.cms/widget.name", "res://t/name"])
      expect(widgetIssues({ name: text, description: text }), JSON.stringify(text)).toEqual([
        ["/name", "pattern"],
        ["/description", "pattern"],
      ]);
  });

  it("accept absolute and relative URL references and IRIs for url and thumbnailURL, and refuse prose and markup", () => {
    for (const url of ["/widgets/x/index.html", "../thumbs/x.png", "https://cdn.exemplo/gráfico.png?a=1#b", "x.png"])
      expect(widgetIssues({ url, thumbnailURL: url }), url).toEqual([]);
    for (const text of ["Abra o widget no portal", "<img src=x.png>", 'say "hi"', "https://cdn/x y.png"])
      expect(widgetIssues({ url: text, thumbnailURL: text }), text).toEqual([
        ["/url", "pattern"],
        ["/thumbnailURL", "pattern"],
      ]);
  });

  it("accept a permission resource with a URI scheme, and refuse one without", () => {
    for (const resource of ["res://acme.com.br/x", "urn:acme:widgets:sales", "https://acme.com.br/r"])
      expect(widgetIssues({ permission: { resource, action: "Visualizar" } }), resource).toEqual([]);
    for (const resource of ["acme.com.br/platform/cms/widgets/sales", "Visualizar", "res://acme/a b", "1res://x"])
      expect(widgetIssues({ permission: { resource, action: "Visualizar" } }), resource).toEqual([
        ["/permission/resource", "pattern"],
      ]);
  });

  it("accept a plain title or a platform.cms. key as an analytic title, and refuse a key prefix followed by prose", () => {
    for (const title of ["Vendas por região", "platform.cms.sales_by_region", "platform.analytics.x", "v2.0: totals"])
      expect(titleIssues(title), title).toEqual([]);
    for (const title of ["platform.cms.", "platform.cms.Vendas por região", "platform.cms.sales!"])
      expect(titleIssues(title), title).toEqual([["/analytic/title", "not"]]);
  });

  it("refuse whitespace in the tenant domain of landing and analytic ids and in widget id segments", () => {
    expect(widgetIssues({ id: "widget://acme.com.br/platform cms/sales" })).toEqual([["/id", "pattern"]]);
    const analytic = { ...completeAnalytic, id: "analytic://acme com/sales", name: "sales" };
    expect(validateBody("getAnalytic.response", { analytic }).stated.map((issue) => issue.instancePath)).toEqual([
      "/analytic/id",
    ]);
  });
});
