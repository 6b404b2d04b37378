/** Authentication (§5, §7): bearer token on the content management operations, client_id on all. */
import { ALL_OPERATIONS, CMS_OPERATIONS } from "../contract/operations.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { evidence } from "../runner/engine/Judgement.js";
import { answered, judgeBody, preview } from "./_internals/judges/judgeExchange.js";
import { judgeStatus } from "./_internals/judges/judgeStatus.js";
import { formatSchemaIssue } from "../contract/schemaIssue.js";
import { validateBody } from "../contract/validators.js";
import { wellFormedRequestBody } from "./_internals/requests/sampleRequests.js";
import { NEAR_MISS_KINDS, NEAR_MISS_LABELS } from "../runner/engine/nearMissTokens.js";
import type { Caller } from "../runner/engine/TargetSession.js";

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
      const exchange = await target.send(operation, {
        caller: "no-token",
        json: await wellFormedRequestBody(target, operation),
      });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, {
        accept: [401],
        expected: "401: the operation requires a bearer token (§5, §7)",
        register: "missing-credentials-status",
      });
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
      const exchange = await target.send(operation, {
        caller: "invalid-token",
        json: await wellFormedRequestBody(target, operation),
      });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, { accept: [401], expected: "401: invalid credentials (§5, §7)" });
    },
  },
  {
    id: "auth.near-miss-token-401",
    title: "A token one edit away from the valid one, or an empty bearer, is refused with 401",
    rule: 'When credentials are invalid, the response is 401 (§5, §7): the valid token with a character appended, without its last character or with it changed is not the token; an Authorization header of "Bearer " or "Bearer" carries no token.',
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: CMS_OPERATIONS,
    registerRefs: ["missing-credentials-status"],
    async run({ operation, target, judge }) {
      const body = await wellFormedRequestBody(target, operation);
      // Labelled by how each was made: the tokens themselves derive from the secret and never appear (runSecrets redacts them).
      const cases: { caller: Caller; label: string; register?: string }[] = [
        ...NEAR_MISS_KINDS.map((kind) => ({
          caller: `token-${kind}` as Caller,
          label: `request with ${NEAR_MISS_LABELS[kind].label}`,
        })),
        {
          caller: "empty-bearer",
          label: 'request with "Authorization: Bearer " (no token)',
          register: "missing-credentials-status",
        },
        {
          caller: "bare-bearer",
          label: 'request with "Authorization: Bearer" alone',
          register: "missing-credentials-status",
        },
      ];
      for (const { caller, label, register } of cases) {
        const exchange = await target.send(operation, { caller, json: body });
        if (!answered(judge, label, exchange)) continue;
        judgeStatus(judge, label, exchange, {
          accept: [401],
          expected: "401: invalid credentials (§5, §7)",
          ...(register ? { register } : {}),
        });
      }
      judge.note(`${cases.length} near-miss credentials refused.`);
    },
  },
  {
    id: "auth.invalid-client-id-401",
    title: "A client_id the target never issued is refused with 401",
    rule: "All five operations send the client identifier (§5); when credentials are invalid, the response is 401 (§5, §7): the configured client_id with its last character changed, or one of another shape, identifies no client.",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["invalid-client-id-status"],
    async run({ operation, target, judge }) {
      const body = await wellFormedRequestBody(target, operation);
      // The changed one derives from the secret and never appears (runSecrets redacts it); the other is made up.
      const cases: { caller: Caller; label: string }[] = [
        {
          caller: "client-id-changed",
          label: "request with the valid token and the client_id with its last character changed",
        },
        { caller: "client-id-other", label: "request with the valid token and a client_id of another shape" },
      ];
      for (const { caller, label } of cases) {
        const exchange = await target.send(operation, { caller, json: body });
        if (!answered(judge, label, exchange)) continue;
        judgeStatus(judge, label, exchange, {
          accept: [401],
          expected:
            "401: a client_id the target never issued is an invalid credential (§5, §7; register invalid-client-id-status)",
          register: "invalid-client-id-status",
        });
      }
      judge.note(`${cases.length} client ids the target never issued refused.`);
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
      const exchange = await target.send(operation, {
        caller: "no-client-id",
        json: await wellFormedRequestBody(target, operation),
      });
      if (!answered(judge, label, exchange)) return;
      judgeStatus(judge, label, exchange, {
        accept: [400, 401],
        expected: "400 or 401: every operation needs client_id (§5; register missing-client-id)",
        register: "missing-client-id",
      });
    },
  },
];
