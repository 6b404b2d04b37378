/**
 * One linear scan of a JSON text that keeps what JSON.parse forgets: how each number was written (`10.0`,
 * `1e1` and `10` parse to one value) and member names that repeat inside one object (JSON.parse keeps the
 * last). For text JSON.parse accepted: no recursion (a stack of open containers), no value rebuilt, and
 * it stops, saying so, at anything that is not JSON.
 */

/** A place in the text: object member names and array indices from the root. */
export type JsonTextPath = readonly (string | number)[];

/** A number written with a fraction or an exponent, as sent. */
export interface WrittenNumber {
  readonly path: JsonTextPath;
  readonly text: string;
}

/** A member name written twice in one object, with the text of both values. */
export interface RepeatedName {
  /** The object's place. */
  readonly path: JsonTextPath;
  readonly name: string;
  readonly firstValue: string;
  readonly laterValue: string;
}

/** What the scan found. */
export interface JsonTextScan {
  /** Numbers written with a fraction or an exponent (`10.0`, `1e1`, `-0.0`), in document order. */
  readonly fractionOrExponent: readonly WrittenNumber[];
  readonly repeatedNames: readonly RepeatedName[];
  /** True when the scan stopped at something that is not JSON (then the lists hold what came before). */
  readonly stopped: boolean;
}

/** An open container: its kind, the index or member name its current value has, and for an object the spans of its members' values. */
interface Frame {
  readonly object: boolean;
  index: number;
  name: string | undefined;
  valueStart: number;
  /** Names seen, with the span of their first value; a repeated name waits here for its later value's end. */
  readonly names: Map<string, [number, number]> | undefined;
  repeated: { name: string; first: [number, number] } | undefined;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The end (exclusive) of the string that opens at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index += 1;
    else if (code === 0x22) return index + 1;
  }
  return -1;
}

/** The end (exclusive) of the number that starts at `start`. */
function numberEnd(text: string, start: number): number {
  let index = start;
  for (; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const digit = code >= 0x30 && code <= 0x39;
    // - + . e E
    if (!digit && code !== 0x2d && code !== 0x2b && code !== 0x2e && code !== 0x65 && code !== 0x45) break;
  }
  return index;
}

/** The path of the value being read: every open container's current index or name. */
function pathOf(stack: readonly Frame[], depth = stack.length): (string | number)[] {
  return stack.slice(0, depth).map((frame) => (frame.object ? (frame.name ?? "") : frame.index));
}

/** Most findings of each kind kept: a hostile body of a million `1.0` costs one scan, not a million records. */
export const MAX_SCAN_FINDINGS = 100;

/** Scans `text` (JSON that parsed) for numbers with a fraction or an exponent and repeated member names. */
export function scanJsonText(text: string): JsonTextScan {
  const fractionOrExponent: WrittenNumber[] = [];
  const repeatedNames: RepeatedName[] = [];
  const stack: Frame[] = [];
  let expectName = false;
  /** A value of the top container ended at `end`: a repeated name's later value is complete. */
  const valueEnded = (end: number): void => {
    const frame = stack[stack.length - 1];
    if (!frame?.object || frame.name === undefined) return;
    if (frame.repeated && repeatedNames.length < MAX_SCAN_FINDINGS) {
      const [from, to] = frame.repeated.first;
      repeatedNames.push({
        path: pathOf(stack, stack.length - 1),
        name: frame.repeated.name,
        firstValue: text.slice(from, to),
        laterValue: text.slice(frame.valueStart, end),
      });
    } else if (!frame.repeated) frame.names?.set(frame.name, [frame.valueStart, end]);
    frame.repeated = undefined;
  };
  const stop = (): JsonTextScan => ({ fractionOrExponent, repeatedNames, stopped: true });
  for (let index = 0; index < text.length;) {
    const code = text.charCodeAt(index);
    if (WHITESPACE.has(code) || code === 0x3a || code === 0xfeff) {
      index += 1;
      continue;
    }
    const top = stack[stack.length - 1];
    if (code === 0x2c) {
      if (!top) return stop();
      if (top.object) expectName = true;
      else top.index += 1;
      index += 1;
      continue;
    }
    if (code === 0x22 && expectName && top?.object) {
      const end = stringEnd(text, index);
      if (end < 0) return stop();
      const raw = text.slice(index, end);
      const name = raw.includes("\\") ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      const first = top.names?.get(name);
      top.name = name;
      top.repeated = first === undefined ? undefined : { name, first };
      expectName = false;
      index = end;
      continue;
    }
    if (code === 0x7d || code === 0x5d) {
      if (!top || top.object !== (code === 0x7d)) return stop();
      stack.pop();
      index += 1;
      expectName = false;
      valueEnded(index);
      continue;
    }
    if (top?.object) top.valueStart = index;
    if (code === 0x7b || code === 0x5b) {
      const object = code === 0x7b;
      stack.push({
        object,
        index: 0,
        name: undefined,
        valueStart: index,
        names: object ? new Map() : undefined,
        repeated: undefined,
      });
      expectName = object;
      index += 1;
      continue;
    }
    let end: number;
    if (code === 0x22) end = stringEnd(text, index);
    else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      end = numberEnd(text, index);
      const written = text.slice(index, end);
      if (/[.eE]/.test(written) && fractionOrExponent.length < MAX_SCAN_FINDINGS)
        fractionOrExponent.push({ path: pathOf(stack), text: written });
    } else if (text.startsWith("true", index) || text.startsWith("null", index)) end = index + 4;
    else if (text.startsWith("false", index)) end = index + 5;
    else return stop();
    if (end < 0) return stop();
    index = end;
    valueEnded(index);
  }
  return { fractionOrExponent, repeatedNames, stopped: stack.length > 0 };
}
