/**
 * Redaction as a property (issue 24.3): for any two secrets and any text that echoes them in any
 * form — as written, re-cased under Unicode folding (KELVIN SIGN, LONG S), JSON- or URL-escaped,
 * hex, base64 or base64url at any alignment, HTML character references, split by invisible
 * characters — no form survives, every character around them does, and redacting twice changes
 * nothing. The oracle decodes what was written on its own (Buffer, a small decoder of its own),
 * it does not ask the module what the forms are.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor, MIN_SECRET_LENGTH } from "../../../../runner/http/redactSecrets.js";
import { shows } from "../../support/secretOracle.js";

const PLACEHOLDERS = ["$CMS_TOKEN", "$CMS_CLIENT_ID"] as const;
/** What secrets are made of: what a header value can carry, with the characters escapes and folding care about. */
const SECRET_CHARACTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=%&#;\\\"'ßéµÿ"];
/** What stands around the forms: nothing a secret or an encoding is made of, so each must come out as it went in. */
const FILLER_CHARACTERS = [..." ,:!()[]{}<>|@*?"];
const INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u2066"];

/** Some secrets start like a placeholder's text, so that a placeholder already written could pass for one. */
const secretArbitrary = fc
  .tuple(
    fc.constantFrom("", "", "TOKEN", "CMS_TOKEN", "CLIENT_ID"),
    fc.array(fc.constantFrom(...SECRET_CHARACTERS), { minLength: 8, maxLength: 24 }),
  )
  .map(([start, characters]) => start + characters.join(""));
const fillerArbitrary = fc
  .array(fc.constantFrom(...FILLER_CHARACTERS), { minLength: 1, maxLength: 8 })
  .map((characters) => characters.join(""));

const utf8 = (text: string) => Buffer.from(text, "utf8");
const codeOf = (character: string) => character.codePointAt(0) ?? 0;

/** Each character re-cased on its own: upper, lower, or a letter that folds to it (KELVIN SIGN, LONG S, ẞ). */
function recased(secret: string, choices: readonly number[]): string {
  return [...secret]
    .map((character, index) => {
      const choice = choices[index % choices.length] ?? 0;
      if (choice === 2 && character.toLowerCase() === "k") return "\u212a";
      if (choice === 2 && character.toLowerCase() === "s") return "\u017f";
      if (choice === 2 && character === "ß") return "\u1e9e";
      const upper = character.toUpperCase();
      return choice === 1 && [...upper].length === 1 ? upper : character.toLowerCase();
    })
    .join("");
}

/** The ways a target echoes a secret; `choices` vary each within its kind. */
const FORMS: Readonly<Record<string, (secret: string, choices: readonly number[]) => string>> = {
  plain: (secret) => secret,
  recased,
  upperCased: (secret) => secret.toUpperCase(),
  jsonEscaped: (secret, choices) =>
    [...secret]
      .map((c, i) =>
        choices[i % choices.length] === 0
          ? JSON.stringify(c).slice(1, -1)
          : `\\u${codeOf(c).toString(16).padStart(4, "0")}`,
      )
      .join(""),
  urlEncoded: (secret, choices) =>
    choices[0] === 0
      ? encodeURIComponent(secret)
      : [...utf8(secret)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""),
  hex: (secret, choices) => {
    const hex = utf8(`${["", "B", "Bearer "][(choices[0] ?? 0) % 3]}${secret}`).toString("hex");
    return choices[1] === 1 ? hex.toUpperCase() : hex;
  },
  base64: (secret, choices) =>
    utf8(`${["", "B", "Be", "Bearer "][(choices[0] ?? 0) % 4]}${secret}`).toString(
      choices[1] === 1 ? "base64url" : "base64",
    ),
  htmlReferences: (secret, choices) =>
    [...secret]
      .map((c, i) => {
        const choice = choices[i % choices.length];
        return choice === 0 ? `&#${codeOf(c)};` : choice === 1 ? `&#x${codeOf(c).toString(16)};` : c;
      })
      .join(""),
  invisibleSplit: (secret, choices) =>
    [...secret].map((c, i) => `${c}${INVISIBLE[(choices[i % choices.length] ?? 0) % INVISIBLE.length]}`).join(""),
};

const echoArbitrary = fc.record({
  secret: fc.constantFrom(0, 1),
  form: fc.constantFrom(...Object.keys(FORMS)),
  choices: fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 8 }),
});

describe("redaction as a property (issue 24.3)", () => {
  it("no form of any secret survives, every character around them does, and redacting twice changes nothing", () => {
    fc.assert(
      fc.property(
        secretArbitrary,
        secretArbitrary,
        fc.array(fc.tuple(fillerArbitrary, echoArbitrary), { minLength: 1, maxLength: 4 }),
        fillerArbitrary,
        (token, clientId, echoes, last) => {
          fc.pre(!token.toLowerCase().includes(clientId.toLowerCase()));
          fc.pre(!clientId.toLowerCase().includes(token.toLowerCase()));
          const secrets = [token, clientId];
          const text =
            echoes
              .map(
                ([filler, echo]) =>
                  `${filler} ${FORMS[echo.form]?.(secrets[echo.secret] ?? token, echo.choices) ?? ""} `,
              )
              .join("") + last;
          const redactor = createRedactor([
            { value: token, placeholder: PLACEHOLDERS[0] },
            { value: clientId, placeholder: PLACEHOLDERS[1] },
          ]);
          const written = redactor.text(text);
          for (const secret of secrets) expect(shows(written, secret), JSON.stringify({ text, written })).toBe(false);
          // Every filler, in order, character for character.
          let from = 0;
          for (const filler of [...echoes.map(([filler]) => filler), last]) {
            const at = written.indexOf(filler, from);
            expect(at, JSON.stringify({ text, written, filler })).toBeGreaterThanOrEqual(0);
            from = at + filler.length;
          }
          expect(redactor.text(written)).toBe(written);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a text cut inside a re-cased secret loses its start and nothing before it; cutting it again changes nothing", () => {
    fc.assert(
      fc.property(
        secretArbitrary,
        fillerArbitrary,
        fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (token, filler, choices, cut) => {
          const echo = recased(token, choices);
          // A cut between MIN_SECRET_LENGTH characters and the whole secret.
          const characters = [...echo];
          const kept = MIN_SECRET_LENGTH + (cut % (characters.length - MIN_SECRET_LENGTH));
          const text = `${filler} ${characters.slice(0, kept).join("")}`;
          const redactor = createRedactor([{ value: token, placeholder: PLACEHOLDERS[0] }]);
          const written = redactor.text(text, { textWasCut: true });
          expect(written, JSON.stringify({ text })).toBe(`${filler} ${PLACEHOLDERS[0]}`);
          expect(redactor.text(written, { textWasCut: true })).toBe(written);
        },
      ),
      { numRuns: 300 },
    );
  });
});
