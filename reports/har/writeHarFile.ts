/** Writes `<out>/exchanges.har` (--format har), scrubbed of every secret as the other reports are. */
import { mkdir } from "node:fs/promises";
import { HAR_FILE_NAME } from "../reportFileNames.js";
import { writeReportFile } from "../writeReportFile.js";
import { join } from "node:path";
import type { ExchangeLogSnapshot } from "../../runner/model/ExchangeLogSnapshot.js";
import { createRedactor, type SecretInput } from "../../runner/http/redactSecrets.js";
import { buildHar, type HarRunFacts } from "./buildHar.js";

/** Writes the HAR of `log` into `outDir`; returns its path. */
export async function writeHarFile(
  log: ExchangeLogSnapshot,
  run: HarRunFacts,
  options: { readonly outDir: string; readonly secrets: readonly SecretInput[] },
): Promise<string> {
  await mkdir(options.outDir, { recursive: true });
  const file = join(options.outDir, HAR_FILE_NAME);
  // The log's exchanges were redacted as they were kept; this pass also covers the URL and anything
  // else the HAR says (as JSON text: whole strings equal to a short secret go too).
  await writeReportFile(file, createRedactor(options.secrets).body(JSON.stringify(buildHar(log, run), null, 1)));
  return file;
}
