/**
 * The one escaping function of the HTML report: every piece of text that reaches the page
 * (target-supplied or ours) goes through it, in element content and in quoted attributes.
 */
import { showInvisible } from "../showInvisible.js";

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A C0 control or DEL shown as its JSON escape (\u001b), so it is visible, inert and readable in any font. */
function visibleControl(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Escapes text for HTML content or a double- or single-quoted attribute; control characters become visible \uXXXX text. */
export function escapeHtml(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return showInvisible(text)
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, visibleControl)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}
