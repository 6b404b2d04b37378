/**
 * Probes of the faults in the bytes of JSON (issue 49): integers written 10.0 or 1E+1, an answer in
 * Latin-1, a request refused for its \u escapes, escaped surrogate pairs decoded wrongly. Same contract as
 * FAULT_PROBES: the reference keeps the rule, the fault breaks it.
 */
import { expect } from "vitest";
import type { ProbeContext } from "./faultProbes.js";
import { asObject, call, headersFor, PATHS } from "./referenceClient.js";

/** The first landing page's title that holds a character beyond the BMP, on `base`. */
async function titleBeyondBmp(context: ProbeContext, base: string): Promise<string> {
  const answer = await call(base, PATHS.listLandingPages, {
    body: { pagination: { pageNumber: 0, pageSize: 50 } },
    headers: headersFor(context.server, "admin"),
  });
  const titles = (asObject(answer.json).landingPages as unknown[]).map((page) => String(asObject(page).title));
  const title = titles.find((text) => [...text].some((char) => char.length > 1));
  if (title === undefined) throw new Error(`no title beyond the BMP among ${JSON.stringify(titles)}`);
  return title;
}

/** `text` with every character beyond ASCII as \u escapes (a surrogate pair beyond the BMP). */
const escaped = (text: string): string =>
  Array.from({ length: text.length }, (_, index) => text.charCodeAt(index))
    .map((unit) => (unit > 0x7f ? `\\u${unit.toString(16).padStart(4, "0")}` : String.fromCharCode(unit)))
    .join("");

/** Probes by fault name. */
export const JSON_TEXT_FAULT_PROBES: Readonly<Record<string, (context: ProbeContext) => Promise<void>>> = {
  "integers-with-fraction": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", {});
    expect(reference.text).toMatch(/"totalElements":\d+[,}]/);
    expect(faulty.text).toMatch(/"totalElements":\d+\.0[,}]/);
    expect(faulty.json).toEqual(reference.json);
  },
  "integers-exponent": async ({ both }) => {
    const [reference, faulty] = await both("listLandingPages", { pagination: { pageNumber: 0, pageSize: 10 } });
    expect(faulty.text).toMatch(/"totalPages":\d+e0[,}]|"totalPages":\d+E\+\d+[,}]/);
    expect(faulty.json).toEqual(reference.json);
  },
  "latin1-body": async ({ server, reference, faulty }) => {
    const bytes = async (base: string) => {
      const response = await fetch(base + PATHS.listLandingPages, {
        method: "POST",
        headers: headersFor(server, "admin"),
        body: "{}",
      });
      return { type: response.headers.get("content-type"), body: Buffer.from(await response.arrayBuffer()) };
    };
    const [correct, wrong] = [await bytes(reference), await bytes(faulty)];
    expect(correct.body.includes(Buffer.from("á", "utf8"))).toBe(true);
    expect(wrong.body.includes(Buffer.from("á", "utf8"))).toBe(false);
    expect(wrong.body.includes(Buffer.from([0xe1]))).toBe(true);
    expect(wrong.type).toMatch(/iso-8859-1/i);
    expect(JSON.parse(wrong.body.toString("latin1"))).toEqual(JSON.parse(correct.body.toString("utf8")));
  },
  "unicode-escapes-refused": async ({ server, reference, faulty }) => {
    const raw = '{"\\u0070agination":{"pageNumber":0,"pageSize":10}}';
    const headers = headersFor(server, "admin");
    expect((await call(reference, PATHS.listLandingPages, { raw, headers })).status).toBe(200);
    expect((await call(faulty, PATHS.listLandingPages, { raw, headers })).status).toBe(400);
    expect(
      (await call(faulty, PATHS.listLandingPages, { raw: '{"pagination":{"pageNumber":0,"pageSize":10}}', headers }))
        .status,
    ).toBe(200);
  },
  "surrogate-pairs-mangled": async (context) => {
    const title = await titleBeyondBmp(context, context.faulty);
    const headers = headersFor(context.server, "admin");
    const total = async (raw: string) =>
      asObject(asObject((await call(context.faulty, PATHS.listLandingPages, { raw, headers })).json).listInformation)
        .totalElements;
    expect(await total(JSON.stringify({ searchValue: title }))).not.toBe(0);
    expect(await total(`{"searchValue":"${escaped(title)}"}`)).toBe(0);
  },
};
