/**
 * The error (§7) and HTTP (§4, §5, §7) checks on scripted targets: the bodies they send, which
 * answers each judges or passes over, and the words of their verdicts.
 */
import { describe, expect, it } from "vitest";
import type { OperationName } from "../../../contract/operations.js";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import type { FakeAnswer } from "../runner/engine/engineDoubles.js";
import { checkOnScript, jsonOf } from "./checkOnScript.js";
import { fakeCms, widgetsTagged } from "./fakeCms.js";
import { validRequestForms } from "../../../generators/validRequestForms.js";

const NO_IDS = { fixtures: { analyticIds: [], roles: [] } };

async function run(
  checkId: string,
  operation: OperationName,
  answer: (request: OutgoingRequest, index: number) => FakeAnswer,
  settings: Partial<RunSettings> = {},
) {
  const { result, client } = await checkOnScript(checkId, operation, answer, settings);
  return { result, sent: client.sent.map((request) => request.body) };
}

const badRequest = (service = "cms") => ({
  status: 400,
  json: { message: "bad", errorCode: "x", reason: "BAD_REQUEST", domain: "platform", service },
});

describe("errors.malformed-json-400", () => {
  it("sends two malformed bodies and three that are JSON but no object, and fails each one answered 200", async () => {
    const { result, sent } = await run("errors.malformed-json-400", "listLandingPages", () => ({
      status: 200,
      json: {},
    }));
    expect(sent).toEqual([
      { raw: '{"cms-conformance": ' },
      { raw: "cms-conformance: not json" },
      { json: [] },
      { json: "cms-conformance" },
      { json: 42 },
    ]);
    expect(result.outcome).toBe("failed");
    expect(result.message.split("\n").map((line) => line.replace(/ got .*/, ""))).toEqual([
      "malformed JSON (unterminated object)",
      "- malformed JSON (not JSON at all)",
      "- a JSON array as the body",
      "- a JSON string as the body",
      "- a JSON number as the body",
    ]);
  });
});

describe("errors.invalid-request-rejected", () => {
  it("skips a read with nothing to build requests from, naming what is missing", async () => {
    expect((await run("errors.invalid-request-rejected", "getWidget", fakeCms({ widgets: [] }))).result).toMatchObject({
      outcome: "skipped",
      skipReason: "the widget listing returned no ids to build requests from",
    });
    expect((await run("errors.invalid-request-rejected", "getAnalytic", fakeCms({}), NO_IDS)).result).toMatchObject({
      outcome: "skipped",
      skipReason: "no analytic ids are configured (--analytic-id)",
    });
  });

  it("accepts 400, and 404 where an id may not exist; departs on another 4xx where the register allows it", async () => {
    const answers = (status: number) =>
      fakeCms({ widgets: widgetsTagged(3, () => []), tamperRead: () => ({ status, json: {} }) });
    const fine = await run("errors.invalid-request-rejected", "getWidget", answers(400), { maxExamples: 30 });
    expect(fine.result).toMatchObject({ outcome: "passed", message: "30 generated invalid request(s) judged." });
    const notFound = await run("errors.invalid-request-rejected", "getWidget", answers(404), { maxExamples: 30 });
    expect(notFound.result.outcome).not.toBe("passed");
    expect(notFound.result.message).not.toMatch(/widgetId:malformed-uri \(|widgetId:unknown/);
    const unprocessable = await run("errors.invalid-request-rejected", "getWidget", answers(422), { maxExamples: 30 });
    // Malformed JSON must get 400 (a failure); a malformed id may get 400 or 404 (a departure on 422).
    expect(unprocessable.result).toMatchObject({
      outcome: "failed",
      expected: "400 (§7; register invalid-field-status)",
    });
    expect(unprocessable.result.message.split("\n")).toEqual([
      expect.stringMatching(
        /^generated invalid request: raw:malformed-json \(the body is not well-formed JSON \(§4, §7\)\) got 422 \(shrunk \d+ times; property seed -?\d+\) \(\+1 more finding\)$/,
      ),
      "- widgetId:pattern-mismatch (widgetId does not match ^widget://[^/]+(/[^/]+)*$ (§4.4, §2.1)) got 422 [register: malformed-widget-id]",
    ]);
  });
});

describe("errors.invalid-request-rejected on the kinds of rule", () => {
  /** Malformed JSON and a body that is no object: what must get 400. */
  const isRaw = (request: OutgoingRequest) =>
    request.body !== undefined &&
    ("raw" in request.body ||
      typeof request.body.json !== "object" ||
      request.body.json === null ||
      Array.isArray(request.body.json));

  it("fails a 5xx for any invalid request, the register's departures included", async () => {
    const { result } = await run(
      "errors.invalid-request-rejected",
      "listLandingPages",
      (request) => (isRaw(request) ? badRequest() : { status: 500, json: {} }),
      { maxExamples: 20 },
    );
    expect(result.outcome).toBe("failed");
  });

  it("fails a 5xx even for a rule whose 4xx would only depart", async () => {
    // 500 for out-of-range or fractional page numbers and sizes (the register's should-400), 400 for everything else.
    const numbersOnly = (request: OutgoingRequest) => {
      const json =
        request.body && "json" in request.body ? (request.body.json as Record<string, unknown> | null) : null;
      const pagination = json && typeof json === "object" && !Array.isArray(json) ? json.pagination : undefined;
      if (
        typeof pagination !== "object" ||
        pagination === null ||
        Object.keys(json as object).some((key) => key !== "pagination")
      )
        return false;
      const entries = Object.entries(pagination);
      return (
        entries.length === 2 &&
        entries.every(([key, value]) => ["pageNumber", "pageSize"].includes(key) && typeof value === "number")
      );
    };
    const { result } = await run(
      "errors.invalid-request-rejected",
      "listLandingPages",
      (request) => (numbersOnly(request) ? { status: 500, json: {} } : badRequest()),
      { maxExamples: 60 },
    );
    expect(result).toMatchObject({
      outcome: "failed",
      expected: expect.stringMatching(/^400 \(§7; register (invalid-field-status|numeric-coercion)\)$/) as string,
    });
    expect(result.message).toMatch(/ got 500 /);
  });

  it("expects 400 or 404 of a malformed id, and says so when it departs", async () => {
    const malformedId = (request: OutgoingRequest) => {
      const json =
        request.body && "json" in request.body ? (request.body.json as Record<string, unknown> | null) : null;
      return (
        json !== null &&
        typeof json === "object" &&
        typeof json.widgetId === "string" &&
        !json.widgetId.startsWith("widget://")
      );
    };
    const { result } = await run(
      "errors.invalid-request-rejected",
      "getWidget",
      (request) =>
        request.path.endsWith("/getWidget")
          ? malformedId(request)
            ? { status: 422, json: {} }
            : badRequest()
          : fakeCms({ widgets: widgetsTagged(3, () => []) })(request, 0),
      { maxExamples: 40 },
    );
    expect(result).toMatchObject({ outcome: "warning", expected: "400 or 404" });
  });

  it("departs on a malformed id refused with another 4xx than 400 or 404", async () => {
    const read = await run(
      "errors.invalid-request-rejected",
      "getWidget",
      fakeCms({ widgets: widgetsTagged(3, () => []), tamperRead: () => ({ status: 422, json: {} }) }),
      { maxExamples: 30 },
    );
    expect(read.result.message.split("\n").slice(1)).toEqual([
      "- widgetId:pattern-mismatch (widgetId does not match ^widget://[^/]+(/[^/]+)*$ (§4.4, §2.1)) got 422 [register: malformed-widget-id]",
    ]);
    expect(read.result.registerRefs).toEqual(["malformed-widget-id"]);
  });
});

describe("errors.error-body", () => {
  it("judges the 400 of malformed JSON and the 404 of an unknown id against their §7 bodies", async () => {
    const { result, sent } = await run("errors.error-body", "getWidget", (request) =>
      "raw" in (request.body ?? {}) ? badRequest() : { status: 404, json: { message: "gone" } },
    );
    expect(sent.filter((body) => body && "raw" in body)).toEqual([{ raw: '{"cms-conformance": ' }, { raw: "[]" }]);
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/(^|\n)(- )?unknown id [^ ]+ → 404: the body breaks the error.cms.notFound schema/);
  });

  it("judges the 400 bodies of validation errors too, each with its own finding, not only malformed JSON's", async () => {
    // A framework answers its own validation errors with its default body; the malformed JSON gets the §7 one.
    const framework = { status: 400, json: { timestamp: "t", status: 400, error: "Bad Request", path: "/x" } };
    const { result } = await run("errors.error-body", "getWidget", (request) =>
      "raw" in (request.body ?? {}) ? badRequest() : framework,
    );
    expect(result.outcome).toBe("failed");
    const findings = result.message.split("\n");
    expect(findings.some((line) => /widgetId holds a JSON number .* → 400: the body breaks/.test(line))).toBe(true);
    expect(findings.some((line) => /an empty body \{\} \(no id\) → 400: the body breaks/.test(line))).toBe(true);
    expect(findings.some((line) => /malformed id "cms-conformance-not-a-uri" → 400: the body breaks/.test(line))).toBe(
      true,
    );
    expect(result.message).not.toMatch(/malformed JSON → 400/);
  });

  it("judges no 404 of getRoleFilters (§7 shows none) and skips when nothing got a 400 or 404", async () => {
    const { result } = await run("errors.error-body", "getRoleFilters", () => ({ status: 404, json: {} }));
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "no request of this check got a 400 or 404 to judge (see errors.malformed-json-400 and errors.unknown-id-404).",
    });
    const judged = await run("errors.error-body", "getRoleFilters", () => badRequest("authorization"));
    expect(judged.result.outcome).not.toBe("skipped");
  });
});

describe("errors.unauthorized-body", () => {
  it("judges the 401 of every invalid credential it sends, each with its own finding", async () => {
    const good = { status: 401, json: { error: "invalid_token", error_description: "no" } };
    const { result } = await run("errors.unauthorized-body", "getWidget", (request) =>
      request.headers.client_id === "client-id-1234" ? good : { status: 401, json: { message: "Unauthorized" } },
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/^request as client-id-changed: the body breaks the error.unauthorized schema/);
  });

  it("judges only 401 answers, and skips when there was none", async () => {
    const { result } = await run("errors.unauthorized-body", "listLandingPages", () => ({
      status: 403,
      json: { message: "no" },
    }));
    expect(result).toMatchObject({
      outcome: "skipped",
      skipReason:
        "the target answered none of the suite's unauthenticated requests with 401, so there is no 401 body to judge (see the auth.* checks).",
    });
  });
});

describe("errors.missing-id-400", () => {
  it("sends an empty body and passes 400 and 404: required fields are not shown (§4), so both readings fit", async () => {
    const { result, sent } = await run("errors.missing-id-400", "getWidget", () => ({ status: 404, json: {} }));
    expect(sent).toEqual([{ json: {} }]);
    expect(result.outcome).toBe("passed");
    const refused = await run("errors.missing-id-400", "getAnalytic", () => ({ status: 400, json: {} }));
    expect(refused.result.outcome).toBe("passed");
  });

  it("fails a 200 and a 500, and only warns for another 4xx (register required-request-fields)", async () => {
    const served = await run("errors.missing-id-400", "getAnalytic", () => ({ status: 200, json: {} }));
    expect(served.result).toMatchObject({
      outcome: "failed",
      message: "getAnalytic with an empty body {} got status 200.",
      expected:
        "400 (§7: required parameters missing) or 404 (§4.3, §4.4: no such component; register required-request-fields)",
    });
    const crashed = await run("errors.missing-id-400", "getAnalytic", () => ({ status: 500, json: {} }));
    expect(crashed.result.outcome).toBe("failed");
    const other = await run("errors.missing-id-400", "getWidget", () => ({ status: 422, json: {} }));
    expect(other.result).toMatchObject({ outcome: "warning" });
    expect(other.result.message).toContain("[register: required-request-fields]");
  });
});

describe("http.valid-request-ok", () => {
  it("skips a read with nothing to ask for, naming what is missing", async () => {
    expect((await run("http.valid-request-ok", "getWidget", fakeCms({ widgets: [] }))).result).toMatchObject({
      outcome: "skipped",
      skipReason: "the widget listing returned no ids to read",
    });
    expect((await run("http.valid-request-ok", "getAnalytic", fakeCms({}), NO_IDS)).result).toMatchObject({
      outcome: "skipped",
      skipReason: "no analytic ids are configured (--analytic-id)",
    });
  });

  it("says how many generated requests got 200, and fails a valid request refused with a status no register allows", async () => {
    const fine = await run("http.valid-request-ok", "listLandingPages", fakeCms({ landingPages: [] }), {
      maxExamples: 7,
    });
    expect(fine.result).toMatchObject({
      outcome: "passed",
      message:
        "7 generated valid request(s) answered 200, and the basic request in 18 form(s) (null fields, header spellings).",
    });
    let count = 0;
    // The basic request and each of its other forms are served; every generated one gets 500.
    const served = validRequestForms("getRoleFilters", {}).length + 1;
    const refused = await run(
      "http.valid-request-ok",
      "getRoleFilters",
      () => ((count += 1) <= served ? { status: 200, json: { filters: [] } } : { status: 500, json: {} }),
      { maxExamples: 3 },
    );
    expect(refused.result).toMatchObject({ outcome: "failed", expected: "200 (§4)" });
    expect(refused.result.message).toMatch(/^generated valid request: a valid request got 500/);
  });
});

describe("http.valid-request-ok on a read", () => {
  it("asks no listing question of a read operation", async () => {
    const { result, client } = await checkOnScript(
      "http.valid-request-ok",
      "getAnalytic",
      fakeCms({ analytics: { "analytic://tenant/a1": { id: "analytic://tenant/a1" } } }),
      { maxExamples: 3 },
    );
    const reads = client.sent.filter((request) => request.path.endsWith("/getAnalytic"));
    expect(result.outcome).toBe("passed");
    // Each read asks the one analytic, whatever escapes its text is written with (RFC 8259 §7).
    expect(reads.map((request) => jsonOf(request))).toEqual(
      Array.from({ length: reads.length }, () => ({ analyticId: "analytic://tenant/a1" })),
    );
  });
});

describe("http.valid-request-ok on a listing", () => {
  it("fails a page inside the listing refused with a 4xx, knowing from discovery where the listing ends", async () => {
    const { result } = await checkOnScript(
      "http.valid-request-ok",
      "listLandingPages",
      fakeCms({
        landingPages: widgetsTagged(300, () => []),
        tamper: (call) =>
          call.pageNumber > 0 && call.pageNumber < 30 && call.pageSize <= 10 && call.searchValue === undefined
            ? { status: 409, json: {} }
            : undefined,
      }),
      { maxExamples: 100 },
    );
    expect(result.outcome).toBe("failed");
  });

  it("fails a 5xx for a valid request even where a register would let a 4xx depart", async () => {
    const { result } = await checkOnScript(
      "http.valid-request-ok",
      "listLandingPages",
      fakeCms({
        landingPages: widgetsTagged(30, () => []),
        tamper: (call) => (call.pageSize > 10 && call.index > 5 ? { status: 500, json: {} } : undefined),
      }),
      { maxExamples: 60 },
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/^generated valid request: a valid request got 500/);
  });
});

describe("http.no-server-error", () => {
  it("ends as an error, not a pass, when the target answers 429 past the waits", async () => {
    const { result } = await run("http.no-server-error", "getRoleFilters", () => ({ status: 429, json: {} }), {
      maxExamples: 5,
    });
    expect(result.outcome).toBe("error");
  });

  it("names the kind of generated request that got a 5xx", async () => {
    let count = 0;
    const { result } = await run(
      "http.no-server-error",
      "getRoleFilters",
      () => ((count += 1) > 60 ? { status: 500, json: {} } : { status: 400, json: {} }),
      { maxExamples: 40 },
    );
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/got 500 for (a valid request|an invalid request \([^)]+\))/);
  });
});

describe("http.json-content-type", () => {
  it("sends malformed JSON as one of its probes, and names it", async () => {
    const { result } = await run("http.json-content-type", "listLandingPages", (request) =>
      request.body && "raw" in request.body && request.body.raw === '{"cms-conformance": '
        ? { status: 400, text: "bad", headers: { "content-type": "text/html" } }
        : { status: 200, json: { landingPages: [], listInformation: { totalElements: 0, totalPages: 0 } } },
    );
    expect(result).toMatchObject({ outcome: "failed", message: 'malformed JSON (400) was answered as "text/html".' });
  });

  it("passes over 403 answers and empty bodies, and fails a body of another type, naming it", async () => {
    const skipped = await run("http.json-content-type", "listLandingPages", (request) =>
      request.headers.Authorization
        ? { status: 403, text: "no", headers: { "content-type": "text/plain" } }
        : { status: 401, text: "" },
    );
    expect(skipped.result.outcome).toBe("passed");
    const typed = await run("http.json-content-type", "listLandingPages", () => ({
      status: 400,
      text: "bad",
      headers: { "content-type": "text/plain; charset=utf-8" },
    }));
    expect(typed.result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(/^well-formed request \(400\) was answered as "text\/plain"\./),
      actual: "Content-Type: text/plain",
    });
    const untyped = await run("http.json-content-type", "listLandingPages", () => ({
      status: 400,
      text: "bad",
      headers: {},
    }));
    expect(untyped.result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(/^well-formed request \(400\) was answered as "no Content-Type"\./),
      actual: "Content-Type: (absent)",
    });
  });

  it("asks getWidget for an id that does not exist and fails its 404 body sent as text/plain (§4, §7)", async () => {
    const known = "widget://acme.com.br/platform/cms/sales";
    const json = (status: number, body: unknown): FakeAnswer => ({ status, json: body });
    const { result, sent } = await run("http.json-content-type", "getWidget", (request) => {
      if (request.path.endsWith("/listFactoryDefaultWidgets"))
        return json(200, { widgets: [{ id: known }], listInformation: { totalElements: 1, totalPages: 1 } });
      const body = request.body && "json" in request.body ? (request.body.json as Record<string, unknown>) : {};
      if (body.widgetId === known) return json(200, { id: known });
      if (typeof body.widgetId !== "string") return json(400, { message: "bad", reason: "BAD_REQUEST" });
      return {
        status: 404,
        text: JSON.stringify({ message: "not found", reason: "OBJECT_NOT_FOUND" }),
        headers: { "content-type": "text/plain" },
      };
    });
    expect(sent).toContainEqual({
      json: { widgetId: expect.stringMatching(/^widget:\/\/acme\.com\.br\/platform\/cms\//) },
    });
    expect(result).toMatchObject({
      outcome: "failed",
      message: expect.stringMatching(
        /^unknown id widget:\/\/acme\.com\.br\/\S+ \(404\) was answered as "text\/plain"\./,
      ),
      actual: "Content-Type: text/plain",
    });
  });

  it("warns, not fails, on a +json media type of an error answer (register response-content-type), and fails it on a 200", async () => {
    const problem = (status: number) => () => ({
      status,
      text: JSON.stringify(status === 200 ? { landingPages: [] } : { message: "bad" }),
      headers: { "content-type": "application/problem+json; charset=utf-8" },
    });
    const onError = await run("http.json-content-type", "listLandingPages", problem(400));
    expect(onError.result).toMatchObject({
      outcome: "warning",
      registerRefs: expect.arrayContaining(["response-content-type"]) as string[],
      actual: "Content-Type: application/problem+json",
    });
    const onSuccess = await run("http.json-content-type", "listLandingPages", problem(200));
    expect(onSuccess.result.outcome).toBe("failed");
  });
});
