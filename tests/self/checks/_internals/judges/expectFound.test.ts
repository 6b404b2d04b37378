/** expectFound.ts: a search finds the item a value was taken from (§4.1, §4.2). */
import { describe, expect, it } from "vitest";
import { expectFound, searchLabel } from "../../../../../checks/_internals/judges/expectFound.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import { scriptedSession, type FakeAnswer } from "../../../runner/engine/engineDoubles.js";

/** A widget listing that answers every search with `ids`, in one page. */
const answering =
  (ids: string[]) =>
  (_request: OutgoingRequest): FakeAnswer => ({
    status: 200,
    json: {
      widgets: ids.map((id) => ({ id })),
      listInformation: { totalElements: ids.length, totalPages: ids.length > 0 ? 1 : 0 },
    },
  });

async function found(ids: string[], owner: string) {
  const { session } = scriptedSession(answering(ids));
  const judge = new Judgement("default");
  const context = { target: session, operation: "listFactoryDefaultWidgets" as const, judge, seed: 1 };
  const walk = await expectFound(context, "Rare", owner, "tag");
  return { walk, verdict: judge.verdict() };
}

describe("searchLabel", () => {
  it("names a search by its value, quoted", () => {
    expect(searchLabel('a "b"')).toBe('searchValue "a \\"b\\""');
  });
});

describe("expectFound", () => {
  it("passes with the search as evidence when the owner is among the results", async () => {
    const { walk, verdict } = await found(["widget://t/a", "widget://t/b"], "id:widget://t/b");
    expect(walk.items).toHaveLength(2);
    expect(verdict).toMatchObject({ outcome: "passed", evidence: [{ label: 'searchValue "Rare"' }] });
  });

  it("fails naming the owner, its relation to the value and the results when the owner is missing", async () => {
    const { verdict } = await found(["widget://t/a"], "id:widget://t/b");
    expect(verdict).toMatchObject({
      outcome: "failed",
      message: 'searchValue "Rare" did not return id:widget://t/b, whose tag it is.',
      expected: "id:widget://t/b among the results",
      actual: "1 result(s): id:widget://t/a",
    });
  });
});
