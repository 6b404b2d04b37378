/**
 * Issue 48.1: before a register default may fail a target, the entry says which readings of the text
 * and which defaults of common stacks (Node http/Express, Go net/http, Java HttpServer/Servlet/Spring with
 * Jackson, ASP.NET Core, Python WSGI/ASGI with pydantic, nginx or Envoy in front) were considered, in its
 * "stacks" field. A default whose text can fail (it says "fail" or "failure") without it fails this test.
 */
import { describe, expect, it } from "vitest";
import { AMBIGUITY_REGISTER, type AmbiguityEntry } from "../../../contract/ambiguityRegister.js";

/** True when the entry's default can give a failing verdict. */
const canFail = (entry: AmbiguityEntry) => /\bfail/i.test(entry.default);

/** The ids of the entries whose default can fail and that say nothing of the stacks considered. */
function entriesWithoutStacks(entries: readonly AmbiguityEntry[]): string[] {
  return entries.filter((entry) => canFail(entry) && !entry.stacks?.trim()).map((entry) => entry.id);
}

describe("the register's failing defaults weigh common stacks (issue 48.1)", () => {
  it("gives every entry whose default can fail a 'stacks' field", () => {
    expect(
      entriesWithoutStacks(AMBIGUITY_REGISTER),
      "entries whose default can fail but say nothing of the stacks considered",
    ).toEqual([]);
  });

  it("names an entry whose default says it fails and has no stacks, and passes one that has them", () => {
    const entry = { id: "e", question: "Q", sections: ["7"], default: "A 5xx is a failure.", why: "W", strict: "S" };
    expect(entriesWithoutStacks([entry])).toEqual(["e"]);
    expect(entriesWithoutStacks([{ ...entry, stacks: "Node, Go, Spring: all 4xx." }])).toEqual([]);
    expect(entriesWithoutStacks([{ ...entry, stacks: " " }])).toEqual(["e"]);
    expect(entriesWithoutStacks([{ ...entry, default: "A refusal is a warning." }])).toEqual([]);
  });
});
