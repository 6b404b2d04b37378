/** Authentication (§5, §7): bearer token on the content management operations, client_id on all. */
import { ALL_OPERATIONS, CMS_OPERATIONS } from "../../../contract/operations.js";
import type { CheckDefinition } from "../../../runner/engine/CheckDefinition.js";
import { evidence } from "../../../runner/engine/Judgement.js";
import { answered, judgeBody, preview } from "./_internals/judgeExchange.js";
import { judgeStatus } from "./_internals/judgeStatus.js";
import { formatSchemaIssue, validateBody } from "../../../contract/validators.js";
import { wellFormedRequestBody } from "./_internals/sampleRequests.js";

/** Checks of the auth family. */
export const authChecks: readonly CheckDefinition[] = [
  {
    id: "auth.missing-token-401",
    title: "A request without a bearer token is refused with 401",
    rule: "The four content management operations require Authorization: Bearer <token> (§5); invalid credentials get 401 (§7).",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: CMS_OPERATIONS,
    registerRefs: ["missing-credentials-status"],
    async run({ operation, target, judge }) {
      const label = "request without Authorization";
      const exchange = await target.send(operation, { caller: "no-token", json: await wellFormedRequestBody(target, operation) });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, { accept: [401], expected: "401: the operation requires a bearer token (§5, §7)", register: "missing-credentials-status" });
    },
  },
  {
    id: "auth.invalid-token-401",
    title: "A request with an invalid bearer token gets 401",
    rule: "When credentials are invalid, the response is 401 (§5, §7).",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: CMS_OPERATIONS,
    registerRefs: [],
    async run({ operation, target, judge }) {
      const label = "request with a bearer token the target never issued";
      const exchange = await target.send(operation, { caller: "invalid-token", json: await wellFormedRequestBody(target, operation) });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, { accept: [401], expected: "401: invalid credentials (§5, §7)" });
    },
  },
  {
    id: "auth.missing-client-id-refused",
    title: "A request without the client_id header is refused",
    rule: "All five operations send the client_id header (§5); a request without it is refused with 400 or 401 (§7).",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["missing-client-id"],
    async run({ operation, target, judge }) {
      const label = "request with a valid token but no client_id header";
      const exchange = await target.send(operation, { caller: "no-client-id", json: await wellFormedRequestBody(target, operation) });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, { accept: [400, 401], expected: "400 or 401: every operation needs client_id (§5; register missing-client-id)", register: "missing-client-id" });
    },
  },
];
