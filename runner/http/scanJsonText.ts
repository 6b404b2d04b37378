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

/** The end (exclusive) of the scalar at `index` (a string, number or literal), or -1 when it is none. */
function scalarEnd(text: string, index: number, code: number): number {
  if (code === 0x22) return stringEnd(text, index);
  if (code === 0x2d || (code >= 0x30 && code <= 0x39)) return numberEnd(text, index);
  if (text.startsWith("true", index) || text.startsWith("null", index)) return index + 4;
  if (text.startsWith("false", index)) return index + 5;
  return -1;
}

/** One scan's state: the open containers and what was found; each step reads one token and says where the next starts (-1: stop). */
class TextScan {
  readonly fractionOrExponent: WrittenNumber[] = [];
  readonly repeatedNames: RepeatedName[] = [];
  private readonly stack: Frame[] = [];
  private expectName = false;

  constructor(private readonly text: string) {}

  /** Scans the whole text. */
  run(): JsonTextScan {
    for (let index = 0; index < this.text.length;) {
      index = this.step(index);
      if (index < 0) return this.result(true);
    }
    return this.result(this.stack.length > 0);
  }

  private result(stopped: boolean): JsonTextScan {
    return { fractionOrExponent: this.fractionOrExponent, repeatedNames: this.repeatedNames, stopped };
  }

  /** Reads the token at `index`; returns where the next one starts, or -1 at something that is not JSON. */
  private step(index: number): number {
    const code = this.text.charCodeAt(index);
    if (WHITESPACE.has(code) || code === 0x3a || code === 0xfeff) return index + 1;
    const top = this.stack[this.stack.length - 1];
    if (code === 0x2c) return this.comma(top, index);
    if (code === 0x22 && this.expectName && top?.object) return this.name(top, index);
    if (code === 0x7d || code === 0x5d) return this.close(top, code === 0x7d, index);
    if (top?.object) top.valueStart = index;
    if (code === 0x7b || code === 0x5b) return this.open(code === 0x7b, index);
    return this.scalar(index, code);
  }

  /** A string, number or literal; a number written with a fraction or an exponent is kept with its path. */
  private scalar(index: number, code: number): number {
    const end = scalarEnd(this.text, index, code);
    if (end < 0) return -1;
    const number = code === 0x2d || (code >= 0x30 && code <= 0x39);
    if (number && this.fractionOrExponent.length < MAX_SCAN_FINDINGS) {
      const written = this.text.slice(index, end);
      if (/[.eE]/.test(written)) this.fractionOrExponent.push({ path: pathOf(this.stack), text: written });
    }
    this.valueEnded(end);
    return end;
  }

  /** A comma: the next member of an object, the next item of an array. */
  private comma(top: Frame | undefined, index: number): number {
    if (!top) return -1;
    if (top.object) this.expectName = true;
    else top.index += 1;
    return index + 1;
  }

  /** An opening bracket or brace: a container whose values follow. */
  private open(object: boolean, index: number): number {
    const names = object ? new Map<string, [number, number]>() : undefined;
    this.stack.push({ object, index: 0, name: undefined, valueStart: index, names, repeated: undefined });
    this.expectName = object;
    return index + 1;
  }

  /** A closing bracket or brace: the container ends, and with it its parent's current value. */
  private close(top: Frame | undefined, object: boolean, index: number): number {
    if (!top || top.object !== object) return -1;
    this.stack.pop();
    this.expectName = false;
    this.valueEnded(index + 1);
    return index + 1;
  }

  /** Reads a member name at `index` of the object `top`, noting whether the object has it already. */
  private name(top: Frame, index: number): number {
    const end = stringEnd(this.text, index);
    if (end < 0) return -1;
    const raw = this.text.slice(index, end);
    const name = raw.includes("\\") ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    const first = top.names?.get(name);
    top.name = name;
    top.repeated = first === undefined ? undefined : { name, first };
    this.expectName = false;
    return end;
  }

  /** A value of the top container ended at `end`: a repeated name's later value is complete. */
  private valueEnded(end: number): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame?.object || frame.name === undefined) return;
    if (frame.repeated && this.repeatedNames.length < MAX_SCAN_FINDINGS) {
      const [from, to] = frame.repeated.first;
      this.repeatedNames.push({
        path: pathOf(this.stack, this.stack.length - 1),
        name: frame.repeated.name,
        firstValue: this.text.slice(from, to),
        laterValue: this.text.slice(frame.valueStart, end),
      });
    } else if (!frame.repeated) frame.names?.set(frame.name, [frame.valueStart, end]);
    frame.repeated = undefined;
  }
}

/** Scans `text` (JSON that parsed) for numbers with a fraction or an exponent and repeated member names. */
export function scanJsonText(text: string): JsonTextScan {
  return new TextScan(text).run();
}
