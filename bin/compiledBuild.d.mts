/** The compiled CLI's URL under `root` when dist/ is current, or undefined (run the sources through tsx). */
export function compiledEntry(root: string): URL | undefined;
