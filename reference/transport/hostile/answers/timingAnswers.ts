/** Hostile answers that take their time: late, never, or a trickle that never ends. */
import { JSON_HEADERS, type HostileAnswers, type HostileExchange } from "../HostileExchange.js";

/** Chunked body, one small chunk every chunkIntervalMs, forever. */
function endless({ response, settings, later, countStreamed }: HostileExchange): void {
  response.writeHead(200, JSON_HEADERS); // chunked, no length
  response.write("[");
  later(
    settings.chunkIntervalMs,
    () => {
      const chunk = '"more",';
      countStreamed(chunk.length);
      response.write(chunk);
    },
    true,
  );
}

/** "slow", "late-headers", "never-answer" and "endless". */
export const TIMING_ANSWERS = {
  slow: ({ response, settings, later }) =>
    later(settings.slowMs, () => response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ ok: true }))),
  "late-headers": ({ response, settings, later }) =>
    later(settings.lateHeadersMs, () => response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ late: true }))),
  "never-answer": () => undefined,
  endless,
} satisfies HostileAnswers;
