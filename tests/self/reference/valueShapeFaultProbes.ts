/**
 * Probes of the faults that give a value the wrong shape (§2.1, §2.2, §2.5) and of the 404 sent as
 * text/plain (§7). Same contract as FAULT_PROBES: the reference keeps the rule, the fault breaks it.
 */
import { expect } from "vitest";
import { validateBody } from "../../../contract/validators.js";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, callOperation, type Answer } from "./referenceClient.js";

const stated = (name: string, json: unknown) => validateBody(name, json).stated;
const widgetsOf = (answer: Answer) => (asObject(answer.json).widgets as unknown[]).map(asObject);

/** The listing on both sides: the reference validates; the fault fails the pattern of `field` on every widget. */
async function widgetFieldBroken(
  { both }: ProbeContext,
  field: (widget: Record<string, unknown>) => unknown,
  pointer: RegExp,
): Promise<[unknown[], unknown[]]> {
  const [reference, faulty] = await both("listFactoryDefaultWidgets", {});
  expect(stated("listFactoryDefaultWidgets.response", reference.json)).toEqual([]);
  const issues = stated("listFactoryDefaultWidgets.response", faulty.json);
  // Under the list-collection anyOf, ajv also reports the single-object branch (a "type" issue at /widgets).
  const patterns = issues.filter((issue) => issue.keyword === "pattern");
  expect(patterns.length).toBeGreaterThan(0);
  for (const issue of patterns) expect(issue.instancePath).toMatch(pointer);
  return [widgetsOf(reference).map(field), widgetsOf(faulty).map(field)];
}

/** Probes by fault name. */
export const VALUE_SHAPE_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "widget-name-url": async (context) => {
    const [names, faultyNames] = await widgetFieldBroken(context, (widget) => widget.name, /^\/widgets\/\d+\/name$/);
    expect(names.every((name) => String(name).startsWith("platform.cms."))).toBe(true);
    expect(faultyNames).toEqual(names.map((name) => `https://cdn.acme.com.br/i18n/platform.cms/${String(name)}`));
  },
  "widget-description-blank-key": async (context) => {
    const [, faultyKeys] = await widgetFieldBroken(
      context,
      (widget) => widget.description,
      /^\/widgets\/\d+\/description$/,
    );
    expect(new Set(faultyKeys)).toEqual(new Set([" "]));
  },
  "widget-url-prose": async (context) => {
    const [, faultyUrls] = await widgetFieldBroken(context, (widget) => widget.url, /^\/widgets\/\d+\/url$/);
    expect(faultyUrls.every((url) => String(url).startsWith("Abra o widget no portal: "))).toBe(true);
  },
  "widget-thumbnail-not-url": async (context) => {
    const [, faultyUrls] = await widgetFieldBroken(
      context,
      (widget) => widget.thumbnailURL,
      /^\/widgets\/\d+\/thumbnailURL$/,
    );
    expect(new Set(faultyUrls)).toEqual(new Set(["Miniatura indisponível"]));
  },
  "permission-resource-without-scheme": async (context) => {
    const [resources, faultyResources] = await widgetFieldBroken(
      context,
      (widget) => asObject(widget.permission).resource,
      /^\/widgets\/\d+\/permission\/resource$/,
    );
    expect(faultyResources).toEqual(resources.map((resource) => String(resource).replace(/^res:\/\//, "")));
  },
  "analytic-title-key-with-prose": async ({ both, server }) => {
    const titles: [unknown, unknown][] = [];
    for (const analyticId of server.fixtures.analyticIds.slice(0, 4)) {
      const [reference, faulty] = await both("getAnalytic", { analyticId });
      expect(stated("getAnalytic.response", reference.json)).toEqual([]);
      titles.push([asObject(asObject(reference.json).analytic).title, asObject(asObject(faulty.json).analytic).title]);
      const issues = stated("getAnalytic.response", faulty.json);
      if (String(titles.at(-1)?.[0]).startsWith("platform.cms.")) expect(issues).toEqual([]);
      else expect(issues.map((issue) => [issue.instancePath, issue.keyword])).toEqual([["/analytic/title", "not"]]);
    }
    expect(titles.some(([title]) => !String(title).startsWith("platform.cms."))).toBe(true);
  },
  "analytic-ids-two-tenants": async ({ server, faulty }) => {
    const tenant = (json: unknown) => /^analytic:\/\/([^/]+)\//.exec(String(asObject(asObject(json).analytic).id))?.[1];
    const faultIds = server.faultFixtures("analytic-ids-two-tenants").analyticIds;
    expect(faultIds).not.toEqual(server.fixtures.analyticIds);
    const tenants = new Set<string | undefined>();
    for (const analyticId of faultIds.slice(0, 6)) {
      const answer = await callOperation(server, "getAnalytic", { analyticId }, "admin", faulty);
      expect(answer.status).toBe(200);
      expect(stated("getAnalytic.response", answer.json)).toEqual([]);
      tenants.add(tenant(answer.json));
    }
    expect(tenants.size).toBe(2);
    for (const analyticId of server.fixtures.analyticIds.slice(0, 6))
      expect(tenant((await callOperation(server, "getAnalytic", { analyticId }, "admin")).json)).toBe(
        tenant({ analytic: { id: server.fixtures.analyticIds[0] } }),
      );
  },
  "not-found-text-plain": async ({ both, server }) => {
    const unknown = {
      getWidget: { widgetId: "widget://acme.com.br/platform/cms/does-not-exist" },
      getAnalytic: { analyticId: `${String(server.fixtures.analyticIds[0]).replace(/[^/]+$/, "")}does-not-exist` },
    } as const;
    for (const operation of ["getWidget", "getAnalytic"] as const) {
      const [reference, faulty] = await both(operation, unknown[operation]);
      expect([reference.status, faulty.status]).toEqual([404, 404]);
      expect(reference.contentType).toMatch(/^application\/json/);
      expect(faulty.contentType).toMatch(/^text\/plain/);
      expect(faulty.json).toEqual(reference.json);
    }
    const [found, faultyFound] = await both("getAnalytic", { analyticId: server.fixtures.analyticIds[0] });
    expect(faultyFound.contentType).toBe(found.contentType);
  },
};
