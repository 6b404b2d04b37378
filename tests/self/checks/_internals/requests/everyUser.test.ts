/** everyUser.ts: the users a check runs as, and how a message names them. */
import { describe, expect, it } from "vitest";
import { asUser, everyUser } from "../../../../../checks/_internals/requests/everyUser.js";
import { scriptedSession, testSettings } from "../../../runner/engine/engineDoubles.js";

describe("everyUser and asUser", () => {
  it("the main user, and the restricted one when its token is configured", () => {
    expect(everyUser(scriptedSession(() => ({})).session)).toEqual(["admin", "restricted"]);
    const settings = testSettings();
    const { session } = scriptedSession(() => ({}), {
      credentials: { ...settings.credentials, restrictedToken: undefined },
    });
    expect(everyUser(session)).toEqual(["admin"]);
  });

  it("a label suffix only for users other than the main one", () => {
    expect(asUser("admin")).toBe("");
    expect(asUser("restricted")).toBe(" as the restricted user");
  });
});
