/** A line of progress on standard error (the tables go to standard output). */
export const progress = (line: string): void => void process.stderr.write(`${line}\n`);
