/**
 * http.valid-request-ok on the forms of a valid request (issue 44 item 6): a null field refused with 400
 * passes, refused otherwise it warns, and so does the bearer scheme in another case refused (registers
 * null-request-fields, bearer-scheme-case); header names in another case or a charset refused are
 * failures (RFC 9110).
 */
import { describe, expect, it } from "vitest";
import type { OutgoingRequest } from "../../../../../runner/http/types.js";
import type { FakeAnswer } from "../../../runner/engine/engineDoubles.js";
import { checkOnScript, jsonOf } from "../../checkOnScript.js";
import { fakeCms } from "../../fakeCms.js";

const cms = fakeCms({ landingPages: [{ id: "landing://t/p1", title: "Painel" }] });
const refuse = (when: (request: OutgoingRequest) => boolean) => (request: OutgoingRequest, index: number) =>
  when(request) ? ({ status: 400, json: { message: "refused" } } satisfies FakeAnswer) : cms(request, index);
const hasNull = (request: OutgoingRequest) => JSON.stringify(jsonOf(request)).includes("null");
const headerValue = (request: OutgoingRequest, name: string) =>
  Object.entries(request.headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

async function verdictOf(answer: (request: OutgoingRequest, index: number) => FakeAnswer) {
  return (await checkOnScript("http.valid-request-ok", "listLandingPages", answer, { maxExamples: 20 })).result;
}

describe("http.valid-request-ok on the forms of a valid request", () => {
  it("passes a target that serves every form", async () => {
    expect((await verdictOf(cms)).outcome).toBe("passed");
  });

  it("passes a null field refused with 400: §2 types the field and null is none of its type (register null-request-fields)", async () => {
    const result = await verdictOf(refuse(hasNull));
    expect(result.outcome).toBe("passed");
    expect(result.registerRefs).toContain("null-request-fields");
  });

  it("warns when a null field is refused with another 4xx and the same request without it is served", async () => {
    const result = await verdictOf((request, index) =>
      hasNull(request) ? { status: 422, json: { detail: "none is not an allowed value" } } : cms(request, index),
    );
    expect(result.outcome).toBe("warning");
    expect(result.message).toContain(
      "basic request with searchValue sent as null was refused with 422, the same request without its null fields served.",
    );
  });

  it("judges a null refused by a target that also requires the field against the basic request (getRoleFilters' domainName)", async () => {
    // domainName and serviceName required: absent or null, the request is refused, as a @NotNull Spring controller does.
    const scoped = (status: number) => (request: OutgoingRequest) => {
      const body = jsonOf(request);
      return typeof body.domainName === "string" && typeof body.serviceName === "string"
        ? { status: 200, json: { filters: [] } }
        : { status, json: { message: "domainName and serviceName are required" } };
    };
    const refused400 = await checkOnScript("http.valid-request-ok", "getRoleFilters", scoped(400), { maxExamples: 5 });
    expect(refused400.result.outcome).toBe("passed");
    const refused422 = await checkOnScript("http.valid-request-ok", "getRoleFilters", scoped(422), { maxExamples: 5 });
    expect(refused422.result.outcome).toBe("warning");
    expect(refused422.result.message).toContain(
      "basic request with domainName sent as null was refused with 422, the basic request served.",
    );
  });

  it("warns when the bearer scheme in another case is refused (register bearer-scheme-case)", async () => {
    const result = await verdictOf(
      refuse((request) => !String(headerValue(request, "authorization")).startsWith("Bearer ")),
    );
    expect(result.outcome).toBe("warning");
    expect(result.message).toContain("basic request with the scheme written bearer was refused with 400");
  });

  it("fails a target that refuses header names in lower case, or a charset on Content-Type", async () => {
    const lowerNames = await verdictOf(refuse((request) => !("Content-Type" in request.headers)));
    expect(lowerNames.outcome).toBe("failed");
    expect(lowerNames.message).toContain("basic request with header names in lower case was refused with 400");
    const charset = await verdictOf(refuse((request) => headerValue(request, "content-type") !== "application/json"));
    expect(charset.outcome).toBe("failed");
    expect(charset.message.split("\n")[0]).toBe(
      "basic request with Content-Type: application/json; charset=utf-8 was refused with 400, the same request with the headers as §5 writes them served: header names and media types are case-insensitive and a media type may carry parameters (RFC 9110 §5.1, §8.3.1). (+3 more findings)",
    );
  });

  it("fails a null field answered with a 5xx, whatever the register says of refusals", async () => {
    const result = await verdictOf((request, index) =>
      hasNull(request) ? { status: 500, json: {} } : cms(request, index),
    );
    expect(result.outcome).toBe("failed");
    expect(result.message.split("\n")[0]).toMatch(/^basic request with searchValue sent as null got status 500/);
  });
});
