/**
 * "No interface here" (issue 41.5): an answer no implementation of §4 could give to a valid request — 404,
 * 405 or 501 without the §7 body a read gives for an unknown id, an HTML page, an empty 2xx. When every
 * operation answers so, the base URL serves no interface (a static file server, a wrong prefix, a stub) and
 * the run stops after its first probes with one sentence. Judged by all operations together: a real target
 * answers 404 to a read of an id it lacks, but never a listing, and never with an HTML page. A JSON object
 * labelled text/html is not an HTML page: it is the interface breaking §4's content type, which the checks judge.
 */
import type { Exchange } from "./model/Exchange.js";

/** Statuses the interface never gives to a valid request of any of its operations as a whole (§7 lists its errors). */
const NOT_SERVED = new Set([404, 405, 501]);

/**
 * An HTML page: labelled text/html or starting as one, and not a JSON object. A JSON object under
 * text/html is the interface's body under a wrong content type: judged (http.json-content-type), not stopped.
 */
function isHtml(exchange: Exchange): boolean {
  const type = exchange.response?.headers["content-type"] ?? "";
  const json = exchange.json;
  if (exchange.isJson && typeof json === "object" && json !== null && !Array.isArray(json)) return false;
  return /^\s*text\/html\b/i.test(type) || /^\s*<(!doctype|html)\b/i.test(exchange.response?.bodyText ?? "");
}

/** A §7 error body: the JSON object of a real implementation's refusal (a read's 404 for an unknown id). */
function isErrorBody(exchange: Exchange): boolean {
  const json = exchange.json;
  return typeof json === "object" && json !== null && !Array.isArray(json) && "reason" in json;
}

/** What the answer is, in words, when no implementation of §4 could give it to a valid request; undefined otherwise. */
function noInterfaceAnswer(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (response === undefined) return undefined;
  if (isHtml(exchange)) return `an HTML page (${response.status})`;
  if (NOT_SERVED.has(response.status) && !isErrorBody(exchange)) return String(response.status);
  if (response.status >= 200 && response.status < 300 && response.bodyText.trim() === "")
    return `an empty ${response.status}`;
  return undefined;
}

/** The sentence stopping a run whose every operation answered as no interface does; undefined when one did not. */
export function noInterfaceSentence(baseUrl: string, answers: readonly Exchange[]): string | undefined {
  const words = answers.map(noInterfaceAnswer);
  if (words.length === 0 || words.some((word) => word === undefined)) return undefined;
  const seen = [...new Set(words)].join(", ");
  return (
    `no interface answers under ${baseUrl}: every operation answered a valid request with what no implementation ` +
    `of §4 gives (${seen}); check the base URL's path prefix (e.g. https://host/prefix), ` +
    "or give --operation-path where the deployment serves an operation elsewhere"
  );
}
