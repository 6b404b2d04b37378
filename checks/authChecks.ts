/** Authentication (§5, §7): bearer token on the content management operations, client_id on all. */
import { ALL_OPERATIONS, CMS_OPERATIONS } from "../contract/operations.js";
import type { CheckDefinition } from "../runner/engine/CheckDefinition.js";
import { answered } from "./_internals/judges/judgeExchange.js";
import { judgeStatus } from "./_internals/judges/judgeStatus.js";
import { wellFormedRequestBody } from "./_internals/requests/sampleRequests.js";
import { NEAR_MISS_KINDS, NEAR_MISS_LABELS, nearMissToken } from "../runner/engine/nearMissTokens.js";
import type { Caller } from "../runner/engine/TargetSession.js";
import { BEARER_CASE_FORMS, CLIENT_ID_FORMS, TOKEN_FORMS } from "../runner/engine/credentialForms.js";
import { judgeBearerCaseAccepted, judgeFormsRefused } from "./_internals/judges/judgeCredentialForms.js";

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
    title: "A token one edit or one letter case away from the valid one, or an empty bearer, is refused with 401",
    rule:
      "When credentials are invalid, the response is 401 (§5, §7): the valid token with a character " +
      "appended, without its last character, with it changed, or with the letter case of its letters swapped " +
      "is not the token (a token is the string issued, RFC 6750 §2.1: its letters are distinct base64 values); " +
      'an Authorization header of "Bearer " or "Bearer" carries no token.',
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: CMS_OPERATIONS,
    registerRefs: ["missing-credentials-status"],
    async run({ operation, target, judge }) {
      const body = await wellFormedRequestBody(target, operation);
      // Labelled by how each was made: the tokens themselves derive from the secret and never appear (runSecrets redacts them).
      const { token } = target.settings.credentials;
      // A kind that leaves the token as it is (a token without letters has no other case) is not sent: it is the valid token.
      const kinds = NEAR_MISS_KINDS.filter((kind) => nearMissToken(token, kind) !== token);
      for (const kind of NEAR_MISS_KINDS.filter((unsent) => !kinds.includes(unsent)))
        judge.note(`not sent: ${NEAR_MISS_LABELS[kind].label} is the configured token itself.`);
      const cases: { caller: Caller; label: string; register?: string }[] = [
        ...kinds.map((kind) => ({
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
    rule:
      "All five operations send the client identifier (§5); when credentials are invalid, the response is " +
      "401 (§5, §7), and 403 is for a user who lacks permission (§5): the configured client_id with its " +
      "last character changed, or one of another shape, identifies no client and gets 401. A 400 is a " +
      "warning for the one of another shape only, whose format a target may check first (§7 a field filled " +
      "incorrectly; register invalid-client-id-status).",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["invalid-client-id-status"],
    async run({ operation, target, judge }) {
      const body = await wellFormedRequestBody(target, operation);
      // The changed one derives from the secret and never appears (runSecrets redacts it); the other is made up.
      const cases: { caller: Caller; label: string; governs: readonly number[]; expected: string }[] = [
        {
          caller: "client-id-changed",
          label: "request with the valid token and the client_id with its last character changed",
          governs: [],
          expected:
            "401: a client_id of the configured one's shape that the target never issued is an invalid " +
            "credential (§5, §7); 403 is a user's missing permission, 400 a malformed request (register invalid-client-id-status)",
        },
        {
          caller: "client-id-other",
          label: "request with the valid token and a client_id of another shape",
          governs: [400],
          expected:
            "401: a client_id the target never issued is an invalid credential (§5, §7); 400 is a warning, 403 a " +
            "user's missing permission (register invalid-client-id-status)",
        },
      ];
      for (const { caller, label, governs, expected } of cases) {
        const exchange = await target.send(operation, { caller, json: body });
        if (!answered(judge, label, exchange)) continue;
        judgeStatus(judge, label, exchange, { accept: [401], expected, register: "invalid-client-id-status", governs });
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
  {
    id: "auth.token-form-refused",
    title: "The valid token in a form other than Authorization: Bearer <token> is refused",
    rule:
      "The four content management operations require the header Authorization with a bearer access token, " +
      "Bearer <ACCESS_TOKEN> (§5): the valid token without a scheme, under the Token or Basic scheme, or in " +
      "the query string (access_token) without Authorization is no valid credential and must be refused: " +
      "401 (invalid credentials, §5, §7) or 400 (a malformed request, §7); a 2xx fails, another 4xx is a " +
      "warning. Two Authorization lines are not sent: stacks read the first, the last or both (register credential-form-status).",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: CMS_OPERATIONS,
    registerRefs: ["credential-form-status"],
    async run({ operation, target, judge }) {
      await judgeFormsRefused(target, operation, judge, TOKEN_FORMS);
    },
  },
  {
    id: "auth.client-id-form-refused",
    title: "The valid client id under another header name or in the query string is refused",
    rule:
      "All five operations send the header client_id (§5): the valid client id under the header clientId " +
      "or X-Client-Id, or in the query string (client_id), without a client_id header, is no valid credential " +
      "and must be refused: 401 (§5, §7) or 400 (§7); a 2xx fails, another 4xx is a warning. client-id, which a " +
      "CGI/WSGI stack reads as client_id (RFC 3875 §4.1.18), and two client_id lines are not sent (register credential-form-status).",
    family: "auth",
    specRefs: ["5", "7"],
    level: "MUST",
    operations: ALL_OPERATIONS,
    registerRefs: ["credential-form-status"],
    async run({ operation, target, judge }) {
      await judgeFormsRefused(target, operation, judge, CLIENT_ID_FORMS);
    },
  },
  {
    id: "auth.bearer-scheme-case-accepted",
    title: "The bearer scheme written in another letter case is served",
    rule:
      "§5 writes the header as Bearer <ACCESS_TOKEN>, and an authentication scheme's name is " +
      "case-insensitive (RFC 9110 §11.1): the valid token after bearer or BEARER is served like after " +
      "Bearer; a refusal is a warning (register bearer-scheme-case).",
    family: "auth",
    specRefs: ["5"],
    level: "SHOULD",
    operations: CMS_OPERATIONS,
    registerRefs: ["bearer-scheme-case"],
    async run({ operation, target, judge }) {
      await judgeBearerCaseAccepted(target, operation, judge, BEARER_CASE_FORMS);
    },
  },
];
