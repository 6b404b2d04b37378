/** The curl command stored with every exchange, so a reader can reproduce a failure by hand. */
import { quoteHeaderWithSecrets, quoteShellWord, quoteShellWordWithSecrets } from "./quoteShellWord.js";
import type { SecretValue } from "./redactSecretForms.js";

/** The request as sent (secrets still in it: they become $PLACEHOLDER variables in the command). */
export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Options of buildCurlCommand. */
export interface CurlOptions {
  readonly secrets: readonly SecretValue[];
  /** Becomes --max-time (seconds). */
  readonly timeoutMs: number;
}

/**
 * A copy-pasteable curl command for a request: method, URL, headers (secrets as "$CMS_TOKEN"
 * inside double quotes so the shell expands them), body via --data-raw, --max-time. Every argument
 * is quoted by runner/http/quoteShellWord.ts: bash reads back exactly what was sent (issue 24.1).
 */
export function buildCurlCommand(request: CurlRequest, options: CurlOptions): string {
  const { secrets } = options;
  const parts = [
    "curl -sS -i",
    `-X ${quoteShellWord(request.method)}`,
    // curl would read [] and {} in a URL as a glob of several URLs, and a URL starting with "-" as an option.
    ...(/[[\]{}]/.test(request.url) ? ["--globoff"] : []),
    `${request.url.startsWith("-") ? "--url " : ""}${quoteShellWordWithSecrets(request.url, secrets)}`,
  ];
  for (const [name, value] of Object.entries(request.headers))
    parts.push(`-H ${quoteHeaderWithSecrets(name, value, secrets)}`);
  // curl adds headers of its own; remove those the check did not send, so the command reproduces it.
  const sent = new Set(Object.keys(request.headers).map((name) => name.toLowerCase()));
  for (const name of ["Accept", "Content-Type", "User-Agent"]) {
    if (!sent.has(name.toLowerCase())) parts.push(`-H ${quoteShellWord(`${name}:`)}`);
  }
  if (request.body !== undefined) parts.push(`--data-raw ${quoteShellWordWithSecrets(request.body, secrets)}`);
  parts.push(`--max-time ${formatSeconds(options.timeoutMs)}`);
  return parts.join(" \\\n  ");
}

function formatSeconds(ms: number): string {
  return String(Math.max(0.001, Math.round(ms) / 1000));
}
