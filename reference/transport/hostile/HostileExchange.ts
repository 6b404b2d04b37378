/** What an answer of the hostile target gets to misbehave with. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HostileBehaviour } from "./hostileBehaviours.js";
import type { HostileSettings } from "./hostileSettings.js";

/** One request, read to its end, and the tools of the target it reached. */
export interface HostileExchange {
  /** The request's path, without the query. */
  readonly path: string;
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly settings: HostileSettings;
  /** The decoy's origin, another host (where "redirect" points). */
  readonly decoyOrigin: string;
  /** A timer cleared on close and when this answer ends or its connection goes away. */
  later(ms: number, action: () => void, repeat?: boolean): void;
  /** A big body, built once per key on first use. */
  cachedBody(key: string, build: () => string): Buffer;
  /** Adds to the bytes of body streamed by "huge" and "endless". */
  countStreamed(bytes: number): void;
  /** Requests received on this path so far, this one included. */
  hits(path: string): number;
  /** The gzip bomb's body (bombBytes of zeros, gzipped), made once. */
  gzipBomb(): Promise<Buffer>;
}

/** Answers one exchange in one hostile way. */
export type HostileAnswer = (exchange: HostileExchange) => void;

/** Answers for some of the behaviours. */
export type HostileAnswers = Partial<Record<HostileBehaviour, HostileAnswer>>;

/** The Content-Type of every JSON answer. */
export const JSON_HEADERS = { "content-type": "application/json" } as const;
