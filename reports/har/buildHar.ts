/**
 * The run's exchanges as an HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/),
 * to open in a browser's network panel or any HAR viewer. Secrets are already placeholders in the
 * exchanges; a request that got no answer has status 0, as browsers export failed requests.
 */
import { STATUS_CODES } from "node:http";
import type { Entry, Har, Header, QueryString } from "har-format";
import type { ExchangeLogSnapshot, LoggedExchange } from "../../runner/model/ExchangeLogSnapshot.js";

/** What the HAR says about the run that made it. */
export interface HarRunFacts {
  readonly creatorVersion: string;
  readonly seed: number;
  readonly baseUrl: string;
}

function headerList(headers: Readonly<Record<string, string>>): Header[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function queryString(url: string): QueryString[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const byteLength = (text: string | undefined): number => (text === undefined ? 0 : Buffer.byteLength(text, "utf8"));

/** Wall time split as HAR wants it: nothing measured before sending, wait until the headers, receive after. */
function timings(exchange: LoggedExchange): Entry["timings"] {
  const total = Math.max(0, exchange.durationMs);
  const wait = Math.min(total, Math.max(0, exchange.timeToHeadersMs ?? total));
  return { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: Math.round((total - wait) * 10) / 10 };
}

/** What the entry's comment says: the transport failure, a body cut at the size cap or left out of the log. */
function notesOf(exchange: LoggedExchange): string[] {
  const { response, failure } = exchange;
  return [
    ...(failure ? [`${failure.kind}: ${failure.message}`] : []),
    ...(response?.truncated ? [`the body was cut at the suite's size cap; ${response.bodyBytes} bytes arrived`] : []),
    ...(exchange.bodyCharsCut > 0 ? [`${exchange.bodyCharsCut} characters of body text left out of this log`] : []),
  ];
}

function requestOf(request: LoggedExchange["request"]): Entry["request"] {
  const requestType = headerValue(request.headers, "content-type") ?? "application/json";
  return {
    method: request.method,
    url: request.url,
    httpVersion: "HTTP/1.1",
    cookies: [],
    headers: headerList(request.headers),
    queryString: queryString(request.url),
    ...(request.body === undefined ? {} : { postData: { mimeType: requestType, text: request.body } }),
    headersSize: -1,
    bodySize: byteLength(request.body),
  };
}

/** The response; a request that got none has status 0, as browsers export failed requests. */
function responseOf(response: LoggedExchange["response"]): Entry["response"] {
  if (!response) {
    return {
      status: 0,
      statusText: "",
      httpVersion: "",
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: "x-unknown" },
      redirectURL: "",
      headersSize: -1,
      bodySize: -1,
    };
  }
  return {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? "",
    httpVersion: "HTTP/1.1",
    cookies: [],
    headers: headerList(response.headers),
    content: {
      size: response.bodyBytes,
      mimeType: headerValue(response.headers, "content-type") ?? "x-unknown",
      text: response.bodyText,
    },
    redirectURL: headerValue(response.headers, "location") ?? "",
    headersSize: -1,
    bodySize: response.bodyBytes,
  };
}

function entryOf(exchange: LoggedExchange): Entry {
  const notes = notesOf(exchange);
  return {
    startedDateTime: exchange.startedAt,
    time: Math.max(0, exchange.durationMs),
    request: requestOf(exchange.request),
    response: responseOf(exchange.response),
    cache: {},
    timings: timings(exchange),
    ...(notes.length > 0 ? { comment: notes.join("; ") } : {}),
  };
}

/** The HAR of a run's exchange log, entries in the order they started. */
export function buildHar(log: ExchangeLogSnapshot, run: HarRunFacts): Har {
  const entries = log.entries.map(entryOf).sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  const kept =
    log.dropped > 0
      ? `the last ${log.entries.length} of ${log.seen} exchanges (the log keeps at most ${log.limit}, ` +
        `and bodies within a memory bound; the first ${log.dropped} were dropped)`
      : `all ${log.seen} exchanges`;
  return {
    log: {
      version: "1.2",
      creator: { name: "cms-conformance", version: run.creatorVersion },
      entries,
      comment:
        `cms-conformance run against ${run.baseUrl}, seed ${run.seed}: ${kept}. ` +
        `Credentials appear as $CMS_* placeholders; bodies longer than ${log.maxBodyChars} characters are cut.`,
    },
  };
}
