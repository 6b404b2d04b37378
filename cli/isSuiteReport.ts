/**
 * Whether a file at a report's name in --out is a report this suite wrote (issue 50.3): recognised by its own
 * format and the suite's name, so that a user's index.html, report.json, junit.xml or exchanges.har of the same
 * name is never removed or written over.
 */
import { readFileSync } from "node:fs";

/** The suite's name as its reports carry it (the HAR's creator, the JUnit suites, the HTML generator). */
const SUITE = "cms-conformance";

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** Each report file's marker: the fields of report.schema.json, the HAR's creator, the JUnit name, the HTML generator or title. */
const MARKERS: Readonly<Record<string, (text: string) => boolean>> = {
  "report.json": (text) => {
    const report = jsonOf(text);
    const meta = field(report, "meta");
    return (
      typeof field(report, "reportVersion") === "number" &&
      typeof field(meta, "suiteVersion") === "string" &&
      typeof field(meta, "schemaHash") === "string"
    );
  },
  "exchanges.har": (text) => field(field(field(jsonOf(text), "log"), "creator"), "name") === SUITE,
  "junit.xml": (text) => new RegExp(`<testsuites name="${SUITE}[ "]`).test(text),
  "index.html": (text) =>
    new RegExp(`<meta name="generator" content="${SUITE}[ "]`).test(text) ||
    new RegExp(`<title>[^<]* · ${SUITE} · [^<]*</title>`).test(text),
};

/** Whether `path`, named `name` (a report file's name), holds a report of this suite; false when it cannot be read. */
export function isSuiteReport(path: string, name: string): boolean {
  const marker = MARKERS[name];
  if (marker === undefined) return false;
  try {
    return marker(readFileSync(path, "utf8"));
  } catch {
    return false;
  }
}
