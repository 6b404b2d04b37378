/** Hostile answers that are whole and well-formed but unwelcome: errors, refusals, redirects, HTML for JSON. */
import { JSON_HEADERS, type HostileAnswers, type HostileExchange } from "../HostileExchange.js";

/** 429 (or rateLimitedStatus) with Retry-After for the first rateLimitedTimes hits of a path, then 200. */
function rateLimited({ path, response, settings, hits }: HostileExchange): void {
  const seen = hits(path);
  if (seen <= settings.rateLimitedTimes) {
    const headers: Record<string, string> = { ...JSON_HEADERS };
    if (settings.retryAfter !== null) headers["retry-after"] = settings.retryAfter;
    response.writeHead(settings.rateLimitedStatus, headers).end(JSON.stringify({ error: "not now" }));
  } else response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ ok: true, after: seen - 1 }));
}

/** "ok", "non-json", "redirect", "rate-limited", "error-500" and "error-503". */
export const STATUS_ANSWERS = {
  ok: ({ response }) => response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ ok: true })),
  "non-json": ({ response }) =>
    response.writeHead(200, JSON_HEADERS).end("<html><body>Service Unavailable</body></html>"),
  redirect: ({ path, response, decoyOrigin }) =>
    response.writeHead(302, { location: `${decoyOrigin}/collect${path}` }).end(),
  "rate-limited": rateLimited,
  "error-500": ({ response }) => response.writeHead(500, JSON_HEADERS).end(JSON.stringify({ error: "internal error" })),
  "error-503": ({ response }) => response.writeHead(503, JSON_HEADERS).end(JSON.stringify({ error: "unavailable" })),
} satisfies HostileAnswers;
