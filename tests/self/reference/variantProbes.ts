/**
 * One probe per legitimate variant: the same requests against the reference and the variant's
 * base path, asserting the variant really differs in the way its description says (so that
 * "the suite passes it" is not passing the reference twice).
 */
import { expect } from "vitest";
import { BOUNDARY_VARIANT_PROBES } from "./boundaryVariantProbes.js";
import { CREDENTIAL_VARIANT_PROBES } from "./credentialVariantProbes.js";
import { FIELD_VARIANT_PROBES } from "./fieldVariantProbes.js";
import { VALUE_SHAPE_VARIANT_PROBES } from "./valueShapeVariantProbes.js";
import { CONSISTENCY_VARIANT_PROBES } from "./consistencyVariantProbes.js";
import { IDENTITY_VARIANT_PROBES } from "./identityVariantProbes.js";
import { REQUEST_READING_VARIANT_PROBES } from "./requestReadingProbes.js";
import { JSON_TEXT_VARIANT_PROBES } from "./jsonTextVariantProbes.js";
import { SEARCH_VARIANT_PROBES } from "./searchVariantProbes.js";
import {
  asObject,
  callOperation,
  listedIds,
  totals,
  walkAll,
  type Answer,
  type Caller,
  type Operation,
} from "./referenceClient.js";
import type { RunningReferenceServer } from "../../../reference/startReferenceServer.js";

/** What a probe gets: the running server and the two base URLs to compare. */
export interface VariantProbeContext {
  readonly server: RunningReferenceServer;
  readonly reference: string;
  readonly variant: string;
  /** The same operation call on both bases (as the admin unless `caller` says otherwise): [reference, variant]. */
  both(operation: Operation, body: unknown, caller?: Caller): Promise<[Answer, Answer]>;
}

const titles = (answer: Answer) =>
  (asObject(answer.json).landingPages as unknown[]).map((page) => String(asObject(page).title));
const tags = (answer: Answer) =>
  (asObject(answer.json).widgets as unknown[]).flatMap(
    (widget) => (asObject(widget).tags as string[] | undefined) ?? [],
  );

/** Probes by variant name. */
export const VARIANT_PROBES: Readonly<Record<string, (context: VariantProbeContext) => Promise<void>>> = {
  ...BOUNDARY_VARIANT_PROBES,
  ...CREDENTIAL_VARIANT_PROBES,
  ...FIELD_VARIANT_PROBES,
  ...VALUE_SHAPE_VARIANT_PROBES,
  ...CONSISTENCY_VARIANT_PROBES,
  ...IDENTITY_VARIANT_PROBES,
  ...REQUEST_READING_VARIANT_PROBES,
  ...JSON_TEXT_VARIANT_PROBES,
  ...SEARCH_VARIANT_PROBES,
  "licence-hidden-widget": async ({ server, both, variant }) => {
    const ids = await walkAll(server, "listFactoryDefaultWidgets", "admin", 200);
    const [shown, hidden] = ["-001", "-002"].map((serial) => ids.find((id) => id.endsWith(serial)) as string);
    const permissions = async (widgetId: string) =>
      (await both("getWidget", { widgetId })).map((answer) => asObject(answer.json).permission);
    const [shownPermission, variantShownPermission] = await permissions(shown as string);
    const [hiddenPermission, variantHiddenPermission] = await permissions(hidden as string);
    expect(hiddenPermission).not.toEqual(shownPermission);
    expect(variantHiddenPermission).toEqual(variantShownPermission);
    const restricted = await walkAll(server, "listFactoryDefaultWidgets", "restricted", 200, variant);
    expect(restricted).toContain(shown);
    expect(restricted).not.toContain(hidden);
  },
  "landing-search-case-sensitive": async ({ both }) => {
    const [reference, variant] = await both("listLandingPages", { searchValue: "painel" });
    expect(Number(totals(reference.json).totalElements)).toBeGreaterThan(0);
    expect(totals(variant.json).totalElements).toBe(0);
    const [exact, variantExact] = await both("listLandingPages", { searchValue: "Painel" });
    expect(variantExact.json).toEqual(exact.json);
  },
  "search-special-chars-400": async ({ both }) => {
    for (const searchValue of ["%", "_", "'", "(", "a.b"]) {
      const [reference, variant] = await both("listFactoryDefaultWidgets", { searchValue });
      expect([reference.status, variant.status]).toEqual([200, 400]);
      expect(asObject(variant.json).reason).toBe("BAD_REQUEST");
    }
    const [plain, variantPlain] = await both("listLandingPages", { searchValue: "Página" });
    expect(variantPlain.json).toEqual(plain.json);
  },
  "unicode-data": async ({ both }) => {
    const [reference, variant] = await both("listLandingPages", { pagination: { pageSize: 12 } });
    expect(titles(variant)).not.toEqual(titles(reference));
    expect(titles(variant).some((title) => /\p{Script=Han}|\p{Extended_Pictographic}/u.test(title))).toBe(true);
    expect(titles(variant).some((title) => /[%_.([\\'"*]/.test(title))).toBe(true);
    const [widgets, variantWidgets] = await both("listFactoryDefaultWidgets", { pagination: { pageSize: 30 } });
    expect(listedIds(variantWidgets.json, "widgets")).toEqual(listedIds(widgets.json, "widgets"));
    expect(tags(variantWidgets).some((tag) => /[^\x20-\x7e]/.test(tag))).toBe(true);
  },
  "few-items": async ({ both }) => {
    const [widgets, variantWidgets] = await both("listFactoryDefaultWidgets", {});
    expect(Number(totals(widgets.json).totalElements)).toBeGreaterThan(10);
    expect(totals(variantWidgets.json)).toEqual({ totalElements: 1, totalPages: 1 });
    const [, variantPages] = await both("listLandingPages", {});
    expect(totals(variantPages.json)).toEqual({ totalElements: 3, totalPages: 1 });
  },
  "many-items": async ({ both, server }) => {
    const [widgets, variantWidgets] = await both("listFactoryDefaultWidgets", {});
    expect(Number(totals(variantWidgets.json).totalElements)).toBe(2500);
    expect(Number(totals(widgets.json).totalElements)).toBeLessThan(2500);
    const [, variantPages] = await both("listLandingPages", {});
    expect(Number(totals(variantPages.json).totalElements)).toBeGreaterThan(2000);
    const analytic = await callOperation(
      server,
      "getAnalytic",
      { analyticId: server.fixtures.analyticIds[0] },
      "admin",
      server.variantBaseUrl("many-items"),
    );
    expect(analytic.status).toBe(200);
  },
  "null-fields-refused-400": async ({ both }) => {
    for (const body of [
      { pagination: null },
      { searchValue: null },
      { pagination: { pageNumber: 0, pageSize: null } },
    ]) {
      const [reference, variant] = await both("listLandingPages", body);
      expect([reference.status, variant.status]).toEqual([200, 400]);
      expect(asObject(variant.json).reason).toBe("BAD_REQUEST");
    }
    const [none, variantNone] = await both("listFactoryDefaultWidgets", {});
    expect(variantNone.json).toEqual(none.json);
  },
  "search-accent-insensitive": async ({ both }) => {
    const [accented, variantAccented] = await both("listFactoryDefaultWidgets", { searchValue: "Previsão" });
    const [bare, variantBare] = await both("listFactoryDefaultWidgets", { searchValue: "previsao" });
    expect(Number(asObject(asObject(accented.json).listInformation).totalElements)).toBeGreaterThan(0);
    expect(asObject(asObject(bare.json).listInformation).totalElements).toBe(0);
    expect(variantBare.json).toEqual(variantAccented.json);
    expect(variantAccented.json).toEqual(accented.json);
  },
  "pagination-needs-both-fields": async ({ both }) => {
    for (const pagination of [{ pageNumber: 0 }, { pageSize: 5 }, {}]) {
      const [reference, variant] = await both("listLandingPages", { pagination });
      expect([reference.status, variant.status]).toEqual([200, 400]);
      expect(asObject(variant.json).reason).toBe("BAD_REQUEST");
    }
    const [whole, variantWhole] = await both("listFactoryDefaultWidgets", {
      pagination: { pageNumber: 0, pageSize: 5 },
    });
    expect(variantWhole.json).toEqual(whole.json);
    const [none, variantNone] = await both("listFactoryDefaultWidgets", {});
    expect(variantNone.json).toEqual(none.json);
  },
  "problem-json-errors": async ({ both }) => {
    const [reference, variant] = await both("getWidget", { widgetId: "widget://cms-conformance.invalid/none" });
    expect([reference.status, variant.status]).toEqual([404, 404]);
    expect([reference.contentType, variant.contentType]).toEqual(["application/json", "application/problem+json"]);
    expect(variant.json).toEqual(reference.json);
    const [ok, variantOk] = await both("listLandingPages", {});
    expect(variantOk.contentType).toBe(ok.contentType);
  },
  "volatile-extra-fields": async ({ both }) => {
    const [reference, variant] = await both("listFactoryDefaultWidgets", {});
    const [, again] = await both("listFactoryDefaultWidgets", {});
    expect(asObject(variant.json).requestId).not.toEqual(asObject(again.json).requestId);
    const strip = (json: unknown) => {
      const { requestId, timestamp, ...rest } = asObject(json);
      void requestId;
      void timestamp;
      return {
        ...rest,
        widgets: (rest.widgets as unknown[]).map((widget) => {
          const { servedAt, ...stated } = asObject(widget);
          expect(typeof servedAt).toBe("string");
          return stated;
        }),
      };
    };
    expect(strip(variant.json)).toEqual(reference.json);
    const widgetId = listedIds(reference.json, "widgets")[0];
    const [read, variantRead] = await both("getWidget", { widgetId });
    expect(asObject(variantRead.json).servedAt).toEqual(expect.any(String));
    expect({ ...asObject(variantRead.json), servedAt: undefined }).toEqual({
      ...asObject(read.json),
      servedAt: undefined,
    });
  },
  "pie-without-series": async ({ both, server }) => {
    let pies = 0;
    for (const analyticId of server.fixtures.analyticIds) {
      const [reference, variant] = await both("getAnalytic", { analyticId });
      const chart = asObject(asObject(reference.json).analytic).chart;
      if (asObject(chart).type !== "PIE") {
        expect(variant.json).toEqual(reference.json);
        continue;
      }
      pies += 1;
      expect(asObject(chart).series).toHaveLength(1);
      expect(asObject(asObject(asObject(variant.json).analytic).chart).series).toEqual([]);
    }
    expect(pies).toBeGreaterThan(0);
  },
};
