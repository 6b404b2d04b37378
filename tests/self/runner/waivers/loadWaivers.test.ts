import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadWaivers } from "../../../../runner/waivers/loadWaivers.js";
import { WaiversFileError } from "../../../../runner/waivers/WaiversFileError.js";
import { OPERATIONS } from "../../../../contract/operations.js";
import { SCHEMAS_DIR } from "../../../../contract/schemaCatalogue.js";

const KNOWN = new Set(["pagination.default-first-10", "analytics.pie-single-series", "http.no-server-error"]);

const dir = mkdtempSync(join(tmpdir(), "cms-waivers-"));
let counter = 0;
const file = (content: unknown): string => {
  const path = join(dir, `waivers-${counter++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

const pie = {
  checkId: "analytics.pie-single-series",
  operation: "getAnalytic",
  reason: "VEND-12: fixed in 2.4",
  expires: "2030-06-30",
};

/** The error loadWaivers throws for `path`, or a failed assertion if it resolves. */
async function failure(path: string): Promise<WaiversFileError> {
  const error: unknown = await loadWaivers(path, KNOWN).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WaiversFileError);
  expect((error as Error).name).toBe("WaiversFileError"); // what a stack trace names
  return error as WaiversFileError;
}

describe("loadWaivers", () => {
  it("returns the waivers of a valid file, in file order", async () => {
    const second = {
      checkId: "pagination.default-first-10",
      operation: "listLandingPages",
      reason: "agreed",
      expires: "2020-01-01",
    };
    const path = file({ $schema: "../schemas/meta/waivers.schema.json", waivers: [pie, second] });
    expect(await loadWaivers(path, KNOWN)).toEqual([pie, second]);
  });

  it("accepts an empty list", async () => {
    expect(await loadWaivers(file({ waivers: [] }), KNOWN)).toEqual([]);
  });

  it("names the file and the system error when it cannot be read", async () => {
    const missing = join(dir, "absent.json");
    const error = await failure(missing);
    expect(error.message).toBe(
      `cannot read the waivers file ${missing} (ENOENT); give the path of a readable JSON file`,
    );
  });

  it("says the file is not JSON", async () => {
    const error = await failure(file("{ waivers: [ }"));
    expect(error.message).toMatch(/^the waivers file .* is not JSON: /);
  });

  it("gives every schema error with its place in the file", async () => {
    const path = file({
      waivers: [
        { ...pie, expires: "2030-02-30" },
        { checkId: "http.no-server-error", operation: "deleteWidget", reason: "x", expires: "30/06/2030" },
        { checkId: "http.no-server-error", operation: "getWidget", expires: "2030-01-01", owner: "me" },
        { checkId: "http.no-server-error", operation: "getRoleFilters", reason: "  ", expires: "2030-01-01" },
      ],
    });
    const { message } = await failure(path);
    expect(message).toBe(
      `the waivers file ${path} is not valid (schemas/meta/waivers.schema.json): ` +
        [
          "/waivers/0/expires must be a calendar date written YYYY-MM-DD",
          "/waivers/1/operation must be one of listFactoryDefaultWidgets, listLandingPages, getAnalytic, getWidget, getRoleFilters",
          "/waivers/1/expires must be a calendar date written YYYY-MM-DD",
          '/waivers/2 is missing the field "reason"',
          '/waivers/2 has an unknown field "owner"',
          "/waivers/3/reason must not be blank: say why the failure is accepted",
        ].join("; "),
    );
    // One sentence per problem, even when two keywords (format, pattern) catch the same date.
    expect(message.split("/waivers/1/expires")).toHaveLength(2);
  });

  it("says a reason that is not a string must be one, not that it is blank", async () => {
    const path = file({ waivers: [{ ...pie, reason: 5 }] });
    const { message } = await failure(path);
    expect(message).toBe(
      `the waivers file ${path} is not valid (schemas/meta/waivers.schema.json): /waivers/0/reason must be string`,
    );
    expect(message).not.toContain("must not be blank");
  });

  it("rejects a file whose root is not { waivers: [...] }", async () => {
    const array = file([pie]);
    expect((await failure(array)).message).toBe(
      `the waivers file ${array} is not valid (schemas/meta/waivers.schema.json): (root) must be object`,
    );
    const misnamed = file({ waiver: [pie] });
    expect((await failure(misnamed)).message).toBe(
      `the waivers file ${misnamed} is not valid (schemas/meta/waivers.schema.json): ` +
        '(root) is missing the field "waivers"; (root) has an unknown field "waiver"',
    );
  });

  it("rejects an unknown check id, naming it, its place and the id it most likely meant", async () => {
    const path = file({
      waivers: [pie, { ...pie, checkId: "pagination.default-first-ten" }, { ...pie, checkId: "made.up" }],
    });
    const { message } = await failure(path);
    expect(message).toBe(
      `the waivers file ${path} names unknown check ids: ` +
        '/waivers/1/checkId "pagination.default-first-ten" is not a check of this suite (did you mean pagination.default-first-10?); ' +
        '/waivers/2/checkId "made.up" is not a check of this suite',
    );
    expect(message).not.toContain('made.up" is not a check of this suite (did you mean');
  });

  it("rejects two waivers of the same check and operation", async () => {
    const path = file({ waivers: [pie, { ...pie, reason: "again" }] });
    const { message } = await failure(path);
    expect(message).toBe(
      `the waivers file ${path} waives analytics.pie-single-series on getAnalytic twice (/waivers/0 and /waivers/1); keep one`,
    );
  });

  it("has a schema whose operations are exactly the operations of §4", () => {
    const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, "meta/waivers.schema.json"), "utf8")) as {
      properties: { waivers: { items: { properties: { operation: { enum: string[] } } } } };
    };
    expect(schema.properties.waivers.items.properties.operation.enum).toEqual(OPERATIONS.map((op) => op.name));
  });
});

describe("loadWaivers with globs, findings and any operation (issue 27.6)", () => {
  const operationsOf = (id: string) =>
    id === "analytics.pie-single-series"
      ? (["getAnalytic"] as const)
      : id === "pagination.default-first-10"
        ? (["listLandingPages", "listFactoryDefaultWidgets"] as const)
        : undefined;

  it("takes a glob, a finding and no operation", async () => {
    const waivers = await loadWaivers(
      file({ waivers: [{ checkId: "*.pie-*", finding: "series", reason: "VEND-12", expires: "2030-06-30" }] }),
      KNOWN,
      operationsOf,
    );
    expect(waivers).toEqual([{ checkId: "*.pie-*", finding: "series", reason: "VEND-12", expires: "2030-06-30" }]);
  });

  it("refuses a check × operation pair no run has, a glob that names no check, and a finding that is no regular expression", async () => {
    const refused = async (waiver: object) =>
      (await loadWaivers(
        file({ waivers: [{ reason: "r", expires: "2030-06-30", ...waiver }] }),
        KNOWN,
        operationsOf,
      ).then(
        () => undefined,
        (error: unknown) => (error as Error).message,
      )) ?? "";
    expect(await refused({ checkId: "analytics.pie-single-series", operation: "getWidget" })).toMatch(
      /\/waivers\/0 waives analytics\.pie-single-series on getWidget, but that check does not run on getWidget/,
    );
    expect(await refused({ checkId: "nothing.*" })).toMatch(
      /\/waivers\/0\/checkId "nothing\.\*" names no check of this suite/,
    );
    expect(await refused({ checkId: "analytics.*", finding: "(" })).toMatch(
      /\/waivers\/0\/finding is not a regular expression/,
    );
  });
});
