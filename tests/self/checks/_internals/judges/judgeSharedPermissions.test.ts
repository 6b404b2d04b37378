/** Widgets of one permission (§2.2: a resource and an action) are listed together: which permissions are shared and which a listing splits. */
import { describe, expect, it } from "vitest";
import {
  permissionKey,
  permissionSplits,
  sharedPermissions,
} from "../../../../../checks/_internals/judges/judgeSharedPermissions.js";

const widget = (id: string, resource?: string, action = "Visualizar") => ({
  id,
  ...(resource === undefined ? {} : { permission: { resource, action } }),
});

describe("judgeSharedPermissions", () => {
  it("keys a permission by resource and action, and gives none without both strings", () => {
    expect(permissionKey(widget("w", "res://a"))).toBe('["res://a","Visualizar"]');
    expect(permissionKey(widget("w"))).toBeUndefined();
    expect(permissionKey({ id: "w", permission: { resource: "res://a" } })).toBeUndefined();
    expect(permissionKey("w")).toBeUndefined();
  });

  it("finds permissions held by several widgets across both listings, not by one, and not under another action", () => {
    const admin = [widget("w1", "res://a"), widget("w2", "res://a"), widget("w3", "res://b"), widget("w4")];
    const restricted = [widget("w5", "res://b"), widget("w6", "res://a", "Editar"), widget("w7")];
    expect(sharedPermissions({ admin, restricted })).toEqual(
      new Map([
        ['["res://a","Visualizar"]', ["id:w1", "id:w2"]],
        ['["res://b","Visualizar"]', ["id:w3", "id:w5"]],
      ]),
    );
  });

  it("names, for each user, a permission its listing splits: one widget listed, another not", () => {
    const admin = [widget("w1", "res://a"), widget("w2", "res://a"), widget("w3", "res://b")];
    const restricted = [widget("w1", "res://a"), widget("w4", "res://b")];
    expect(permissionSplits({ admin, restricted })).toEqual([
      { user: "admin", permission: '["res://b","Visualizar"]', shown: "id:w3", hidden: "id:w4" },
      { user: "restricted", permission: '["res://a","Visualizar"]', shown: "id:w1", hidden: "id:w2" },
      { user: "restricted", permission: '["res://b","Visualizar"]', shown: "id:w4", hidden: "id:w3" },
    ]);
    expect(permissionSplits({ admin, restricted: admin })).toEqual([]);
  });
});
