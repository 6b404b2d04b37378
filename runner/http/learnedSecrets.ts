/**
 * Secrets the run learns while it runs (a token obtained anew after a 401) reach every writer: the
 * HTTP client that learns one, in the worker thread that runs the checks, announces it on a
 * BroadcastChannel, and the process that writes the reports listens. Both ends are threads of one
 * process (the conformance project runs in vitest's "threads" pool, or in process).
 */
import { BroadcastChannel } from "node:worker_threads";

const CHANNEL = "cms-conformance-learned-secrets";

/** A secret and what stands for it in reports. */
export interface LearnedSecret {
  readonly value: string;
  readonly placeholder: string;
}

/** Tells every listener of this process about `secret`. */
export function announceLearnedSecret(secret: LearnedSecret): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ value: secret.value, placeholder: secret.placeholder });
  channel.close();
}

/** Collects the secrets announced from now on, until closed. */
export function listenForLearnedSecrets(): { secrets(): readonly LearnedSecret[]; close(): void } {
  const learned: LearnedSecret[] = [];
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    const data = (event as { data?: unknown }).data as Partial<LearnedSecret> | undefined;
    if (typeof data?.value === "string" && typeof data.placeholder === "string")
      learned.push({ value: data.value, placeholder: data.placeholder });
  };
  // Listening never keeps the process alive.
  channel.unref();
  return { secrets: () => [...learned], close: () => channel.close() };
}
