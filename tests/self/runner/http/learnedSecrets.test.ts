import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { announceLearnedSecret, listenForLearnedSecrets } from "../../../../runner/http/learnedSecrets.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("learned secrets", () => {
  it("reach a listener of the same thread", async () => {
    const listener = listenForLearnedSecrets();
    try {
      announceLearnedSecret({ value: "renewed-token-1", placeholder: "$CMS_TOKEN" });
      await settle();
      expect(listener.secrets()).toEqual([{ value: "renewed-token-1", placeholder: "$CMS_TOKEN" }]);
    } finally {
      listener.close();
    }
  });

  it("reach the listener from a worker thread, as from the thread that runs the checks", async () => {
    const listener = listenForLearnedSecrets();
    try {
      const worker = new Worker(
        `const { BroadcastChannel } = require("node:worker_threads");
         const channel = new BroadcastChannel("cms-conformance-learned-secrets");
         channel.postMessage({ value: "renewed-in-worker", placeholder: "$CMS_RESTRICTED_TOKEN" });
         channel.close();`,
        { eval: true },
      );
      await new Promise((resolve) => worker.once("exit", resolve));
      await settle();
      expect(listener.secrets()).toEqual([{ value: "renewed-in-worker", placeholder: "$CMS_RESTRICTED_TOKEN" }]);
    } finally {
      listener.close();
    }
  });

  it("are not collected once the listener is closed", async () => {
    const listener = listenForLearnedSecrets();
    listener.close();
    announceLearnedSecret({ value: "too-late", placeholder: "$CMS_TOKEN" });
    await settle();
    expect(listener.secrets()).toEqual([]);
  });
});
