/**
 * A reverse proxy in front of the reference server whose bearer tokens expire (issue 27.2): it issues
 * tokens of its own ("issued-1", "issued-2" …, printed by the token command that `tokenCommand()` gives),
 * accepts each for `lifetime` requests, then answers 401 to it; a valid one is forwarded as the
 * reference's own token (after Bearer in any letter case). Any other Authorization, and two of them, is
 * forwarded untouched, so the reference judges it
 * (two proxies of different names in a row rotate the main and the restricted user's tokens).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { credentialHeaders } from "../../../reference/http/credentialHeaders.js";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A running proxy. */
export interface TokenRotatingProxy {
  readonly baseUrl: string;
  /** A command line that issues the next token, as --token-command runs it. */
  tokenCommand(): string;
  /** Every token issued so far, in order. */
  issued(): readonly string[];
  /** How many requests got 401 for an expired token (or one past acceptedTokens). */
  expiredRefusals(): number;
  close(): Promise<void>;
}

/** How a proxy names its tokens, and how many of them it ever accepts. */
export interface TokenRotatingOptions {
  /** Its tokens are "issued-N-of-the-<name>" (default "rotating-proxy"). */
  readonly name?: string;
  /** Only the first this many tokens issued are accepted, each for its lifetime; later ones get 401 (default all). */
  readonly acceptedTokens?: number;
}

export async function startTokenRotatingProxy(
  targetBaseUrl: string,
  realToken: string,
  lifetime: number,
  { name = "rotating-proxy", acceptedTokens = Infinity }: TokenRotatingOptions = {},
): Promise<TokenRotatingProxy> {
  const target = new URL(targetBaseUrl);
  const agent = new Agent({ keepAlive: true });
  const folder = mkdtempSync(join(tmpdir(), "cms-token-proxy-"));
  const counter = join(folder, "count");
  writeFileSync(counter, "0");
  /** Requests each issued token was accepted for. */
  const uses = new Map<string, number>();
  let refused = 0;
  const issuedTokens = (): string[] => {
    // The command writes the counter in another process: read it each time.
    const count = Number.parseInt(readFileSync(counter, "utf8").trim() || "0", 10);
    return Array.from({ length: count }, (_, index) => `issued-${index + 1}-of-the-${name}`);
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      // Repeated Authorization lines go on combined: Node's request.headers keeps only the first.
      const lines = request.headersDistinct.authorization ?? [];
      const headers = credentialHeaders(request);
      // The scheme's name is case-insensitive (RFC 9110 §11.1).
      const sent = lines.length === 1 ? /^(Bearer) (.+)$/i.exec(lines[0] ?? "") : null;
      const bearer = sent?.[2];
      const issued = issuedTokens();
      if (bearer !== undefined && issued.includes(bearer)) {
        const used = uses.get(bearer) ?? 0;
        if (used >= lifetime || issued.indexOf(bearer) >= acceptedTokens) {
          refused += 1;
          response
            .writeHead(401, { "content-type": "application/json" })
            .end(JSON.stringify({ error: "invalid_token", error_description: "The token expired." }));
          return;
        }
        uses.set(bearer, used + 1);
        headers.authorization = `${sent?.[1] ?? "Bearer"} ${realToken}`;
      }
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, path: request.url, method: request.method, headers, agent },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on("error", () => response.destroy());
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenCommand: () =>
      `n=$(cat '${counter}'); n=$((n + 1)); echo "$n" > '${counter}'; echo "issued-$n-of-the-${name}"`,
    issued: issuedTokens,
    expiredRefusals: () => refused,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
