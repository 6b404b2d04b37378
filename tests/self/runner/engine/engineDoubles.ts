/**
 * Small doubles of the engine's collaborators for unit tests: exchanges built by hand, settings
 * with every field stated, and an HttpClient that answers from a function and records what it got.
 */
import { TargetSession } from "../../../../runner/engine/TargetSession.js";
import type { Exchange, TransportFailure } from "../../../../runner/model/Exchange.js";
import type { ClientStop, HttpClient, HttpClientStats, OutgoingRequest } from "../../../../runner/http/types.js";
import type { RunSettings } from "../../../../runner/model/RunSettings.js";

/** What a fake answer holds; everything is optional. */
export interface FakeAnswer {
  readonly status?: number;
  /** A JSON body (serialised into bodyText); wins over `text`. */
  readonly json?: unknown;
  /** A body that is not JSON. */
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly failure?: TransportFailure;
  /** No status line at all (refused, reset before headers, timed out before headers). */
  readonly noResponse?: boolean;
}

/** An exchange as the HTTP client would record it for `answer`. */
export function fakeExchange(answer: FakeAnswer = {}, request: Partial<Exchange["request"]> = {}): Exchange {
  const hasJson = "json" in answer;
  const bodyText = hasJson ? JSON.stringify(answer.json) : (answer.text ?? "");
  return {
    request: { method: "POST", url: "http://target.test/platform/cms/getWidget", headers: {}, body: "{}", ...request },
    ...(answer.noResponse
      ? {}
      : {
          response: {
            status: answer.status ?? 200,
            headers: answer.headers ?? (hasJson ? { "content-type": "application/json" } : {}),
            bodyText,
            truncated: false,
            bodyBytes: bodyText.length,
          },
        }),
    ...(hasJson && !answer.noResponse ? { json: answer.json } : {}),
    isJson: hasJson && !answer.noResponse,
    ...(answer.failure ? { failure: answer.failure } : {}),
    startedAt: "2030-01-01T00:00:00.000Z",
    durationMs: 1,
    curl: "curl -X POST http://target.test",
    retriesAfter429: 0,
  };
}

/** Settings of a run against a fake target; every field explicit so tests read what they change. */
export function testSettings(overrides: Partial<RunSettings> = {}): RunSettings {
  return {
    baseUrl: "http://target.test",
    embedded: false,
    credentials: { clientId: "client-id-1234", token: "token-abcdef", restrictedToken: "restricted-987654" },
    fixtures: { analyticIds: ["analytic://tenant/a1"], roles: ["r1", "r2"], domainName: "hcm", serviceName: "payroll" },
    profile: "default",
    seed: 7,
    maxExamples: 5,
    timeoutMs: 1000,
    concurrency: 1,
    maxConcurrency: 32,
    maxRetryWaitMs: 30_000,
    maxRunTimeMs: 900_000,
    maxPageSize: 100,
    maxPagesWalked: 50,
    checks: [],
    excludeChecks: [],
    operations: [],
    ...overrides,
  };
}

/** An HttpClient answering each request with `answer(request)`, keeping every request it was sent. */
export class ScriptedClient implements HttpClient {
  readonly sent: OutgoingRequest[] = [];
  closed = false;

  constructor(private readonly answer: (request: OutgoingRequest, index: number) => FakeAnswer | Exchange) {}

  async send(request: OutgoingRequest): Promise<Exchange> {
    this.sent.push(request);
    const answer = this.answer(request, this.sent.length - 1);
    if ("isJson" in answer) return answer;
    const body =
      request.body === undefined
        ? undefined
        : "raw" in request.body
          ? request.body.raw
          : JSON.stringify(request.body.json);
    return fakeExchange(answer, {
      url: `http://target.test${request.path}`,
      headers: request.headers,
      ...(body !== undefined ? { body } : {}),
    });
  }

  stats(): HttpClientStats {
    return { requests: this.sent.length, retries429: 0, transportFailures: 0 };
  }

  durationsByPath(): ReadonlyMap<string, readonly number[]> {
    return new Map([["/x", [1, 2]]]);
  }

  /** Never stops: the scripted target answers whatever it is asked. */
  stopped(): undefined {
    return undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** The JSON bodies sent, in order. */
  jsonBodies(): unknown[] {
    return this.sent.map((request) => (request.body && "json" in request.body ? request.body.json : undefined));
  }
}

/** A scripted client that stops sending when told to, as the real one does when the target stops answering. */
export class StoppingClient extends ScriptedClient {
  stop: ClientStop | undefined;
  override stopped(): undefined {
    return this.stop as undefined;
  }
}

/** A session over a scripted client. */
export function scriptedSession(
  answer: (request: OutgoingRequest, index: number) => FakeAnswer | Exchange,
  settings: Partial<RunSettings> = {},
): { session: TargetSession; client: ScriptedClient } {
  const client = new ScriptedClient(answer);
  return { session: new TargetSession(testSettings(settings), client), client };
}
