/**
 * Every text a report holds is bounded (issue 24.4): a waiver reason, a message or a note of 30 MB
 * would otherwise make a junit.xml of 90 MB that XML parsers refuse. A longer text keeps its head
 * and says how much was left out.
 */

/** Most characters of one text in a report (a message, a reason, a note); exchanges are bounded where they are recorded. */
export const MAX_REPORT_TEXT = 64 * 1024;

/** `text` cut to `max` characters (never inside a surrogate pair), with how many were left out. */
export function boundText(text: string, max = MAX_REPORT_TEXT): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… (${text.length - end} characters left out)`;
}

/**
 * The reproduce line bounded like any text but never cut (issue 24.1): a cut line could end inside
 * a quote and mean something else when pasted, so a longer one is replaced by a shell comment.
 */
export function boundCommandLine(line: string, max = MAX_REPORT_TEXT): string {
  if (line.length <= max) return line;
  return `# the command line that reproduces this run is ${line.length} characters long, more than the ${max} a report keeps of one text`;
}
