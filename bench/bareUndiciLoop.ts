/**
 * Process entry of the bare client: replays a request log (NDJSON, argv[2]) against argv[3]
 * with concurrency argv[4]; credentials come from CMS_BENCH_CLIENT_ID, CMS_BENCH_TOKEN and
 * CMS_BENCH_RESTRICTED_TOKEN. Prints {"requests": n} when done.
 */
import { readFileSync } from "node:fs";
import type { ReferenceRequestRecord } from "../reference/http/ReferenceRequestRecord.js";
import { replayRecords } from "./replayRecords.js";

const [, , logFile, baseUrl, concurrency] = process.argv;
if (!logFile || !baseUrl || !concurrency)
  throw new Error("usage: bareUndiciLoop <request log> <base url> <concurrency>");
const records = readFileSync(logFile, "utf8")
  .split("\n")
  .filter((line) => line.length > 0)
  .map((line) => JSON.parse(line) as ReferenceRequestRecord);
const statuses = await replayRecords(
  records,
  baseUrl,
  {
    clientId: process.env.CMS_BENCH_CLIENT_ID ?? "",
    token: process.env.CMS_BENCH_TOKEN ?? "",
    restrictedToken: process.env.CMS_BENCH_RESTRICTED_TOKEN ?? "",
  },
  Number(concurrency),
);
process.stdout.write(`${JSON.stringify({ requests: statuses.length })}\n`);
