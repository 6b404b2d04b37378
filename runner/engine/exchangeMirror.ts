/**
 * The HAR of an interrupted run (issue 41.3): the checks' thread posts each exchange it keeps (redacted and
 * cut, as its log keeps it) on a channel of the run, and the CLI's thread keeps a mirror. A run ended by
 * SIGINT or SIGTERM closes the checks' thread before it can hand its log over; the mirror still holds what
 * was exchanged. Both ends are threads of one process (learnedSecrets.ts does the same for tokens).
 */
import { randomUUID } from "node:crypto";
import { BroadcastChannel } from "node:worker_threads";
import type { ExchangeLogSnapshot, LoggedExchange } from "../model/ExchangeLogSnapshot.js";
import { ExchangeLog } from "./ExchangeLog.js";

/** The sending end: posts each kept entry on the channel `name`. */
export function exchangePoster(name: string): (entry: LoggedExchange) => void {
  let channel: BroadcastChannel | undefined;
  return (entry) => {
    if (channel === undefined) {
      channel = new BroadcastChannel(name);
      // Posting never keeps the thread alive.
      channel.unref();
    }
    channel.postMessage(entry);
  };
}

/** The CLI's end: a log of `limit` entries fed by the channel, until closed. */
export interface ExchangeMirror {
  /** The channel's name, for the run's settings (exchangeChannel). */
  readonly name: string;
  /** The entries received so far, once the messages already posted have arrived. */
  snapshot(): Promise<ExchangeLogSnapshot>;
  close(): void;
}

/** Opens a mirror on a new channel. */
export function openExchangeMirror(limit: number): ExchangeMirror {
  const name = `cms-conformance-exchanges-${randomUUID()}`;
  const log = new ExchangeLog(limit);
  const channel = new BroadcastChannel(name);
  channel.unref();
  channel.onmessage = (event) => log.keep((event as { data: LoggedExchange }).data);
  return {
    name,
    snapshot: async () => {
      // Messages posted before the checks' thread ended are delivered on later turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return log.snapshot();
    },
    close: () => channel.close(),
  };
}
