/** itemTargets.ts: which ids a read asks for, and an unknown id in the shape of a known one. */
import { describe, expect, it } from "vitest";
import {
  asReadOperation,
  idField,
  knownIds,
  noIdsReason,
  unknownId,
} from "../../../../../checks/_internals/requests/itemTargets.js";
import { scriptedSession } from "../../../runner/engine/engineDoubles.js";
import { smallTarget } from "../../smallTarget.js";

describe("ids to read", () => {
  it("names the request field of each read, and refuses an operation that is not one", () => {
    expect([idField("getWidget"), idField("getAnalytic")]).toEqual(["widgetId", "analyticId"]);
    expect(asReadOperation("getAnalytic")).toBe("getAnalytic");
    expect(() => asReadOperation("listLandingPages")).toThrow("listLandingPages is not a single-item read");
  });

  it("reads discovered widget ids and configured analytic ids, spread, up to a count", async () => {
    const { session } = scriptedSession(smallTarget(30), {
      fixtures: { analyticIds: ["analytic://t/a1", "analytic://t/a2", "analytic://t/a3"], roles: [] },
    });
    expect(await knownIds(session, "getWidget", 2)).toEqual(["widget://t/w0", "widget://t/w29"]);
    expect(await knownIds(session, "getAnalytic", 2)).toEqual(["analytic://t/a1", "analytic://t/a3"]);
  });

  it("says what to add when no id is known", () => {
    expect(noIdsReason("getWidget")).toBe("the target's widget listing returned no widget ids to read");
    expect(noIdsReason("getAnalytic")).toMatch(
      /^no analytic ids are configured: there is no operation that lists analytics \(§4\.3\); pass --analytic-id ID/,
    );
  });

  it("makes an unknown id in the shape of a known one, from the seed", async () => {
    const { session } = scriptedSession(smallTarget(2), { seed: 35 });
    expect(await unknownId(session, "getWidget")).toBe("widget://t/cms-conformance-unknown-z");
    expect(await unknownId(session, "getAnalytic")).toBe("analytic://tenant/cms-conformance-unknown-z");
  });
});
