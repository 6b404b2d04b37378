/** Writes `<out>/exchanges.har` (--format har), scrubbed of every secret as the other reports are. */
import { mkdir } from "node:fs/promises";
import { HAR_FILE_NAME } from "./harFileName.js";
import type { FinishedRun } from "../reporters/Reporter.js";
import { writeReportFile } from "../writeReportFile.js";
import { join } from "node:path";
import type { ExchangeLogSnapshot } from "../../runner/model/ExchangeLogSnapshot.js";
import { createRedactor, type SecretInput } from "../../runner/http/redactSecrets.js";
import { buildHar, type HarRunFacts } from "./buildHar.js";

/** The text of exchanges.har: the run's exchanges as HAR 1.2, every secret redacted. */
function harText(log: ExchangeLogSnapshot, run: HarRunFacts, secrets: readonly SecretInput[]): string {
  // The log's exchanges were redacted as they were kept; this pass also covers the URL and anything
  // else the HAR says (as JSON text: whole strings equal to a short secret go too).
  return createRedactor(secrets).body(JSON.stringify(buildHar(log, run), null, 1));
}

/** The har format's file, from a finished run; nothing when the run kept no exchanges. */
export function renderHarFile({ report, exchanges }: FinishedRun, secrets: readonly SecretInput[]): string | undefined {
  if (!exchanges) return undefined;
  const { suiteVersion, seed, target } = report.meta;
  return harText(exchanges, { creatorVersion: suiteVersion, seed, baseUrl: target.baseUrl }, secrets);
}

/** Writes the HAR of `log` into `outDir`; returns its path. */
export async function writeHarFile(
  log: ExchangeLogSnapshot,
  run: HarRunFacts,
  options: { readonly outDir: string; readonly secrets: readonly SecretInput[] },
): Promise<string> {
  await mkdir(options.outDir, { recursive: true });
  const file = join(options.outDir, HAR_FILE_NAME);
  await writeReportFile(file, harText(log, run, options.secrets));
  return file;
}
