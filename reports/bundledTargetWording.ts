/**
 * How a run against the bundled reference server names its target (issue 41.1): no base URL was given, so
 * nothing of the user's was judged, and every output says so where it names the target.
 */

/** The words that follow the target's URL wherever a report or the console names it. */
export const BUNDLED_TARGET_WORDS = "the bundled reference server: no base URL was given, no target of yours is judged";

/** The target as shown: its URL, and for the bundled server the words saying nothing of the user's is judged. */
export function targetCaption(baseUrl: string, embedded: boolean): string {
  return embedded ? `${baseUrl} (${BUNDLED_TARGET_WORDS})` : baseUrl;
}
