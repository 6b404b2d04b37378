/** curl commands are correctly quoted: run through bash with a stand-in curl, every argument survives. */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCurlCommand, type CurlRequest } from "../../../../runner/http/buildCurlCommand.js";
import { quoteShellWord, quoteShellWordWithSecrets } from "../../../../runner/http/quoteShellWord.js";
import { hostileText, pastedArguments, scratchFolder } from "../../support/pastedArguments.js";
import { CLIENT_ID, CREDENTIAL_HEADERS, SECRETS, TOKEN } from "./httpTestKit.js";

/** Runs the command in bash with curl replaced by a function printing its arguments NUL-separated. */
function argumentsOf(
  command: string,
  env: Record<string, string> = { CMS_TOKEN: TOKEN, CMS_CLIENT_ID: CLIENT_ID },
): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}`;
  const out = execFileSync("bash", ["--norc", "--noprofile", "-c", script], {
    env: { PATH: process.env["PATH"] ?? "", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return out.split("\0").slice(0, -1);
}

const nasty = `{"q":"it's \\"$HOME\\" \`id\` $(id) !x & | ; \\\\ é \u0001","t":"${TOKEN}"}`;

describe("buildCurlCommand", () => {
  const request: CurlRequest = {
    method: "POST",
    url: "http://127.0.0.1:8080/platform/cms/getWidget?a=1&b='2'",
    headers: CREDENTIAL_HEADERS,
    body: nasty,
  };

  it("writes secrets as placeholders in double quotes, never the values", () => {
    const command = buildCurlCommand(request, { secrets: SECRETS, timeoutMs: 10_000 });
    expect(command).not.toContain(TOKEN);
    expect(command).not.toContain(CLIENT_ID);
    expect(command).toBe(
      [
        "curl -sS -i",
        "-X POST",
        String.raw`'http://127.0.0.1:8080/platform/cms/getWidget?a=1&b='\''2'\'''`,
        '-H "Authorization: Bearer $CMS_TOKEN"',
        '-H "client_id: $CMS_CLIENT_ID"',
        "-H 'Content-Type: application/json'",
        "-H 'Accept: application/json'",
        "-H User-Agent:",
        // ANSI-C quoting for the control character, the token's placeholder in double quotes in between.
        String.raw`--data-raw $'{"q":"it\x27s \\"$HOME\\" ` +
          "`id`" +
          String.raw` $(id) !x & | ; \\\\ é \x01","t":"'"$CMS_TOKEN"'"}'`,
        "--max-time 10",
      ].join(" \\\n  "),
    );
  });

  it("round-trips through bash: method, URL, headers with the real secrets, body byte for byte", () => {
    const command = buildCurlCommand(request, { secrets: SECRETS, timeoutMs: 2_500 });
    const args = argumentsOf(command);
    expect(args).toEqual([
      "-sS",
      "-i",
      "-X",
      "POST",
      request.url,
      "-H",
      `Authorization: Bearer ${TOKEN}`,
      "-H",
      `client_id: ${CLIENT_ID}`,
      "-H",
      "Content-Type: application/json",
      "-H",
      "Accept: application/json",
      "-H",
      "User-Agent:",
      "--data-raw",
      nasty,
      "--max-time",
      "2.5",
    ]);
  });

  it("headers the check did not send are removed from curl's defaults; an empty value uses 'Name;'", () => {
    const command = buildCurlCommand(
      { method: "POST", url: "http://h/x", headers: { client_id: "" } },
      { secrets: SECRETS, timeoutMs: 1000 },
    );
    expect(argumentsOf(command)).toEqual([
      "-sS",
      "-i",
      "-X",
      "POST",
      "http://h/x",
      "-H",
      "client_id;",
      "-H",
      "Accept:",
      "-H",
      "Content-Type:",
      "-H",
      "User-Agent:",
      "--max-time",
      "1",
    ]);
  });

  it("a secret next to letters and a '!' in a header still quote correctly", () => {
    const headers = { "X-A": `${TOKEN}suffix`, "X-B": `wow! ${TOKEN}` };
    const command = buildCurlCommand(
      { method: "GET", url: "http://h/", headers },
      { secrets: SECRETS, timeoutMs: 1000 },
    );
    expect(command).toBe(
      [
        "curl -sS -i",
        "-X GET",
        "http://h/",
        '-H "X-A: ${CMS_TOKEN}suffix"',
        `-H 'X-B: wow! '"$CMS_TOKEN"`,
        "-H Accept:",
        "-H Content-Type:",
        "-H User-Agent:",
        "--max-time 1",
      ].join(" \\\n  "),
    );
    expect(command).not.toContain(TOKEN);
    expect(argumentsOf(command)).toEqual([
      "-sS",
      "-i",
      "-X",
      "GET",
      "http://h/",
      "-H",
      `X-A: ${TOKEN}suffix`,
      "-H",
      `X-B: wow! ${TOKEN}`,
      "-H",
      "Accept:",
      "-H",
      "Content-Type:",
      "-H",
      "User-Agent:",
      "--max-time",
      "1",
    ]);
  });
});

describe("quoteShellWord", () => {
  it("leaves safe words bare and single-quotes the rest", () => {
    expect(quoteShellWord("POST")).toBe("POST");
    expect(quoteShellWord("it's")).toBe(`'it'\\''s'`);
    expect(quoteShellWord("")).toBe("''");
  });

  it("round-trips arbitrary text, including every ASCII character", () => {
    const every = Array.from({ length: 126 }, (_, i) => String.fromCharCode(i + 1)).join("");
    for (const text of [every, "''", "\\", "a\nb", "$CMS_TOKEN", "é😀"]) {
      expect(argumentsOf(`curl ${quoteShellWord(text)}`)).toEqual([text]);
    }
  });

  it("placeholders that are not shell variables stay literal", () => {
    const word = quoteShellWordWithSecrets(`x ${TOKEN}`, [{ value: TOKEN, placeholder: "[redacted]" }]);
    expect(argumentsOf(`curl ${word}`)).toEqual(["x [redacted]"]);
  });
});

/** A text that sometimes holds a secret, as an echoed token or a credential header does. */
const textWithSecrets = fc
  .tuple(hostileText(), fc.constantFrom("", TOKEN, CLIENT_ID), hostileText())
  .map(([head, secret, tail]) => `${head}${secret}${tail}`);

describe("buildCurlCommand, pasted into bash (issue 24.1)", () => {
  it("gives curl exactly the request's method, URL, headers and body, and runs nothing else", () => {
    const folder = scratchFolder();
    try {
      fc.assert(
        fc.property(
          hostileText(),
          textWithSecrets,
          fc.uniqueArray(fc.tuple(hostileText(), textWithSecrets), {
            selector: ([name]) => name.toLowerCase(),
            maxLength: 4,
          }),
          fc.option(textWithSecrets, { nil: undefined }),
          (method, url, headerList, body) => {
            const headers = Object.fromEntries(headerList);
            const request: CurlRequest = { method, url, headers, ...(body === undefined ? {} : { body }) };
            const line = buildCurlCommand(request, { secrets: SECRETS, timeoutMs: 1500 });

            const argv = pastedArguments(line, {
              command: "curl",
              env: { CMS_TOKEN: TOKEN, CMS_CLIENT_ID: CLIENT_ID },
              cwd: folder,
            });
            const sent = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
            expect(argv).toEqual([
              "-sS",
              "-i",
              "-X",
              method,
              ...(/[[\]{}]/.test(url) ? ["--globoff"] : []),
              ...(url.startsWith("-") ? ["--url"] : []),
              url,
              ...Object.entries(headers).flatMap(([name, value]) => [
                "-H",
                value === "" ? `${name};` : `${name}: ${value}`,
              ]),
              ...["Accept", "Content-Type", "User-Agent"]
                .filter((name) => !sent.has(name.toLowerCase()))
                .flatMap((name) => ["-H", `${name}:`]),
              ...(body === undefined ? [] : ["--data-raw", body]),
              "--max-time",
              "1.5",
            ]);
            expect(line).not.toContain(TOKEN);
            expect(line).not.toContain(CLIENT_ID);
            // Visible lines: nothing raw but the line continuations the command is laid out with.
            expect(line.replace(/ \\\n {2}/g, " ")).not.toMatch(/[\p{C}\p{Zl}\p{Zp}\u00a0\u3164]/u);
          },
        ),
        { numRuns: 250 },
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a URL that curl would read as a glob or an option is given as one", () => {
    const command = buildCurlCommand(
      { method: "GET", url: "-http://h/a[1-3]{x,y}", headers: {} },
      { secrets: SECRETS, timeoutMs: 1000 },
    );
    expect(command).toBe(
      [
        "curl -sS -i",
        "-X GET",
        "--globoff",
        "--url '-http://h/a[1-3]{x,y}'",
        "-H Accept:",
        "-H Content-Type:",
        "-H User-Agent:",
        "--max-time 1",
      ].join(" \\\n  "),
    );
  });
});
