/**
 * Does a written text still show a secret? An oracle for redaction tests that decodes on its own
 * (its own decoder, Buffer at every offset) instead of asking the redaction module for the forms.
 * Placeholders ($CMS_…, [REDACTED]) are taken out first: they are what redaction writes.
 */

/** The oracle's own decoder: invisible characters out, HTML references (&amp; first, as an HTML or XML writer escapes them), \u escapes and %XX of ASCII decoded. */
function decoded(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/\p{Default_Ignorable_Code_Point}/gu, "")
    .replace(/&#[xX]([0-9a-fA-F]+);?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Every way to read the runs of encoding characters in the text as base64, base64url or hex, at every offset. */
function decodedRuns(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/[A-Za-z0-9+/_=-]{6,}/g) ?? []) {
    for (let offset = 0; offset < 4; offset += 1) {
      out.push(Buffer.from(run.slice(offset), "base64").toString("utf8"));
      out.push(Buffer.from(run.slice(offset), "base64url").toString("utf8"));
    }
  }
  for (const run of text.match(/[0-9a-fA-F]{6,}/g) ?? []) {
    for (let offset = 0; offset < 2; offset += 1) out.push(Buffer.from(run.slice(offset), "hex").toString("utf8"));
  }
  return out;
}

/** True when the text shows the secret in a form the oracle can read: folded, upper-cased, decoded, or the middle of it encoded. */
export function shows(text: string, secret: string): boolean {
  const visible = decoded(text.replace(/\$CMS_[A-Z0-9_]+|\[REDACTED\]/g, "\u0000"));
  const folded = new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "iu");
  // The edges of an encoded secret share their characters with what stands beside it; its middle is its own.
  const middle = secret.slice(1, -1);
  return (
    folded.test(visible) ||
    visible.toUpperCase().includes(secret.toUpperCase()) ||
    decodedRuns(visible).some((run) => run.includes(middle))
  );
}
