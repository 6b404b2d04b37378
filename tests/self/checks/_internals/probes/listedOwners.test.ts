/** listedOwners.ts: the tags and titles of a listing with the item carrying each, rarest first. */
import { describe, expect, it } from "vitest";
import { tagsWithOwners, titlesWithOwners } from "../../../../../checks/_internals/probes/listedOwners.js";
import type { ListingWalk } from "../../../../../checks/_internals/walks/walkListing.js";

const walkOfItems = (items: unknown[]) => ({ items }) as unknown as ListingWalk;

describe("tagsWithOwners", () => {
  it("lists each non-blank tag once with its first owner, rarest first, then by name", () => {
    const walk = walkOfItems([
      { id: "widget://t/a", tags: ["common", "b-rare", " ", 5] },
      { id: "widget://t/b", tags: ["common", "a-rare"] },
      { id: "widget://t/c" },
      "not an object",
    ]);
    expect(tagsWithOwners(walk)).toEqual([
      { tag: "a-rare", owner: "id:widget://t/b" },
      { tag: "b-rare", owner: "id:widget://t/a" },
      { tag: "common", owner: "id:widget://t/a" },
    ]);
  });
});

describe("titlesWithOwners", () => {
  it("lists titles unique in the listing first, leaving out blank and undecodable ones", () => {
    const walk = walkOfItems([
      { id: "landing://t/1", title: "Shared" },
      { id: "landing://t/2", title: "Shared" },
      { id: "landing://t/3", title: "Alone" },
      { id: "landing://t/4", title: "  " },
      { id: "landing://t/5", title: "Bad \uFFFD bytes" },
    ]);
    expect(titlesWithOwners(walk)).toEqual([
      { title: "Alone", owner: "id:landing://t/3" },
      { title: "Shared", owner: "id:landing://t/1" },
      { title: "Shared", owner: "id:landing://t/2" },
    ]);
  });
});
