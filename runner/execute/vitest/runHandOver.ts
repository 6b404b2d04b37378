/**
 * Hands the run to the vitest worker after the worker has started: vitest starts loading the checks
 * while the CLI still reads its configuration and asks the target (about 0.2 s of the start-up at
 * issue 28.3/28.4's measure), and the worker waits here for the settings and the pairs to run.
 * A BroadcastChannel reaches every thread of the process; a message sent before the worker listens
 * is lost, so the worker says it is waiting and the CLI's side answers with what it decided, if anything.
 */
import { randomUUID } from "node:crypto";
import { BroadcastChannel } from "node:worker_threads";
import type { ProvidedRun } from "./vitestBridge.js";

type HandOverMessage =
  { readonly kind: "waiting" } | { readonly kind: "run"; readonly run: ProvidedRun } | { readonly kind: "cancel" };

/** The CLI's side: decides once, the run or its cancellation. */
export interface RunHandOver {
  /** The channel's name, which the worker is given (vitest's provide). */
  readonly name: string;
  send(run: ProvidedRun): void;
  /** The run will not come (it stopped before its checks): the worker registers no test. */
  cancel(): void;
  close(): void;
}

/** Opens the CLI's side of a new channel; it never keeps the process alive. */
export function openRunHandOver(): RunHandOver {
  const name = `cms-conformance-run-${randomUUID()}`;
  const channel = new BroadcastChannel(name);
  channel.unref();
  let decided: HandOverMessage | undefined;
  channel.onmessage = (event) => {
    if ((event as { readonly data: HandOverMessage }).data.kind === "waiting" && decided) channel.postMessage(decided);
  };
  const decide = (message: HandOverMessage) => {
    if (decided) return;
    decided = message;
    channel.postMessage(message);
  };
  return {
    name,
    send: (run) => decide({ kind: "run", run }),
    cancel: () => decide({ kind: "cancel" }),
    close: () => channel.close(),
  };
}

/** The worker's side: the run, or undefined once the CLI cancelled it. */
export function receiveRun(name: string): Promise<ProvidedRun | undefined> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event) => {
      // Another worker's "waiting" (or anything else on the channel) is not for this one.
      const message = (event as { readonly data: HandOverMessage | undefined }).data;
      if (message?.kind !== "run" && message?.kind !== "cancel") return;
      channel.close();
      resolve(message.kind === "run" ? message.run : undefined);
    };
    channel.postMessage({ kind: "waiting" } satisfies HandOverMessage);
  });
}
