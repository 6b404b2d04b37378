/**
 * SIGINT and SIGTERM stop a run, not the process: the reports of what finished are written; a second
 * signal ends the process at once.
 */
import { EXIT, type CliIo } from "./io.js";

/** Exit codes of a run stopped by a signal (128 + the signal's number, as shells report it). */
const EXIT_ON_SIGNAL = { SIGINT: 130, SIGTERM: 143 } as const;

/** The signals caught while a run lasts. */
export interface StopSignals {
  /** Aborted with the signal's name when one came. */
  readonly signal: AbortSignal;
  /** The exit code of a run a signal stopped; undefined when none came. */
  exitCode(): number | undefined;
  /** Stops catching the signals. */
  release(): void;
}

/** Catches SIGINT and SIGTERM until release(). */
export function catchStopSignals(io: CliIo): StopSignals {
  const interruption = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (interruption.signal.aborted) process.exit(EXIT_ON_SIGNAL[signal as keyof typeof EXIT_ON_SIGNAL]);
    io.stderr.write(
      `\n${signal}: stopping the run and writing the reports of what finished (${signal} again stops at once)\n`,
    );
    interruption.abort(signal);
  };
  for (const signal of Object.keys(EXIT_ON_SIGNAL)) process.on(signal, onSignal);
  return {
    signal: interruption.signal,
    exitCode: () =>
      interruption.signal.aborted
        ? (EXIT_ON_SIGNAL[interruption.signal.reason as keyof typeof EXIT_ON_SIGNAL] ?? EXIT.failed)
        : undefined,
    release: () => {
      for (const signal of Object.keys(EXIT_ON_SIGNAL)) process.off(signal, onSignal);
    },
  };
}
