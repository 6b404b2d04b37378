/**
 * The template function of the HTML report: every interpolated value goes through escapeHtml
 * unless it is SafeHtml made by this same function, so a forgotten escape cannot happen.
 */
import { escapeHtml } from "./escapeHtml.js";

/** Markup produced by `html` (already escaped), safe to interpolate as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; arrays are joined; SafeHtml passes through. */
export function html(strings: TemplateStringsArray, ...values: readonly unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}
