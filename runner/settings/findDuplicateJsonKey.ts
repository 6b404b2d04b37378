/**
 * The first key a JSON object of `text` gives twice, at any depth (issue 50.5): JSON.parse keeps the last one
 * silently, so a config file that says "profile" twice ran with whichever came second. `text` is JSON already.
 */

/** A key given twice: where (the keys leading to it) and both values as written. */
export interface DuplicateJsonKey {
  readonly path: readonly string[];
  readonly first: string;
  readonly second: string;
}

/** One open object or array while the text is walked. */
interface Frame {
  readonly isObject: boolean;
  readonly path: readonly string[];
  readonly values: Map<string, string>;
  key?: string;
  valueStart?: number;
}

/** The index just past the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
  return index + 1;
}

/** Closes the member of `frame` that ends at `end`; the duplicate when its key was given before. */
function closeMember(frame: Frame, text: string, end: number): DuplicateJsonKey | undefined {
  const { key, valueStart } = frame;
  frame.key = undefined;
  frame.valueStart = undefined;
  if (!frame.isObject || key === undefined || valueStart === undefined) return undefined;
  const value = text.slice(valueStart, end).trim();
  const first = frame.values.get(key);
  if (first !== undefined) return { path: [...frame.path, key], first, second: value };
  frame.values.set(key, value);
  return undefined;
}

/** The frame of an object or array opened as a value of `parent` (at the top when there is none). */
function openedIn(parent: Frame | undefined, isObject: boolean): Frame {
  const path =
    parent?.isObject === true && parent.key !== undefined ? [...parent.path, parent.key] : (parent?.path ?? []);
  return { isObject, path, values: new Map() };
}

/** The first duplicate key of the JSON `text`, or undefined when every object's keys are distinct. */
export function findDuplicateJsonKey(text: string): DuplicateJsonKey | undefined {
  const stack: Frame[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    const top = stack.at(-1);
    if (char === '"') {
      const end = endOfString(text, index);
      if (top?.isObject === true && top.key === undefined) top.key = JSON.parse(text.slice(index, end)) as string;
      index = end;
      continue;
    }
    if (char === ":" && top) top.valueStart = index + 1;
    else if (char === "{" || char === "[") stack.push(openedIn(top, char === "{"));
    else if (char === "," || char === "}" || char === "]") {
      const duplicate = top ? closeMember(top, text, index) : undefined;
      if (duplicate) return duplicate;
      if (char !== ",") stack.pop();
    }
    index += 1;
  }
  return undefined;
}
