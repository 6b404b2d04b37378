/**
 * Bodies against the contract's schemas (§2, §4): every 200 body, getWidget unwrapped (§4.4),
 * getAnalytic wrapped (§4.3), and the roles-omitted rule of listings (§2.4).
 */
import { ALL_OPERATIONS, operationSpec, type OperationName } from "../contract/operations.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered, judgeBody, preview } from "./_internals/judges/judgeExchange.js";
import { forEachRead } from "./_internals/judges/forEachRead.js";
import { getSchemaProperties } from "./_internals/requests/schemaProperties.js";
import { isJsonObject } from "../contract/jsonValue.js";
import { noIdsReason } from "./_internals/requests/itemTargets.js";
import { roleFiltersRequest } from "./_internals/requests/sampleRequests.js";
import { everyUser } from "./_internals/requests/everyUser.js";
import type { TargetSession } from "../runner/engine/TargetSession.js";
import type { Exchange } from "../runner/model/Exchange.js";
import type { ListingWalk } from "./_internals/walks/walkListing.js";
import { knowledgeOf } from "./_internals/discovery/TargetKnowledge.js";
import { judgeOneTenantDomain } from "./_internals/judges/judgeOneTenantDomain.js";
import { DUPLICATE_NAMES_REGISTER, judgeJsonText } from "./_internals/judges/judgeJsonText.js";

/** The 200 answers a check validates for an operation: every walked page, every read (itemReads), the role requests. */
async function successfulExchanges(
  target: TargetSession,
  operation: OperationName,
): Promise<{ label: string; exchange: Exchange }[] | string> {
  switch (operation) {
    case "listFactoryDefaultWidgets":
    case "listLandingPages": {
      const walks = [await knowledgeOf(target).listing(operation, "admin")];
      if (target.hasRestrictedUser()) walks.push(await knowledgeOf(target).listing(operation, "restricted"));
      return walks.flatMap((walk) =>
        walk.pages.map((page) => ({
          label: `${walk.caller} page ${page.pageNumber} (size ${walk.pageSize})`,
          exchange: page.exchange,
        })),
      );
    }
    case "getWidget":
    case "getAnalytic": {
      const callers = operation === "getWidget" ? everyUser(target) : (["admin"] as const);
      const reads = (await Promise.all(callers.map((caller) => knowledgeOf(target).reads(operation, caller)))).flatMap(
        (made) => made.reads,
      );
      if (reads.length === 0) return noIdsReason(operation);
      return reads;
    }
    case "getRoleFilters": {
      const roles = target.settings.fixtures.roles;
      if (roles.length === 0)
        return "no roles are configured; pass --role NAME (repeatable) with --domain-name and --service-name";
      const requests = [...roles.map((role) => [role]), [...roles]];
      return Promise.all(
        requests.map(async (set) => ({
          label: `getRoleFilters ${JSON.stringify(set)}`,
          exchange: await target.send(operation, { json: roleFiltersRequest(target, set) }),
        })),
      );
    }
  }
}

/** Checks of the schema family. */
export const schemaChecks: readonly CheckDefinition[] = [
  {
    id: "schema.response-body",
    title: "Every 200 body has the shape of §2 and §4",
    rule:
      "Every 200 body carries every field of its §2 and §4 tables (category optional for a GAUGE chart " +
      "only, §2.6; a listing's roles omitted, §2.4), with their types, enums, id formats, date format and " +
      "the PIE single-series rule, and values of the shape §2 gives them: i18n keys are keys (§2.1, §2.5), " +
      "url and thumbnailURL URL references (§2.1), permission.resource a URI with a scheme (§2.2). A field " +
      "under a near-miss name of an absent tabled one is that field renamed (register " +
      "required-response-fields); unknown extra fields pass. Judged from the bytes as well: the body is UTF-8 " +
      "(RFC 8259 §8.1), a field §2 types as integer is written without fraction or exponent (§2 notation: " +
      "10, not 10.0 or 1e1), and a member name written twice in one object is a warning naming both values " +
      "(RFC 8259 §4; register duplicate-member-names).",
    family: "schema",
    specRefs: ["2", "4"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: [
      "required-response-fields",
      "list-collection-shape",
      "order-direction-values",
      "chart-category-non-gauge",
      "unknown-extra-fields",
      "value-shapes",
      DUPLICATE_NAMES_REGISTER,
    ],
    async run({ operation, target, judge }) {
      const exchanges = await successfulExchanges(target, operation);
      if (typeof exchanges === "string") return judge.skip(exchanges);
      const section = operationSpec(operation).section;
      let validated = 0;
      for (const { label, exchange } of exchanges) {
        if (!answered(judge, label, exchange) || exchange.response.status !== 200) continue;
        judgeBody(judge, label, exchange, `${operation}.response`, section);
        judgeJsonText(judge, label, exchange, `${operation}.response`);
        validated += 1;
      }
      if (validated === 0) judge.skip("no request of this check got a 200 to validate (see http.valid-request-ok).");
      else judge.note(`${validated} response bodies validated against ${operation}.response.`);
    },
  },
  {
    id: "schema.widget-not-wrapped",
    title: "getWidget answers with the widget itself, not wrapped in a field",
    rule: "Response 200 of getWidget is a Widget object as the body itself, not wrapped in a field (§4.4).",
    family: "schema",
    specRefs: ["4.4", "2.1"],
    level: "MUST",
    operations: ["getWidget"],
    registerRefs: [],
    async run(context) {
      const widgetFields = getSchemaProperties("components/Widget.json");
      await forEachRead(context, (_id, body, label, exchange) => {
        if (!isJsonObject(body)) return;
        const topLevelWidgetFields = Object.keys(body).filter((key) => widgetFields.has(key));
        const wrapper = Object.entries(body).find(
          ([, value]) => isJsonObject(value) && Object.keys(value).some((key) => widgetFields.has(key)),
        );
        if (topLevelWidgetFields.length === 0 && wrapper) {
          context.judge.fail(`${label}: the widget is wrapped in the field "${wrapper[0]}".`, {
            expected: `the Widget fields (${[...widgetFields].join(", ")}) at the top level of the body (§4.4)`,
            actual: preview(exchange),
            evidence: [evidence(label, exchange)],
          });
        } else {
          context.judge.witness(evidence(label, exchange));
        }
      });
    },
  },
  {
    id: "schema.analytic-wrapped",
    title: "getAnalytic answers with { analytic: … }",
    rule: "Response 200 of getAnalytic is an object whose field analytic holds the Analytic (§4.3).",
    family: "schema",
    specRefs: ["4.3", "2.5"],
    level: "MUST",
    operations: ["getAnalytic"],
    registerRefs: [],
    async run(context) {
      await forEachRead(context, (_id, body, label, exchange) => {
        if (isJsonObject(body) && isJsonObject(body.analytic)) return context.judge.witness(evidence(label, exchange));
        context.judge.fail(`${label}: the body has no object field "analytic".`, {
          expected: "{ analytic: { … } } (§4.3)",
          actual: preview(exchange),
          evidence: [evidence(label, exchange)],
        });
      });
    },
  },
  {
    id: "schema.shared-roles-omitted",
    title: "Shared landing pages in a listing carry no roles",
    rule:
      "For performance, the roles of shared pages are not returned in listings: they are omitted (§2.4, " +
      "§4.2), in every page of every listing: the main user's, the restricted user's and the answers to searches.",
    family: "schema",
    specRefs: ["2.4", "4.2"],
    level: "MUST",
    operations: ["listLandingPages"],
    registerRefs: [],
    async run({ operation, target, judge }) {
      const knowledge = knowledgeOf(target);
      const admin = await knowledge.listing(operation, "admin");
      const walks: { label: string; walk: ListingWalk }[] = [{ label: "listing", walk: admin }];
      if (target.hasRestrictedUser())
        walks.push({ label: "restricted user's listing", walk: await knowledge.listing(operation, "restricted") });
      // Searches for a word of a few SHARED pages' titles, by each user: a search answered from another code path may add the roles back.
      const sharedTitles = admin.items
        .filter((item) => isJsonObject(item) && item.landingPageType === "SHARED" && typeof item.title === "string")
        .map((item) => ((item as { title: string }).title.match(/[\p{L}\p{N}]{3,}/u) ?? [])[0])
        .filter((word): word is string => word !== undefined);
      for (const word of [...new Set(sharedTitles)].slice(0, 2)) {
        walks.push({ label: `search ${JSON.stringify(word)}`, walk: await knowledge.search(operation, word, "admin") });
        if (target.hasRestrictedUser())
          walks.push({
            label: `search ${JSON.stringify(word)} as the restricted user`,
            walk: await knowledge.search(operation, word, "restricted"),
          });
      }
      let shared = 0;
      for (const { label, walk } of walks) {
        for (const page of walk.pages) {
          for (const item of page.page.items) {
            if (!isJsonObject(item) || item.landingPageType !== "SHARED") continue;
            shared += 1;
            if (!("roles" in item)) continue;
            judge.fail(
              `${label}, page ${page.pageNumber}: the SHARED landing page ${JSON.stringify(item.id ?? item.title)} carries roles.`,
              {
                expected: "no roles field on shared pages in a listing (§2.4)",
                actual: `roles: ${JSON.stringify(item.roles)}`.slice(0, 300),
                evidence: [evidence(`${label}, page ${page.pageNumber}`, page.exchange)],
              },
            );
          }
        }
      }
      if (shared === 0) return judge.skip("the target's landing-page listing has no SHARED page to inspect.");
      judge.witness(evidence("listing page 0", (admin.pages[0] as { exchange: Exchange }).exchange));
      judge.note(
        `${shared} appearance(s) of shared pages inspected in ${walks.length} listing(s) and ` +
          `search(es)${admin.complete ? "" : ` (listing sampled: ${admin.stop?.message ?? "incomplete"})`}.`,
      );
    },
  },
  {
    id: "schema.one-tenant-domain",
    title: "Landing page and analytic ids carry one tenant domain",
    rule:
      "Landing ids are landing://{tenant domain}/… (§2.4) and analytic ids analytic://{tenant domain}/… " +
      "(§2.5): every id listed or read by one user carries the same tenant domain, ignoring letter case; " +
      "two domains fail once asking again for an answer of each shows both again (register one-tenant-domain).",
    family: "schema",
    specRefs: ["2.4", "2.5"],
    level: "MUST",
    operations: ["listLandingPages", "getAnalytic"],
    registerRefs: ["one-tenant-domain"],
    run: judgeOneTenantDomain,
  },
];
