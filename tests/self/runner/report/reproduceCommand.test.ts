import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { PARSE_OPTIONS } from "../../../../cli/commands/run.js";
import { extraHeaderSecrets } from "../../../../runner/http/extraHeaderSecrets.js";
import { quoteShellWord } from "../../../../runner/http/quoteShellWord.js";
import type { RunSettings } from "../../../../runner/model/RunSettings.js";
import { reproduceCommand } from "../../../../runner/report/reproduceCommand.js";
import { resolveRunSettings } from "../../../../runner/settings/resolveRunSettings.js";
import { hostileText, pastedArguments, scratchFolder } from "../../support/pastedArguments.js";
import { ConsoleReporter } from "../../../../reports/console/ConsoleReporter.js";
import { renderHtmlReport } from "../../../../reports/html/renderHtmlReport.js";
import { renderJsonReport } from "../../../../reports/writeJsonReport.js";
import { renderJunitReport } from "../../../../reports/writeJunitReport.js";
import { makeRunReport } from "../../reports/runReportFixture.js";

const TOKEN = "tok_live_secret_123";
const RESTRICTED = "tok_restricted_456";
const CLIENT = "client-id-789";

/** The argv a POSIX shell makes of `command`, with the secrets exported as their variables. */
function shellArgv(command: string): string[] {
  const output = execFileSync("sh", ["-c", `set -- ${command}; printf '%s\\0' "$@"`], {
    env: { PATH: process.env.PATH ?? "", CMS_TOKEN: TOKEN, CMS_RESTRICTED_TOKEN: RESTRICTED, CMS_CLIENT_ID: CLIENT },
    encoding: "utf8",
  });
  return output.split("\0").slice(0, -1);
}

const external = resolveRunSettings([
  {
    baseUrl: "https://cms.example.com/api",
    clientId: CLIENT,
    token: TOKEN,
    restrictedToken: RESTRICTED,
    analyticIds: ["analytic://acme/pie 1", "analytic://acme/bar"],
    roles: ["admin", "it's me"],
    domainName: "hr",
    serviceName: "payroll",
    profile: "strict",
    checks: ["pagination.*", "http.no-server-error"],
    excludeChecks: ["pagination.past-end-empty"],
    operations: ["listLandingPages", "getWidget"],
    seed: 77,
    maxExamples: 25,
    timeoutMs: 3000,
    concurrency: 2,
    rateLimit: 5,
    maxPageSize: 40,
    maxPages: 7,
  },
]);

/** `external`'s arguments as a shell reads them back, in the order the line writes them: its target's facts, */
const TARGET_ARGV = [
  "--analytic-id",
  "analytic://acme/pie 1",
  "--analytic-id",
  "analytic://acme/bar",
  "--role",
  "admin",
  "--role",
  "it's me",
  "--domain-name",
  "hr",
  "--service-name",
  "payroll",
];
/** its selection of checks, */
const SELECTION_ARGV = [
  "--profile",
  "strict",
  "--checks",
  "pagination.*,http.no-server-error",
  "--exclude-checks",
  "pagination.past-end-empty",
  "--operation",
  "listLandingPages",
  "--operation",
  "getWidget",
];
/** and its run options. */
const RUN_ARGV = [
  "--seed",
  "77",
  "--max-examples",
  "25",
  "--timeout",
  "3000",
  "--concurrency",
  "2",
  "--rate-limit",
  "5/s",
  "--max-page-size",
  "40",
  "--max-pages",
  "7",
];

describe("reproduceCommand", () => {
  it("names every non-default option and the seed, and a shell reads back the same values", () => {
    const command = reproduceCommand({ ...external, insecure: true, waivers: "acceptance/waivers 2025.json" });
    expect(shellArgv(command)).toEqual([
      "cms-conformance",
      "run",
      "--base-url",
      "https://cms.example.com/api",
      `--client-id=${CLIENT}`,
      `--token=${TOKEN}`,
      `--restricted-token=${RESTRICTED}`,
      ...TARGET_ARGV,
      "--insecure",
      ...SELECTION_ARGV,
      "--waivers",
      "acceptance/waivers 2025.json",
      ...RUN_ARGV,
    ]);
  });

  /** The line of `external`: the secrets as placeholders, the rest quoted only where the shell needs it. */
  const EXTERNAL_LINE =
    "cms-conformance run --base-url https://cms.example.com/api" +
    ' --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --restricted-token="$CMS_RESTRICTED_TOKEN"' +
    " --analytic-id 'analytic://acme/pie 1' --analytic-id analytic://acme/bar --role admin --role 'it'\\''s me'" +
    " --domain-name hr --service-name payroll --profile strict --checks 'pagination.*,http.no-server-error'" +
    " --exclude-checks pagination.past-end-empty --operation listLandingPages --operation getWidget" +
    " --seed 77 --max-examples 25 --timeout 3000 --concurrency 2 --rate-limit 5/s --max-page-size 40 --max-pages 7";

  it("writes secrets only as $CMS_TOKEN, $CMS_RESTRICTED_TOKEN and $CMS_CLIENT_ID", () => {
    const command = reproduceCommand(external);
    for (const secret of [TOKEN, RESTRICTED, CLIENT]) expect(command).not.toContain(secret);
    // --name=value: the value the variable holds when the line is replayed may start with "-".
    expect(command).toBe(EXTERNAL_LINE);
  });

  it("leaves --token-command and --restricted-token-command out, whose lines may hold secrets of their own", () => {
    const command = reproduceCommand({
      ...external,
      credentials: {
        ...external.credentials,
        tokenCommand: "oauth-token --client-secret s3cr3t-in-the-line",
        restrictedTokenCommand: "vault read -field=token secret/cms/restricted",
      },
    });
    expect(command).not.toContain("token-command");
    expect(command).not.toContain("s3cr3t-in-the-line");
    expect(command).not.toContain("vault");
    // The tokens they printed are replayed from the environment, as for --token.
    expect(command).toBe(EXTERNAL_LINE);
  });

  it("leaves defaults out and keeps the seed; the embedded reference target needs no target options", () => {
    const embedded = resolveRunSettings(
      [{ baseUrl: "http://127.0.0.1:39123", clientId: CLIENT, token: TOKEN, roles: ["admin"], seed: 5 }],
      true,
    );
    expect(reproduceCommand(embedded)).toBe("cms-conformance run --seed 5");
    const plain = resolveRunSettings([{ baseUrl: "http://127.0.0.1:4010", clientId: CLIENT, token: TOKEN, seed: 0 }]);
    expect(reproduceCommand(plain)).toBe(
      'cms-conformance run --base-url http://127.0.0.1:4010 --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --seed 0',
    );
  });

  it("writes the gates, the shard, --max-failures, the time bounds and every permission fact list; a true flag only", () => {
    const plain = resolveRunSettings([{ baseUrl: "http://127.0.0.1:4010", clientId: CLIENT, token: TOKEN, seed: 0 }]);
    const command = reproduceCommand({
      ...plain,
      fixtures: {
        analyticIds: [],
        roles: [],
        permissions: {
          forbiddenWidgetIds: ["w1"],
          forbiddenAnalyticIds: ["a1", "a2"],
          ownLandingPageIds: [],
          othersLandingPageIds: ["p9"],
          restrictedSeesAll: true,
        },
      },
      // A secret header whose name starts with "-" is written --header=…, like every value that does.
      headers: { "-X-Api-Key": "k-secret", "X-Trace": "on" },
      failOnSkipped: true,
      failOnUnverified: true,
      excludeChecks: ["http.a", "http.b"],
      shard: { index: 2, count: 5 },
      maxFailures: 3,
      maxRetryWaitMs: 5_000,
      maxRunTimeMs: 60_000,
      maxResponseTimeMs: 800,
    });
    expect(command).toBe(
      'cms-conformance run --base-url http://127.0.0.1:4010 --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN"' +
        " --forbidden-widget w1 --forbidden-analytic a1 --forbidden-analytic a2 --own-landing-page '' --others-landing-page p9 --restricted-sees-all" +
        ` --header="-X-Api-Key: $CMS_HEADER__X_API_KEY" --header 'X-Trace: on' --fail-on-skipped --fail-on-unverified` +
        " --exclude-checks http.a,http.b --shard 2/5 --max-failures 3 --seed 0 --max-retry-wait 5000ms --max-run-time 60000ms --max-response-time 800ms",
    );
    expect(reproduceCommand({ ...plain, failOnSkipped: false, failOnUnverified: false })).toBe(
      'cms-conformance run --base-url http://127.0.0.1:4010 --client-id="$CMS_CLIENT_ID" --token="$CMS_TOKEN" --seed 0',
    );
  });

  it("quotes what a shell would expand or split", () => {
    for (const value of ["$HOME", "a b", "it's", "x;rm -rf /", "`id`", "*", ""])
      expect(shellArgv(`printf ${quoteShellWord(value)}`)).toEqual(["printf", value]);
  });
});

/** Arbitrary values of every option that takes text, and the secrets' values when the line is replayed. */
const settingsArbitrary = fc.record({
  baseUrl: hostileText(),
  analyticIds: fc.array(hostileText(), { maxLength: 2 }),
  roles: fc.array(hostileText(), { maxLength: 2 }),
  domainName: fc.option(hostileText(), { nil: undefined }),
  serviceName: fc.option(hostileText(), { nil: undefined }),
  forbiddenWidgetIds: fc.option(fc.array(hostileText(), { maxLength: 2 }), { nil: undefined }),
  othersLandingPageIds: fc.option(fc.array(hostileText(), { maxLength: 2 }), { nil: undefined }),
  headers: fc.uniqueArray(fc.record({ name: hostileText(), value: hostileText(), secret: fc.boolean() }), {
    selector: (header) => header.name.toLowerCase(),
    maxLength: 3,
  }),
  operationPath: fc.option(hostileText(), { nil: undefined }),
  caFile: fc.option(hostileText(), { nil: undefined }),
  certificate: fc.option(fc.tuple(hostileText(), hostileText()), { nil: undefined }),
  checks: fc.array(hostileText(), { maxLength: 2 }),
  waivers: fc.option(hostileText(), { nil: undefined }),
  rerunReport: fc.option(hostileText(), { nil: undefined }),
  replayed: fc.record({ token: hostileText(), restrictedToken: hostileText(), clientId: hostileText() }),
  headerSecret: hostileText(),
});

describe("reproduceCommand, pasted into bash (issue 24.1)", () => {
  it("gives every option exactly its value and runs nothing, whatever the values hold", () => {
    const folder = scratchFolder();
    try {
      fc.assert(
        fc.property(settingsArbitrary, (drawn) => {
          const headers = Object.fromEntries(drawn.headers.map((header) => [header.name, header.value]));
          const secretHeaders = drawn.headers.filter((header) => header.secret).map((header) => header.name);
          const settings: RunSettings & { waivers?: string } = {
            ...external,
            baseUrl: drawn.baseUrl,
            fixtures: {
              analyticIds: drawn.analyticIds,
              roles: drawn.roles,
              ...(drawn.domainName === undefined ? {} : { domainName: drawn.domainName }),
              ...(drawn.serviceName === undefined ? {} : { serviceName: drawn.serviceName }),
              permissions: {
                ...(drawn.forbiddenWidgetIds === undefined ? {} : { forbiddenWidgetIds: drawn.forbiddenWidgetIds }),
                ...(drawn.othersLandingPageIds === undefined
                  ? {}
                  : { othersLandingPageIds: drawn.othersLandingPageIds }),
              },
            },
            headers,
            secretHeaders,
            ...(drawn.operationPath === undefined ? {} : { operationPaths: { getWidget: drawn.operationPath } }),
            ...(drawn.caFile === undefined ? {} : { caFiles: [drawn.caFile] }),
            ...(drawn.certificate === undefined
              ? {}
              : { clientCertificate: { certFile: drawn.certificate[0], keyFile: drawn.certificate[1] } }),
            checks: drawn.checks,
            ...(drawn.waivers === undefined ? {} : { waivers: drawn.waivers }),
            ...(drawn.rerunReport === undefined ? {} : { rerunFailed: { report: drawn.rerunReport, verdicts: [] } }),
          };
          // The secrets are set in the environment at replay time: the line names them, never holds them.
          const env: Record<string, string> = {
            CMS_TOKEN: drawn.replayed.token,
            CMS_RESTRICTED_TOKEN: drawn.replayed.restrictedToken,
            CMS_CLIENT_ID: drawn.replayed.clientId,
          };
          const headerArguments = Object.entries(headers).map(([name, value]) => {
            const secret = extraHeaderSecrets({ [name]: value }, secretHeaders)[0];
            if (secret === undefined) return `${name}: ${value}`;
            env[secret.placeholder.slice(1)] = drawn.headerSecret;
            return `${name}: ${drawn.headerSecret}`;
          });
          const line = reproduceCommand(settings);

          const argv = pastedArguments(line, { command: "cms-conformance", env, cwd: folder });
          expect(argv[0]).toBe("run");
          // The run's own parser (strict: an option value that looks like an option is refused).
          const { values } = parseArgs({ args: argv.slice(1), options: PARSE_OPTIONS, strict: true });
          const given = (name: string) => {
            const value = values[name];
            return value === undefined ? undefined : Array.isArray(value) ? value.map(String) : [String(value)];
          };
          const list = (items: readonly string[] | undefined) =>
            items === undefined ? undefined : items.length === 0 ? [""] : [...items];
          const one = (item: string | undefined) => (item === undefined ? undefined : [item]);
          expect({
            baseUrl: given("base-url"),
            token: given("token"),
            restrictedToken: given("restricted-token"),
            clientId: given("client-id"),
            analyticIds: given("analytic-id"),
            roles: given("role"),
            domainName: given("domain-name"),
            serviceName: given("service-name"),
            forbiddenWidgetIds: given("forbidden-widget"),
            othersLandingPageIds: given("others-landing-page"),
            headers: given("header"),
            secretHeaders: given("secret-header"),
            operationPath: given("operation-path"),
            caFile: given("ca-file"),
            certificate: given("cert") && [...(given("cert") ?? []), ...(given("key") ?? [])],
            checks: given("checks"),
            waivers: given("waivers"),
            rerunReport: given("rerun-failed"),
          }).toEqual({
            baseUrl: [drawn.baseUrl],
            token: [drawn.replayed.token],
            restrictedToken: [drawn.replayed.restrictedToken],
            clientId: [drawn.replayed.clientId],
            analyticIds: drawn.analyticIds.length > 0 ? drawn.analyticIds : undefined,
            roles: drawn.roles.length > 0 ? drawn.roles : undefined,
            domainName: one(drawn.domainName),
            serviceName: one(drawn.serviceName),
            forbiddenWidgetIds: list(drawn.forbiddenWidgetIds),
            othersLandingPageIds: list(drawn.othersLandingPageIds),
            headers: headerArguments.length > 0 ? headerArguments : undefined,
            secretHeaders: secretHeaders.length > 0 ? secretHeaders : undefined,
            operationPath: one(drawn.operationPath === undefined ? undefined : `getWidget=${drawn.operationPath}`),
            caFile: one(drawn.caFile),
            certificate: drawn.certificate === undefined ? undefined : [...drawn.certificate],
            checks: drawn.checks.length > 0 ? [drawn.checks.join(",")] : undefined,
            waivers: one(drawn.waivers),
            rerunReport: one(drawn.rerunReport),
          });
          // One visible line: no control, format or invisible character is written raw.
          expect(line).not.toMatch(/[\p{C}\p{Zl}\p{Zp}\u00a0\u3164]/u);
        }),
        { numRuns: 250 },
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("quotes a secret header's name: the name of the issue creates no file", () => {
    const folder = scratchFolder();
    try {
      const name = "X-Secret-`touch$IFS'pwned'`";
      const line = reproduceCommand({ ...external, headers: { [name]: "s3cr3t-value" }, secretHeaders: [name] });
      const argv = pastedArguments(line, {
        command: "cms-conformance",
        env: { CMS_HEADER_X_SECRET_TOUCH_IFS_PWNED_: "v4lue" },
        cwd: folder,
      });
      // The variables of the credentials are not set here: only the header's is.
      expect(argv).toEqual([
        "run",
        "--base-url",
        "https://cms.example.com/api",
        "--client-id=",
        "--token=",
        "--restricted-token=",
        ...TARGET_ARGV,
        "--header",
        `${name}: v4lue`,
        "--secret-header",
        name,
        ...SELECTION_ARGV,
        ...RUN_ARGV,
      ]);
      expect(line).not.toContain("s3cr3t-value");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** XML or HTML character references back to text. */
function unescapeMarkup(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, ref: string) =>
    ref.startsWith("#")
      ? String.fromCodePoint(Number.parseInt(ref.slice(ref[1] === "x" ? 2 : 1), ref[1] === "x" ? 16 : 10))
      : (named[ref] ?? whole),
  );
}

describe("the reproduce line in every writer (issue 24.1)", () => {
  it("console, report.json, junit.xml and index.html write the line as built, and bash reads it back", () => {
    const roles = ["two  spaces", "line\nbreak", "-leading dash", "\u202eLIAF", "tab\tesc\u001b[31m"];
    const name = "X-Secret-`touch$IFS'pwned'`";
    const line = reproduceCommand({
      ...external,
      fixtures: { ...external.fixtures, roles },
      headers: { [name]: "s3cr3t-value" },
      secretHeaders: [name],
    });
    const report = makeRunReport(undefined, "default", { commandLine: line });

    let consoleText = "";
    new ConsoleReporter({ stream: { write: (text: string) => ((consoleText += text), true) }, color: false }).onRunEnd(
      report,
      {},
    );
    const written = {
      console: /^ {2}Reproduce: (.*)$/m.exec(consoleText)?.[1],
      json: (JSON.parse(renderJsonReport(report)) as { meta: { commandLine: string } }).meta.commandLine,
      junit: unescapeMarkup(/<property name="commandLine" value="([^"]*)"/.exec(renderJunitReport(report))?.[1] ?? ""),
      html: unescapeMarkup(
        (/<pre id="command-line"(?: hidden)?>([\s\S]*?)<\/pre>/.exec(renderHtmlReport(report))?.[1] ?? "").replace(
          /<[^>]*>/g,
          "",
        ),
      ),
    };
    expect(written).toEqual({ console: line, json: line, junit: line, html: line });

    const folder = scratchFolder();
    try {
      const argv = pastedArguments(line, {
        command: "cms-conformance",
        env: { CMS_HEADER_X_SECRET_TOUCH_IFS_PWNED_: "v4lue" },
        cwd: folder,
      });
      const { values } = parseArgs({ args: argv.slice(1), options: PARSE_OPTIONS, strict: true });
      expect(values.role).toEqual(roles);
      expect(values.header).toEqual([`${name}: v4lue`]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a line too long for a report is replaced by a shell comment, never cut inside a quote", () => {
    const line = reproduceCommand({ ...external, fixtures: { ...external.fixtures, roles: ["it's ".repeat(20_000)] } });
    const report = makeRunReport(undefined, "default", { commandLine: line });
    const json = (JSON.parse(renderJsonReport(report)) as { meta: { commandLine: string } }).meta.commandLine;
    expect(json).toMatch(/^# the command line that reproduces this run is \d+ characters long/);
  });
});
