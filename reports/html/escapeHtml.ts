/**
 * The one escaping function of the HTML report: every piece of text that reaches the page
 * (target-supplied or ours) goes through it, in element content and in quoted attributes.
 */

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A C0 control or DEL shown as its Unicode "control picture" (U+2400…), so it is visible and inert. */
function controlPicture(char: string): string {
  const code = char.charCodeAt(0);
  return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
}

/** Escapes text for HTML content or a double- or single-quoted attribute; control characters become visible symbols. */
export function escapeHtml(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return text
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, controlPicture)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}
