/**
 * Configuration that cannot be half-given (issue 41.1): a base URL given but empty, and a CMS_ variable
 * that is a typo of one the suite reads. Either would otherwise run the bundled reference, or skip the
 * checks the variable was meant for, and let a CI gate pass by accident.
 */
import { ConfigurationError } from "../model/ConfigurationError.js";
import { editDistance } from "./closestName.js";

/** How far a CMS_ variable may be from a known one and still be read as its typo. */
const TYPO_DISTANCE = 2;

/** The sentence refusing a base URL given empty; `name` says where it was given (--base-url, CMS_BASE_URL, a config file's key). */
export function emptyBaseUrlSentence(name: string): string {
  const source = name.startsWith("CMS_") ? "is set but empty" : "is given but empty";
  return (
    `${name} ${source} (a CI secret that is missing or unreadable?); give the target's URL, or leave the ` +
    `base URL out of every source to run the bundled reference server`
  );
}

/** Refuses a CMS_ environment variable within two edits of a variable in `known` (exit 2), naming the known one. */
export function refuseMistypedVariables(env: NodeJS.ProcessEnv, known: readonly string[]): void {
  for (const name of Object.keys(env).sort()) {
    const upper = name.toUpperCase();
    if (!upper.startsWith("CMS_") || known.includes(name)) continue;
    const nearest = known
      .map((candidate) => ({ candidate, far: editDistance(upper, candidate) }))
      .filter(({ far }) => far <= TYPO_DISTANCE)
      .sort((a, b) => a.far - b.far)[0];
    if (nearest)
      throw new ConfigurationError(
        `the environment variable ${name} is not one cms-conformance reads; did you mean ${nearest.candidate}? Rename it, or unset it`,
      );
  }
}
