/** Whether a TypeScript source declares only types: every top-level statement is an import, a type, an interface or a comment. */
export function typesOnly(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const statements = code.split("\n").filter((line) => /^\S/.test(line) && !/^[})\]]/.test(line));
  return statements.every((line) => /^(import|export type|export interface|type|interface)\b/.test(line));
}
