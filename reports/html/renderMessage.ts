/** A verdict's message as HTML: its first line as a paragraph, the further findings ("- …" lines) as a list. */
import { html, type SafeHtml } from "./html.js";

/** The first line of a message: what a one-line summary shows. */
export function firstLine(message: string): string {
  return message.split("\n", 1)[0] ?? "";
}

/** `<p>` for the text, `<ul class="findings">` for lines that start with "- " (runner/engine/Judgement adds one per further finding). */
export function renderMessage(message: string): SafeHtml {
  const lines = message.split("\n");
  const text = lines.filter((line) => !line.startsWith("- "));
  const items = lines.filter((line) => line.startsWith("- ")).map((line) => line.slice(2));
  const findings =
    items.length > 0 ? html`<ul class="findings">${items.map((item) => html`<li>${item}</li>`)}</ul>` : "";
  return html`<p class="message">${text.join(" ")}</p>${findings}`;
}
