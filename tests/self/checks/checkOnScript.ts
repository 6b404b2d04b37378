/** Runs one check of the catalogue against a scripted target (no server), for unit tests of a check's branches. */
import type { OperationName } from "../../../contract/operations.js";
import { runCheck } from "../../../runner/engine/runCheck.js";
import type { TargetSession } from "../../../runner/engine/TargetSession.js";
import type { OutgoingRequest } from "../../../runner/http/types.js";
import type { CheckResult } from "../../../runner/model/RunReport.js";
import type { RunSettings } from "../../../runner/model/RunSettings.js";
import { CHECK_CATALOGUE } from "../../../checks/checkCatalogue.js";
import { scriptedSession, type FakeAnswer, type ScriptedClient } from "../runner/engine/engineDoubles.js";

/** The JSON body of a request, or undefined. */
export function jsonOf(request: OutgoingRequest): Record<string, unknown> {
  if (request.body && "raw" in request.body) {
    // Raw text that is JSON (a body written with other escapes, RFC 8259 §7) reads as a JSON parser reads it.
    try {
      const parsed: unknown = JSON.parse(request.body.raw);
      return (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return (request.body && "json" in request.body ? request.body.json : {}) as Record<string, unknown>;
}

/** The verdict of `checkId` on `operation` against a target answering with `answer`, the client that recorded the requests, and the session. */
export async function checkOnScript(
  checkId: string,
  operation: OperationName,
  answer: (request: OutgoingRequest, index: number) => FakeAnswer,
  settings: Partial<RunSettings> = {},
): Promise<{ result: CheckResult; client: ScriptedClient; session: TargetSession }> {
  const check = CHECK_CATALOGUE.checks.find((candidate) => candidate.id === checkId);
  if (!check) throw new Error(`no check ${checkId}`);
  const { session, client } = scriptedSession(answer, settings);
  return { result: await runCheck(check, operation, session), client, session };
}
