/** Where a body stops being UTF-8 (RFC 3629 §4): the first byte that starts no well-formed sequence. */

/** A byte that is not UTF-8 where it stands, and the bytes from it (at most 4, in hex), e.g. { offset: 37, bytes: "e1 20 70 72" }. */
export interface InvalidUtf8 {
  readonly offset: number;
  readonly bytes: string;
}

/** The bytes a sequence led by `lead` continues with, and the range its second byte must fall in (RFC 3629 §4). */
function sequenceOf(lead: number): { length: number; low: number; high: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 2, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { length: 3, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { length: 3, low: 0x80, high: 0x9f }; // no surrogates
  if (lead >= 0xe1 && lead <= 0xef) return { length: 3, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { length: 4, low: 0x90, high: 0xbf };
  if (lead === 0xf4) return { length: 4, low: 0x80, high: 0x8f };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 4, low: 0x80, high: 0xbf };
  return undefined;
}

/** The length of the well-formed sequence at `at`, or 0 when none starts there. */
function sequenceLength(body: Uint8Array, at: number): number {
  const lead = body[at] as number;
  if (lead < 0x80) return 1;
  const sequence = sequenceOf(lead);
  if (!sequence || at + sequence.length > body.length) return 0;
  const second = body[at + 1] as number;
  if (second < sequence.low || second > sequence.high) return 0;
  for (let next = at + 2; next < at + sequence.length; next += 1) {
    const byte = body[next] as number;
    if (byte < 0x80 || byte > 0xbf) return 0;
  }
  return sequence.length;
}

/** The first byte of `body` that is not UTF-8, or undefined when all of it is (one pass). */
export function firstInvalidUtf8(body: Uint8Array): InvalidUtf8 | undefined {
  for (let at = 0; at < body.length;) {
    const length = sequenceLength(body, at);
    if (length === 0) {
      const shown = [...body.subarray(at, at + 4)].map((byte) => byte.toString(16).padStart(2, "0"));
      return { offset: at, bytes: shown.join(" ") };
    }
    at += length;
  }
  return undefined;
}
