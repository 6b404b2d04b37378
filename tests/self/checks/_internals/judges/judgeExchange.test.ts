/**
 * The judging helpers every check shares: did the target answer (answered), what its status means
 * (judgeStatus), is the body the contract's (judgeBody), and how an answer is shown.
 */
import { describe, expect, it } from "vitest";
import { formatSchemaIssue } from "../../../../../contract/schemaIssue.js";
import { validateBody } from "../../../../../contract/validators.js";
import { Judgement } from "../../../../../runner/engine/Judgement.js";
import type { Exchange, TransportFailureKind } from "../../../../../runner/model/Exchange.js";
import { attachRedactor } from "../../../../../runner/http/exchangeRedactor.js";
import { createRedactor } from "../../../../../runner/http/redactSecrets.js";
import {
  answered,
  describeAnswer,
  judgeBody,
  mediaType,
  preview,
  type AnsweredExchange,
} from "../../../../../checks/_internals/judges/judgeExchange.js";
import { fakeExchange } from "../../../runner/engine/engineDoubles.js";

const failure = (kind: TransportFailureKind, message = `${kind} happened`) => ({ kind, message });
const answeredExchange = (status: number, json: unknown = { status }) =>
  fakeExchange({ status, json }) as AnsweredExchange;

describe("describeAnswer", () => {
  it("gives the status, and the transport failure beside it when there is one", () => {
    expect(describeAnswer(fakeExchange({ status: 404, json: {} }))).toBe("status 404");
    expect(
      describeAnswer(
        fakeExchange({ status: 200, text: "{", failure: failure("too-large", "response larger than 10 bytes.") }),
      ),
    ).toBe("status 200 (too-large: response larger than 10 bytes.)");
  });

  it("says what went wrong when no response came", () => {
    expect(
      describeAnswer(
        fakeExchange({ noResponse: true, failure: failure("timeout", "no response headers within 5000 ms") }),
      ),
    ).toBe("no response (timeout: no response headers within 5000 ms)");
    expect(describeAnswer(fakeExchange({ noResponse: true }))).toBe("no response (unknown: no detail)");
  });
});

describe("preview", () => {
  it("shows a short body whole, an empty one as (empty body), and cuts a long one saying how long it was", () => {
    expect(preview(fakeExchange({ status: 200, text: "short" }))).toBe("short");
    expect(preview(fakeExchange({ status: 200, text: "" }))).toBe("(empty body)");
    expect(preview(fakeExchange({ noResponse: true }))).toBe("(empty body)");
    expect(preview(fakeExchange({ status: 200, text: "x".repeat(301) }))).toBe(`${"x".repeat(300)}… (301 chars)`);
    expect(preview(fakeExchange({ status: 200, text: "x".repeat(300) }))).toBe("x".repeat(300));
    expect(preview(fakeExchange({ status: 200, text: "abcdef" }), 3)).toBe("abc… (6 chars)");
    // A secret whose start is all the cut keeps of it is still redacted.
    const secret = "tok-3f9a1c2b7e-SECRET";
    const cut = attachRedactor(
      fakeExchange({ status: 200, text: `${"x".repeat(294)}${secret}` }),
      createRedactor([{ value: secret, placeholder: "$CMS_TOKEN" }]),
    );
    expect(preview(cut)).toBe(`${"x".repeat(294)}$CMS_TOKEN… (315 chars)`);
  });
});

describe("answered", () => {
  it("accepts a response below 500 without failure, recording nothing", () => {
    for (const status of [200, 204, 301, 400, 404, 428, 430, 499]) {
      const judge = new Judgement("default");
      expect(answered(judge, "label", fakeExchange({ status, json: {} })), String(status)).toBe(true);
      expect(judge.verdict().outcome).toBe("passed");
    }
  });

  it("accepts a redirect that was not followed: the status is the answer to judge", () => {
    const judge = new Judgement("default");
    expect(
      answered(
        judge,
        "label",
        fakeExchange({ status: 302, text: "", failure: failure("redirect", "redirect (302) not followed.") }),
      ),
    ).toBe(true);
    expect(judge.verdict().outcome).toBe("passed");
  });

  it("fails a 5xx, whatever the check is about: a server error is never a conforming answer", () => {
    for (const status of [500, 501, 505]) {
      const judge = new Judgement("default");
      const exchange = fakeExchange({ status, json: { message: "boom" } });
      expect(answered(judge, "page 3", exchange)).toBe(false);
      expect(judge.verdict()).toMatchObject({
        outcome: "failed",
        message: `page 3 got status ${status}: a server error is never a conforming answer.`,
        expected: "a status below 500 (§7)",
        actual: `status ${status}: {"message":"boom"}`,
      });
      expect(judge.verdict().evidence.map((item) => [item.label, item.exchange])).toEqual([["page 3", exchange]]);
    }
  });

  it("records a 502, 503 or 504 as an error, never a failure: the target was not available (issue 48.4)", () => {
    for (const status of [502, 503, 504]) {
      const judge = new Judgement("default");
      expect(answered(judge, "page 3", fakeExchange({ status, json: { message: "busy" } }))).toBe(false);
      expect(judge.verdict()).toMatchObject({
        outcome: "error",
        message: `page 3: no complete answer to judge (unavailable: the target answered ${status} (not available now) after 0 wait(s); raise --max-retry-wait, or run when it is available).`,
      });
    }
  });

  // Only a complete answer can break a rule: transport trouble is an error naming its cause (README, "Verdicts").
  it.each<TransportFailureKind>(["timeout", "connection-reset", "protocol", "too-large", "too-deep"])(
    "records a response cut by %s as an error, never a failure: the body is not the target's answer",
    (kind) => {
      const judge = new Judgement("default");
      const exchange = fakeExchange({ status: 200, text: '{"wid', failure: failure(kind) });
      expect(answered(judge, "getWidget w1", exchange)).toBe(false);
      expect(judge.verdict()).toMatchObject({
        outcome: "error",
        message: `getWidget w1: no complete answer to judge (${kind}: ${kind} happened).`,
      });
      expect(judge.verdict().evidence).toHaveLength(1);
    },
  );

  it.each<TransportFailureKind>([
    "timeout",
    "connection-reset",
    "protocol",
    "other",
    "connection-refused",
    "dns",
    "tls",
    "proxy",
    "stopped",
  ])("records no response (%s) as an error naming the cause", (kind) => {
    const judge = new Judgement("default");
    expect(
      answered(
        judge,
        "l",
        fakeExchange({ noResponse: true, failure: failure(kind, `${kind}: ECONNREFUSED 127.0.0.1:9`) }),
      ),
    ).toBe(false);
    expect(judge.verdict()).toMatchObject({
      outcome: "error",
      message: `l: no complete answer to judge (${kind}: ${kind}: ECONNREFUSED 127.0.0.1:9).`,
    });
    expect(judge.verdict().evidence).toHaveLength(1);
  });

  it("falls back to a plain cause when a failure gave no message", () => {
    const judge = new Judgement("default");
    const exchange: Exchange = {
      ...fakeExchange({ noResponse: true }),
      failure: { kind: "dns", message: undefined as unknown as string },
    };
    answered(judge, "l", exchange);
    expect(judge.verdict().message).toBe("l: no complete answer to judge (dns: no response).");
  });

  it("records a 429 that outlasted the client's waits as an error, never a failure: nothing could be judged", () => {
    const judge = new Judgement("default");
    const exchange = { ...fakeExchange({ status: 429, json: {} }), retriesAfter429: 2 };
    expect(answered(judge, "page 4", exchange)).toBe(false);
    expect(judge.verdict()).toMatchObject({
      outcome: "error",
      message:
        "page 4: no complete answer to judge (rate-limited: the target still answered 429 (rate limited) after 2 wait(s); lower the request rate with --rate-limit).",
    });
    expect(judge.verdict().evidence.map((item) => item.exchange)).toEqual([exchange]);
  });

  it("keeps secrets of the failure out of the message: the target's words are redacted as they are embedded", () => {
    const judge = new Judgement("default");
    const exchange = attachRedactor(
      fakeExchange({
        noResponse: true,
        failure: failure("tls", "the certificate of https://h/t/tok-3f9a1c2b7e-SECRET is not trusted."),
      }),
      createRedactor([{ value: "tok-3f9a1c2b7e-SECRET", placeholder: "$CMS_TOKEN" }]),
    );
    answered(judge, "l", exchange);
    expect(judge.verdict().message).toBe(
      "l: no complete answer to judge (tls: the certificate of https://h/t/$CMS_TOKEN is not trusted).",
    );
  });
});

describe("judgeBody", () => {
  const WIDGET = {
    id: "widget://acme.com.br/platform/cms/kpi",
    name: "platform.cms.kpi",
    description: "platform.cms.kpi.description",
    permission: { resource: "res://acme.com.br/kpi", action: "Visualizar" },
    url: "https://example.com/kpi",
    thumbnailURL: "https://example.com/kpi.png",
    tags: ["kpi"],
    preferredSize: { height: 2, width: 3 },
  };
  const ORDER = { schema: "s", table: "t", column: "c", function: "SUM", order: "ASC" };
  /** An analytic with `count` orders outside ASC/DESC: as many departures from register order-direction-values. */
  const orderedAnalytic = (count: number) => ({
    analytic: {
      id: "analytic://t/a",
      name: "a",
      title: "a",
      chart: {
        type: "GAUGE",
        series: [],
        datasetId: "dataset://t/d",
        filter: {},
        order: Array.from({ length: count }, () => ({ ...ORDER, order: "ascending" })),
      },
      preferredSize: { height: 1, width: 1 },
      tags: [],
      properties: [],
      createdBy: "u",
      createdDate: "2024-01-01T00:00:00.000Z",
    },
  });

  it("witnesses a body valid against the schema and returns true", () => {
    const judge = new Judgement("default");
    const exchange = answeredExchange(200, WIDGET);
    expect(judgeBody(judge, "getWidget w", exchange, "getWidget.response", "4.4")).toBe(true);
    expect(judge.verdict().outcome).toBe("passed");
    expect(judge.verdict().evidence).toEqual([{ label: "getWidget w", exchange }]);
  });

  it("fails a body that is not JSON, showing its start", () => {
    const judge = new Judgement("default");
    expect(
      judgeBody(
        judge,
        "getWidget w",
        fakeExchange({ status: 200, text: "<html>" }) as AnsweredExchange,
        "getWidget.response",
        "4.4",
      ),
    ).toBe(false);
    expect(judge.verdict()).toMatchObject({
      outcome: "failed",
      message: "getWidget w: the body is not JSON, so it cannot be the §4.4 getWidget.response body.",
      expected: "a JSON getWidget.response body (§4.4)",
      actual: "<html>",
    });
  });

  it("fails a body that breaks what the spec states, listing the issues with the evidence", () => {
    const judge = new Judgement("default");
    expect(
      judgeBody(
        judge,
        "getWidget w",
        answeredExchange(200, { ...WIDGET, id: "kpi", tags: "kpi" }),
        "getWidget.response",
        "4.4",
      ),
    ).toBe(false);
    const verdict = judge.verdict();
    expect(verdict.outcome).toBe("failed");
    const issues = [
      String.raw`/id must match pattern "^widget://[^/\s]+(/[^/\s]+)*$" {"pattern":"^widget://[^/\\s]+(/[^/\\s]+)*$"} (schema #/properties/id/pattern)`,
      '/tags must be array {"type":"array"} (schema #/properties/tags/type)',
    ];
    expect(verdict.message).toBe(`getWidget w: the body breaks the getWidget.response schema: ${issues.join("; ")}`);
    expect(verdict.expected).toBe("a body valid against getWidget.response (§4.4)");
    expect(verdict.actual).toBe(issues.join("\n"));
    expect(verdict.evidence[0]?.schemaIssues?.length).toBe(2);
  });

  it("lists at most three issues in the message, all of them in actual", () => {
    const judge = new Judgement("default");
    judgeBody(
      judge,
      "w",
      answeredExchange(200, { id: 1, name: 2, url: 3, tags: 4, description: 5 }),
      "getWidget.response",
      "4.4",
    );
    const verdict = judge.verdict();
    expect(verdict.message.split("; ")).toHaveLength(3);
    expect(verdict.actual?.split("\n").length).toBeGreaterThan(3);
  });

  it("says how many issues the message leaves out: none at three, the rest past three, the count past the fifty kept, or that a large body was sampled", () => {
    const messageOf = (name: string, body: unknown) => {
      const judge = new Judgement("default");
      judgeBody(judge, "b", answeredExchange(200, body), name, "4");
      return judge.verdict();
    };
    expect(messageOf("getWidget.response", { ...WIDGET, id: 1, name: 2, url: 3 }).message).not.toMatch(/more\)$/);
    const four = messageOf("getWidget.response", { ...WIDGET, id: 1, name: 2, url: 3, tags: 4 });
    expect(four.message).toMatch(/ \(\+1 more\)$/);
    expect(four.actual?.split("\n")).toHaveLength(4);
    expect(four.actual).not.toContain("more");
    const widgets = (count: number) => ({
      widgets: Array.from({ length: count }, () => ({ ...WIDGET, id: 1 })),
      listInformation: { totalElements: count, totalPages: count / 10 },
    });
    const many = messageOf("listFactoryDefaultWidgets.response", widgets(60));
    expect(many.message).toMatch(/ \(\+59 more\)$/);
    expect(many.actual?.split("\n")).toHaveLength(50);
    expect(many.actual).toMatch(/ \(\+12 more\)$/);
    const large = messageOf("listFactoryDefaultWidgets.response", widgets(3000));
    expect(large.message).toMatch(/ \(\+ more: a large body, of which the first issues are shown\)$/);
    expect(large.actual).toMatch(/ \(\+ more: a large body, of which the first issues are shown\)$/);
  });

  it("shows the exchange of a body that is not JSON", () => {
    const judge = new Judgement("default");
    const exchange = fakeExchange({ status: 200, text: "<html>" }) as AnsweredExchange;
    judgeBody(judge, "w", exchange, "getWidget.response", "4.4");
    expect(judge.verdict().evidence).toEqual([{ label: "w", exchange }]);
  });

  it("departs once per register whose default a body breaks, at most three issues each in the message, and still returns true", () => {
    const judge = new Judgement("default");
    const body = orderedAnalytic(5);
    const exchange = answeredExchange(200, body);
    const issues = validateBody("getAnalytic.response", body).registerDefaults;
    const lines = issues.map(formatSchemaIssue);
    expect(lines).toHaveLength(5);
    expect(judgeBody(judge, "a1", exchange, "getAnalytic.response", "4.3")).toBe(true);
    const single = { widgets: WIDGET, listInformation: { totalElements: 1, totalPages: 1 } };
    const listing = answeredExchange(200, single);
    expect(judgeBody(judge, "l", listing, "listFactoryDefaultWidgets.response", "4.1")).toBe(true);
    const [shape] = validateBody("listFactoryDefaultWidgets.response", single).registerDefaults.map(formatSchemaIssue);
    const verdict = judge.verdict();
    expect(verdict.outcome).toBe("warning");
    expect(verdict.registerRefs).toEqual(["order-direction-values", "list-collection-shape"]);
    // Each line of the message without its own tag: the departure tags it with its register once.
    const untagged = (line: string) => line.replace(/ \[register: [a-z-]+\]$/, "");
    expect(verdict.message).toBe(
      `a1: ${lines.slice(0, 3).map(untagged).join("; ")} (+2 more) [register: order-direction-values] (+1 more finding)\n- l: ${untagged(shape as string)} [register: list-collection-shape]`,
    );
    expect(verdict.message.match(/\[register: order-direction-values\]/g)).toHaveLength(1);
    expect(verdict.expected).toBe("the register's default for order-direction-values");
    expect(verdict.actual).toBe(lines.join("\n"));
    expect(verdict.evidence).toEqual([
      { label: "a1", exchange, schemaIssues: issues },
      {
        label: "l",
        exchange: listing,
        schemaIssues: validateBody("listFactoryDefaultWidgets.response", single).registerDefaults,
      },
    ]);
  });

  it("says no more when a register has exactly three issues", () => {
    const judge = new Judgement("default");
    const body = orderedAnalytic(3);
    judgeBody(judge, "a", answeredExchange(200, body), "getAnalytic.response", "4.3");
    const lines = validateBody("getAnalytic.response", body).registerDefaults.map((issue) =>
      formatSchemaIssue({ ...issue, register: undefined }),
    );
    expect(lines).toHaveLength(3);
    expect(judge.verdict().message).toBe(`a: ${lines.join("; ")} [register: order-direction-values]`);
  });

  it("fails under --profile strict where the default profile departs", () => {
    const judge = new Judgement("strict");
    const body = orderedAnalytic(1);
    judgeBody(judge, "a", answeredExchange(200, body), "getAnalytic.response", "4.3");
    const lines = validateBody("getAnalytic.response", body).registerDefaults.map((issue) =>
      formatSchemaIssue({ ...issue, register: undefined }),
    );
    expect(judge.verdict()).toMatchObject({
      outcome: "failed",
      message: `a: ${lines.join("; ")} [register: order-direction-values]`,
    });
  });
});

describe("mediaType", () => {
  const withType = (headers: Record<string, string>) =>
    fakeExchange({ status: 200, text: "{}", headers }) as AnsweredExchange;

  it("reads Content-Type in any case of the name, without parameters, lower-cased", () => {
    expect(mediaType(withType({ "content-type": "application/json" }))).toBe("application/json");
    expect(mediaType(withType({ "Content-Type": "Application/JSON; charset=utf-8" }))).toBe("application/json");
    expect(mediaType(withType({ "CONTENT-TYPE": " text/plain ;x=1" }))).toBe("text/plain");
  });

  it("is empty without a Content-Type", () => {
    expect(mediaType(withType({ "x-content-type": "application/json" }))).toBe("");
    expect(mediaType(withType({}))).toBe("");
  });
});
