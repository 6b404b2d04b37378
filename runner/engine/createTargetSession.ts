/** Builds the session a run uses: an HTTP client bound to the target, with every secret redacted. */
import { readFileSync } from "node:fs";
import { createHttpClient } from "../http/createHttpClient.js";
import { announceLearnedSecret } from "../http/learnedSecrets.js";
import type { RenewableToken } from "../http/renewableTokens.js";
import { runTokenCommand } from "../http/runTokenCommand.js";
import { proxyCredentialSecrets, proxyFromEnvironment } from "../http/proxyFromEnvironment.js";
import type { HttpClientOptions } from "../http/types.js";
import type { RunSettings } from "../model/RunSettings.js";
import { exchangePoster } from "./exchangeMirror.js";
import { ExchangeLog } from "./ExchangeLog.js";
import { extraHeaderSecrets } from "../http/extraHeaderSecrets.js";
import { nearMissSecrets, nearMissToken } from "./nearMissTokens.js";
import { TargetSession } from "./TargetSession.js";

/** Placeholders that stand for secrets in reports and curl commands (shell variables a user can set). */
export const SECRET_PLACEHOLDERS = {
  token: "$CMS_TOKEN",
  restrictedToken: "$CMS_RESTRICTED_TOKEN",
  clientId: "$CMS_CLIENT_ID",
} as const;

/** The secrets of a run with their placeholders. */
export function runSecrets(settings: RunSettings): { value: string; placeholder: string }[] {
  const { token, restrictedToken, clientId } = settings.credentials;
  return [
    { value: token, placeholder: SECRET_PLACEHOLDERS.token },
    // The near-miss tokens of auth.near-miss-token-401 are the token one edit away: secrets too.
    ...nearMissSecrets(token),
    ...(restrictedToken ? [{ value: restrictedToken, placeholder: SECRET_PLACEHOLDERS.restrictedToken }] : []),
    { value: clientId, placeholder: SECRET_PLACEHOLDERS.clientId },
    // The client id one character off (auth.invalid-client-id-401) derives from the secret: a secret too.
    { value: nearMissToken(clientId, "changed"), placeholder: "$CMS_CLIENT_ID_LAST_CHARACTER_CHANGED" },
    ...extraHeaderSecrets(settings.headers, settings.secretHeaders),
    ...proxyCredentialSecrets(proxyFromEnvironment()),
  ];
}

/** The HTTP client options of a run: limits, TLS trust, proxies (from the environment) and secrets. */
export function httpClientOptions(settings: RunSettings): HttpClientOptions {
  const proxy = proxyFromEnvironment();
  return {
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    ...(settings.concurrency !== undefined ? { concurrency: settings.concurrency } : {}),
    maxConcurrency: settings.maxConcurrency,
    ...(settings.rateLimitPerSecond !== undefined ? { rateLimitPerSecond: settings.rateLimitPerSecond } : {}),
    maxRetryWaitMs: settings.maxRetryWaitMs,
    maxRunTimeMs: settings.maxRunTimeMs,
    ...(settings.runStartedAt !== undefined ? { runStartedAt: settings.runStartedAt } : {}),
    ...(settings.caFiles ? { ca: settings.caFiles.map((file) => readFileSync(file, "utf8")) } : {}),
    ...(settings.insecure ? { insecure: true } : {}),
    ...(settings.clientCertificate
      ? {
          clientCertificate: {
            cert: readFileSync(settings.clientCertificate.certFile, "utf8"),
            key: readFileSync(settings.clientCertificate.keyFile, "utf8"),
          },
        }
      : {}),
    ...(Object.keys(proxy).length > 0 ? { proxy } : {}),
    secrets: runSecrets(settings),
    ...renewal(settings),
  };
}

/** The tokens a command obtains anew after a 401 mid-run, each announced to the report writers once obtained. */
function renewal(settings: RunSettings): Pick<HttpClientOptions, "renewableTokens" | "onSecret"> {
  const { token, restrictedToken, tokenCommand, restrictedTokenCommand } = settings.credentials;
  const renewableTokens: RenewableToken[] = [
    ...(tokenCommand
      ? [
          {
            original: token,
            placeholder: SECRET_PLACEHOLDERS.token,
            renew: () => runTokenCommand(tokenCommand, "--token-command"),
          },
        ]
      : []),
    ...(restrictedToken && restrictedTokenCommand
      ? [
          {
            original: restrictedToken,
            placeholder: SECRET_PLACEHOLDERS.restrictedToken,
            renew: () => runTokenCommand(restrictedTokenCommand, "--restricted-token-command"),
          },
        ]
      : []),
  ];
  return renewableTokens.length === 0 ? {} : { renewableTokens, onSecret: announceLearnedSecret };
}

/** A session over a fresh HTTP client. */
export function createTargetSession(settings: RunSettings): TargetSession {
  const log = settings.exchangeLogLimit === undefined ? undefined : new ExchangeLog(settings.exchangeLogLimit);
  const post = settings.exchangeChannel === undefined ? undefined : exchangePoster(settings.exchangeChannel);
  const client = createHttpClient({
    ...httpClientOptions(settings),
    ...(log
      ? {
          onExchange: (exchange) => {
            const entry = log.add(exchange);
            post?.(entry);
          },
        }
      : {}),
  });
  return new TargetSession(settings, client, log);
}
