/**
 * Proofs of the claims in runner/http/redactSecrets.ts: the short secrets' list, the default wording test,
 * the sentence matchers' cache key and the body's fast path change nothing any redaction writes. Original and
 * mutant redactors are built from the same secrets (short and long, some of them inside others) and asked the
 * same texts, headers, bodies (with escapes) and sentences, while the suite's wording learns secrets between
 * calls, as the console's does.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sideBySide, type MutantSpec } from "./sideBySide.js";

type RedactModule = typeof import("../../../runner/http/redactSecrets.js");

const FILE = "runner/http/redactSecrets.ts";

const CLAIMS: readonly MutantSpec[] = [
  { file: FILE, mutator: "MethodExpression", at: "secrets.filter((secret) => secret.value.length < MIN_SECRET_LENGTH)" },
  { file: FILE, mutator: "ArrowFunction", at: "() => false);\n  // Sentences are few" },
  { file: FILE, mutator: "StringLiteral", at: '"\\u0000");\n    let matcher' },
  { file: FILE, mutator: "LogicalOperator", at: 'long.length > 0 && value.includes("\\\\")' },
  { file: FILE, mutator: "StringLiteral", at: '"\\\\")) {\n        const decoded' },
];

const CHARACTERS = [..."abcdeXYZ019-_.~+/=%\\\"'ßµ "];
const secretText = fc
  .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 12 })
  .map((characters) => characters.join("").trim())
  .filter((text) => text !== "");

/** How a secret shows up in a text: as written, upper-cased, JSON-escaped, quoted, or after "Bearer ". */
const ECHOES: readonly ((secret: string) => string)[] = [
  (secret) => secret,
  (secret) => secret.toUpperCase(),
  (secret) => [...secret].map((c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`).join(""),
  (secret) => JSON.stringify(secret),
  (secret) => `Bearer ${secret}`,
];

const call = fc.record({
  kind: fc.constantFrom("text", "headerValue", "authorization", "otherHeader", "body", "suiteText"),
  parts: fc.array(fc.oneof(fc.tuple(fc.nat(3), fc.nat(ECHOES.length - 1)), fc.string({ maxLength: 6 })), {
    maxLength: 5,
  }),
  cut: fc.boolean(),
  learn: fc.option(fc.nat(3), { nil: undefined }),
});

const scenario = fc.record({
  secrets: fc.uniqueArray(secretText, { minLength: 1, maxLength: 4 }),
  calls: fc.array(call, { minLength: 1, maxLength: 8 }),
  withWording: fc.boolean(),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Everything the redactor of `module` writes for a scenario. */
function written(module: RedactModule, drawn: Scenario): string[] {
  const wording = new Set<string>();
  const redactor = module.createRedactor(
    drawn.secrets.map((value, index) => ({ value, placeholder: `$CMS_SECRET_${index}` })),
    drawn.withWording ? { inSuiteWording: (secret) => wording.has(secret) } : {},
  );
  return drawn.calls.map(({ kind, parts, cut, learn }) => {
    const secret = (index: number) => drawn.secrets[index % drawn.secrets.length] as string;
    if (learn !== undefined) wording.add(secret(learn).toLowerCase());
    const text = parts
      .map((part) => (typeof part === "string" ? part : (ECHOES[part[1]] as (s: string) => string)(secret(part[0]))))
      .join(" ");
    if (kind === "text") return redactor.text(text, { textWasCut: cut });
    if (kind === "headerValue") return redactor.headerValue(text);
    if (kind === "authorization") return redactor.header("Authorization", text);
    if (kind === "otherHeader") return redactor.header("X-Trace", text);
    if (kind === "body") return redactor.body(`{"echo":"${text}"}`, { textWasCut: cut });
    return redactor.suiteText(text);
  });
}

describe.each(CLAIMS.map((claim) => [`${claim.mutator} at ${JSON.stringify(claim.at.split("\n")[0])}`, claim] as const))(
  "createRedactor (%s)",
  (_name, claim) => {
    it("writes the same text, headers, bodies and sentences as the original", async () => {
      const { original, mutant } = await sideBySide<RedactModule>(claim);
      fc.assert(
        fc.property(scenario, (drawn) => {
          expect(written(mutant, drawn)).toEqual(written(original, drawn));
        }),
        { numRuns: 200 },
      );
    });
  },
);

it("the scenarios redact (the comparison sees redaction happen)", async () => {
  const { original } = await sideBySide<RedactModule>(CLAIMS[0] as MutantSpec);
  const out = written(original, {
    secrets: ["abcde-token", "ab"],
    withWording: false,
    calls: [
      { kind: "body", parts: [[0, 2], [1, 3]], cut: false, learn: undefined },
      { kind: "authorization", parts: [[1, 4]], cut: false, learn: undefined },
    ],
  });
  expect(out.join("\n")).not.toMatch(/abcde-token|\\u0061\\u0062\\u0063/);
  expect(out.join("\n")).toContain("$CMS_SECRET_0");
});
