/**
 * Which fields widget search is judged in (§4.1, §2.1): the name and description keys, each on its
 * own and a part of each (search.widgets-by-name-or-description), and never the id, URLs or
 * permission resource (search.widgets-not-by-id-or-url).
 */
import { describe, expect, it } from "vitest";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { checkOnScript } from "./checkOnScript.js";
import { fakeCms, matchesIgnoringCase, type FakeCms } from "./fakeCms.js";

async function run(checkId: string, listings: FakeCms, settings: Partial<RunSettings> = {}) {
  const { result, client } = await checkOnScript(checkId, "listFactoryDefaultWidgets", fakeCms(listings), settings);
  const values = [
    ...new Set(
      client.sent
        .map((request) =>
          request.body && "json" in request.body
            ? (request.body.json as { searchValue?: unknown }).searchValue
            : undefined,
        )
        .filter((value): value is string => typeof value === "string"),
    ),
  ];
  return { result, values };
}

const widget = (index: number) => ({
  id: `widget://t/w${index}`,
  name: `platform.cms.w${index}.name`,
  description: `platform.cms.w${index}.description`,
  url: `https://cdn.t/w${index}/index.html`,
  thumbnailURL: `https://cdn.t/w${index}/thumb.png`,
  permission: { resource: `res://t/widgets/w${index}`, action: "Visualizar" },
  tags: ["kpi"],
});
const widgets = [widget(1), widget(2), widget(3)];

/** A search over the name, description and tags only, as §4.1 says. */
const stated: FakeCms["matches"] = (_operation, item, value) =>
  [item.name, item.description, ...(Array.isArray(item.tags) ? item.tags : [])].some((text) =>
    String(text).toLowerCase().includes(value.toLowerCase()),
  );

describe("search.widgets-by-name-or-description", () => {
  it("searches name keys and description keys on their own, then a part of one of each, and passes when each finds its widget", async () => {
    const { result, values } = await run("search.widgets-by-name-or-description", { widgets, matches: stated });
    expect(values).toEqual([
      "platform.cms.w1.name",
      "platform.cms.w3.name",
      "platform.cms.w1.description",
      "platform.cms.w3.description",
      "latform.cms.w1.nam",
      "latform.cms.w1.descriptio",
    ]);
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        "4 whole key(s) (4 found) and 2 part(s) of keys searched. Give translated-widget-text in the config file to judge a search of the translations.",
      registerRefs: ["search-i18n-key", "search-match-mode"],
    });
  });

  it("fails a search that never looks in the description: the key is the value of an internationalized field (§2.1)", async () => {
    const { result } = await run("search.widgets-by-name-or-description", {
      widgets,
      matches: (operation, item, value) => stated(operation, { ...item, description: "" }, value),
    });
    expect(result.outcome).toBe("failed");
    expect(result.message.split("\n")[0]).toBe(
      'searchValue "platform.cms.w1.description" did not return id:widget://t/w1, whose description key it is. Other whole keys found their widgets, so keys are searched (§4.1, §2.1). (+1 more finding)',
    );
  });

  it("only warns when no key finds its widget: the translations may be what is searched (search-i18n-key)", async () => {
    const { result, values } = await run("search.widgets-by-name-or-description", {
      widgets,
      matches: (operation, item, value) => stated(operation, { ...item, name: "", description: "" }, value),
    });
    expect(values).toHaveLength(4);
    expect(result.outcome).toBe("warning");
    expect(result.message.split("\n")[0]).toBe(
      'searchValue "platform.cms.w1.name" did not return id:widget://t/w1, whose name key it is. A search of the translations of the name keys, not the keys, is a reading §4.1 leaves open. [register: search-i18n-key] (+3 more findings)',
    );
  });

  it("fails when neither a key nor the configured translated text finds its widget: no reading searches neither", async () => {
    const { result } = await run(
      "search.widgets-by-name-or-description",
      {
        widgets,
        matches: (operation, item, value) => stated(operation, { ...item, name: "", description: "" }, value),
      },
      {
        fixtures: { analyticIds: [], roles: [], translatedWidgetText: { text: "Previsão", widgetId: "widget://t/w1" } },
      },
    );
    expect(result.outcome).toBe("failed");
    expect(result.message.split("\n")[0]).toMatch(
      /^searchValue "Previsão" did not return id:widget:\/\/t\/w1, whose translated name or description \(translated-widget-text\) it is\. No whole name or description key found its widget either/,
    );
  });

  it("leaves out a key another widget's other field or a tag holds, and skips when none is left", async () => {
    const { result, values } = await run("search.widgets-by-name-or-description", {
      widgets: [{ id: "widget://t/a", name: "k", description: "k.long", tags: ["k.long"] }],
    });
    expect(values).toEqual([]);
    expect(result.outcome).toBe("skipped");
  });
});

describe("search.widgets-not-by-id-or-url", () => {
  it("searches each field §4.1 does not name, the permission resource included, and passes when none finds a widget", async () => {
    const { result, values } = await run("search.widgets-not-by-id-or-url", { widgets, matches: stated });
    expect(values).toEqual([
      "widget://t/w1",
      "widget://t/w3",
      "https://cdn.t/w1/index.html",
      "https://cdn.t/w3/index.html",
      "https://cdn.t/w1/thumb.png",
      "https://cdn.t/w3/thumb.png",
      "res://t/widgets/w1",
      "res://t/widgets/w3",
    ]);
    expect(result).toMatchObject({
      outcome: "passed",
      message:
        "8 value(s) of fields §4.1 does not search (id, url, thumbnailURL, permission resource) searched; none found a widget.",
    });
  });

  it("fails a search that also matches the permission, naming the field", async () => {
    const { result } = await run("search.widgets-not-by-id-or-url", {
      widgets,
      matches: (operation, item, value) =>
        stated(operation, item, value) || String((item.permission as { resource: string }).resource).includes(value),
    });
    expect(result.outcome).toBe("failed");
    expect(result.message.split("\n")[0]).toBe(
      'searchValue "res://t/widgets/w1" (a widget\'s permission resource) returned 1 widget(s): the permission resource seems searched. (+1 more finding)',
    );
  });

  it("never searches the permission's action, a plain word a translation may hold", async () => {
    const { values } = await run("search.widgets-not-by-id-or-url", { widgets, matches: matchesIgnoringCase });
    expect(values).not.toContain("Visualizar");
  });
});
